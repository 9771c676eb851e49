import { z } from "../zod";

export const POLL_PAGE_SIZE = 10;
export const POLL_TEXT_MAX_LENGTH = 200;
export const POLL_OPTIONS = [1, 2, 3] as const;
export type PollOption = (typeof POLL_OPTIONS)[number];

/** Messages of the votes (polls) calls. */
export const POLL_MESSAGES = {
  fieldsRequired: "Please fill in the title and all three options",
  titleTooLong: `The title must be at most ${POLL_TEXT_MAX_LENGTH} characters`,
  optionTooLong: `Each option must be at most ${POLL_TEXT_MAX_LENGTH} characters`,
  invalidOption: "Please choose option 1, 2 or 3",
  pollNotFound: "Poll not found",
  alreadyVoted: "You have already voted in this poll",
  pollDeleted: "Vote deleted successfully",
} as const;

const pollText = (tooLong: string) =>
  z
    .string({ error: POLL_MESSAGES.fieldsRequired })
    .trim()
    .min(1, POLL_MESSAGES.fieldsRequired)
    .max(POLL_TEXT_MAX_LENGTH, tooLong);

/** Creating and editing a poll need the title and all three options (docs/product.md#8-validation-and-messages). */
export const PollInputSchema = z.object(
  {
    title: pollText(POLL_MESSAGES.titleTooLong),
    optionOne: pollText(POLL_MESSAGES.optionTooLong),
    optionTwo: pollText(POLL_MESSAGES.optionTooLong),
    optionThree: pollText(POLL_MESSAGES.optionTooLong),
  },
  { error: POLL_MESSAGES.fieldsRequired },
);
export type PollInput = z.infer<typeof PollInputSchema>;

export const CastVoteInputSchema = z.object(
  {
    // The OpenAPI generator documents only the first value of a literal of several: say them all.
    option: z.literal(POLL_OPTIONS, { error: POLL_MESSAGES.invalidOption }).meta({ enum: [...POLL_OPTIONS] }),
  },
  { error: POLL_MESSAGES.invalidOption },
);
export type CastVoteInput = z.infer<typeof CastVoteInputSchema>;
