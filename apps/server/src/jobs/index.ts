export {
  createJobQueue,
  type JobHandlers,
  type JobQueue,
  PUBLISH_DUE_POSTS,
  RUN_IMPORT,
  SEND_NEWSLETTER_BATCH,
  SEND_PASSWORD_RESET,
  START_NEWSLETTER_SEND,
  SWEEP_IMPORTS,
  SWEEP_NEWSLETTER_SENDS,
} from "./job-queue";
