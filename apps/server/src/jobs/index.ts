export {
  createJobQueue,
  type JobHandlers,
  type JobQueue,
  PUBLISH_DUE_POSTS,
  RUN_IMPORT,
  SEND_PASSWORD_RESET,
  SWEEP_IMPORTS,
} from "./job-queue";
