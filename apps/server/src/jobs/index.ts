export {
  createJobQueue,
  type JobHandlers,
  type JobQueue,
  PUBLISH_DUE_POSTS,
  RUN_IMPORT,
  SEND_PASSWORD_RESET,
  SEND_SUBSCRIBE_CONFIRMATION,
  type SubscribeConfirmationJob,
  SWEEP_IMPORTS,
} from "./job-queue";
export { queuedOrHere } from "./queued-or-here";
