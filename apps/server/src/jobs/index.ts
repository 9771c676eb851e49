export { createJobQueue, type JobHandlers, type JobQueue, PUBLISH_DUE_POSTS, SEND_PASSWORD_RESET } from "./job-queue";
