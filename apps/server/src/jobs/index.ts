export {
  createJobQueue,
  type JobHandlers,
  type JobQueue,
  PUBLISH_DUE_POSTS,
  RUN_IMPORT,
  SEND_NEWSLETTER_BATCH,
  SEND_PASSWORD_RESET,
  SEND_SUBSCRIBE_CONFIRMATION,
  START_NEWSLETTER_SEND,
  type SubscribeConfirmationJob,
  SWEEP_IMPORTS,
  SWEEP_NEWSLETTER_SENDS,
} from "./job-queue";
export { queuedOrHere } from "./queued-or-here";
