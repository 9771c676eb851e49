import { CastVoteInputSchema, MAX_PAGE_SIZE, POLL_MESSAGES, POLL_PAGE_SIZE, PollInputSchema } from "@broadsheet/domain";
import { Hono } from "hono";
import type { Services } from "../../services";
import type { AppEnv } from "../app-env";
import { readJsonInput } from "../body";
import { currentStaff, currentUser } from "../middleware/session";
import { pageQuery } from "../query";

/** /api/votes/*: polls (SPEC.md §7 "Votes"). Anyone reads them, staff manage them, readers vote once. */
export function pollsRoutes(services: Services) {
  return new Hono<AppEnv>()
    .post("/", async (c) => {
      const user = currentStaff(c);
      const input = await readJsonInput(c, PollInputSchema);
      return c.json(await services.polls.createPoll(input, user.id), 201);
    })
    .get("/", async (c) => {
      const query = pageQuery(c, POLL_PAGE_SIZE, MAX_PAGE_SIZE);
      return c.json(await services.polls.listPolls(query, c.get("user")?.id ?? null));
    })
    .put("/vote/:id", async (c) => {
      const user = currentUser(c);
      const input = await readJsonInput(c, CastVoteInputSchema);
      return c.json(await services.polls.castVote(c.req.param("id"), user.id, input.option));
    })
    .get("/:id", async (c) => c.json(await services.polls.getPoll(c.req.param("id"), c.get("user")?.id ?? null)))
    .patch("/:id", async (c) => {
      const user = currentStaff(c);
      const input = await readJsonInput(c, PollInputSchema);
      return c.json(await services.polls.updatePoll(c.req.param("id"), input, user.id));
    })
    .delete("/:id", async (c) => {
      currentStaff(c);
      await services.polls.deletePoll(c.req.param("id"));
      return c.json({ message: POLL_MESSAGES.pollDeleted });
    });
}
