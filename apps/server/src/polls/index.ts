export { createPollsService, type PollsService } from "./polls.service";
