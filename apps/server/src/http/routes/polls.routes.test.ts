import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { signUp, TestAgent } from "../../testing/test-agent";
import { useTestApp } from "../../testing/test-app";
import { testDatabaseKind } from "../../testing/test-database";

const context = useTestApp();
const anonymous = () => new TestAgent(context.app);

let editor: TestAgent;
let admin: TestAgent;
let reader: TestAgent;

beforeAll(async () => {
  editor = (await signUp(context.app, { role: "editor" })).agent;
  admin = (await signUp(context.app, { role: "admin" })).agent;
  reader = (await signUp(context.app, { role: "user" })).agent;
});

const pollBody = (title = `Poll ${randomUUID().slice(0, 8)}`) => ({
  title,
  optionOne: "Yes",
  optionTwo: "No",
  optionThree: "Not sure",
});

async function createPoll(title?: string) {
  const response = await editor.post("/api/votes", pollBody(title));
  expect(response.status).toBe(201);
  return response.body as { _id: string; title: string };
}

const noVotes = { counts: { optionOne: 0, optionTwo: 0, optionThree: 0 }, totalVotes: 0, myVote: null };

describe(`POST /api/votes on ${testDatabaseKind()}`, () => {
  it("creates a poll for an editor with 201 and answers the poll itself, without a message field", async () => {
    const body = pollBody();
    const response = await editor.post("/api/votes", { ...body, title: `  ${body.title}  ` });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      ...body,
      createdAt: expect.any(String),
      ...noVotes,
    });
  });

  it("lets an admin create a poll too", async () => {
    expect((await admin.post("/api/votes", pollBody())).status).toBe(201);
  });

  it("refuses an anonymous visitor with 401 and a reader with 403, before looking at the body", async () => {
    const body = pollBody();
    const anonymousResponse = await anonymous().post("/api/votes", body);
    expect(anonymousResponse.status).toBe(401);
    expect(anonymousResponse.body).toEqual({ message: "Please log in to continue" });
    const readerResponse = await reader.post("/api/votes", body);
    expect(readerResponse.status).toBe(403);
    expect(readerResponse.body).toEqual({ message: "Only editors and admins can do this" });
    expect((await anonymous().post("/api/votes", {})).status).toBe(401);
    expect((await reader.post("/api/votes", {})).status).toBe(403);
    const titles = (await anonymous().get("/api/votes?limit=50")).body.items.map(
      (poll: { title: string }) => poll.title,
    );
    expect(titles).not.toContain(body.title);
  });

  it.each([
    [{}, "Please fill in the title and all three options"],
    [{ ...pollBody(), title: undefined }, "Please fill in the title and all three options"],
    [{ ...pollBody(), optionOne: "" }, "Please fill in the title and all three options"],
    [{ ...pollBody(), optionTwo: "   " }, "Please fill in the title and all three options"],
    [{ ...pollBody(), optionThree: undefined }, "Please fill in the title and all three options"],
    [{ ...pollBody(), optionThree: 3 }, "Please fill in the title and all three options"],
    [{ ...pollBody(), title: "x".repeat(201) }, "The title must be at most 200 characters"],
    [{ ...pollBody(), optionTwo: "x".repeat(201) }, "Each option must be at most 200 characters"],
  ])("refuses %j with 400 %s", async (body, message) => {
    const response = await editor.post("/api/votes", body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
  });

  it("answers malformed JSON with 400", async () => {
    const response = await editor.post("/api/votes", '{"title": ');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: "The request body is not valid JSON" });
  });
});

describe(`GET /api/votes on ${testDatabaseKind()}`, () => {
  it("lists polls publicly, newest first, paginated with items, total, page and limit", async () => {
    const created = [];
    for (let index = 0; index < 3; index++) created.push(await createPoll());
    const first = await anonymous().get("/api/votes?limit=2");
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, limit: 2 });
    expect(first.body.total).toBeGreaterThanOrEqual(3);
    expect(first.body.items.map((poll: { _id: string }) => poll._id)).toEqual([created[2]?._id, created[1]?._id]);
    expect(first.body.items[0]).toMatchObject(noVotes);

    const second = await anonymous().get("/api/votes?limit=2&page=2");
    expect(second.body).toMatchObject({ page: 2, limit: 2, total: first.body.total });
    expect(second.body.items[0]._id).toBe(created[0]?._id);
  });

  it("uses 10 per page by default and refuses a limit out of 1 to 50", async () => {
    expect((await anonymous().get("/api/votes")).body.limit).toBe(10);
    expect((await anonymous().get("/api/votes?limit=50")).body.limit).toBe(50);
    for (const limit of ["500", "nonsense"]) {
      const refused = await anonymous().get(`/api/votes?limit=${limit}`);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ message: "limit must be a whole number from 1 to 50" });
    }
  });

  it("returns one poll by id publicly", async () => {
    const poll = await createPoll();
    const response = await anonymous().get(`/api/votes/${poll._id}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ _id: poll._id, title: poll.title, optionOne: "Yes", ...noVotes });
  });

  it("answers a non-uuid id and an unknown uuid with 404", async () => {
    for (const id of ["not-a-uuid", randomUUID()]) {
      const response = await anonymous().get(`/api/votes/${id}`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: "Poll not found" });
    }
  });
});

describe(`PATCH and DELETE /api/votes/:id on ${testDatabaseKind()}`, () => {
  it("updates all four fields for staff and answers the poll", async () => {
    const poll = await createPoll();
    const changed = { title: "Edited title", optionOne: "Red", optionTwo: "Green", optionThree: "Blue" };
    const response = await admin.patch(`/api/votes/${poll._id}`, changed);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ _id: poll._id, ...changed, ...noVotes });
    expect((await anonymous().get(`/api/votes/${poll._id}`)).body).toMatchObject(changed);
    expect((await editor.patch(`/api/votes/${poll._id}`, { ...changed, title: "Again" })).body.title).toBe("Again");
  });

  it("validates an update like a creation", async () => {
    const poll = await createPoll();
    const response = await editor.patch(`/api/votes/${poll._id}`, { title: "Only a title" });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: "Please fill in the title and all three options" });
    expect((await anonymous().get(`/api/votes/${poll._id}`)).body.title).toBe(poll.title);
  });

  it("refuses an update by an anonymous visitor (401) or a reader (403) and keeps the poll", async () => {
    const poll = await createPoll();
    expect((await anonymous().patch(`/api/votes/${poll._id}`, pollBody("Hijacked"))).status).toBe(401);
    expect((await reader.patch(`/api/votes/${poll._id}`, pollBody("Hijacked"))).status).toBe(403);
    expect((await anonymous().get(`/api/votes/${poll._id}`)).body.title).toBe(poll.title);
  });

  it("answers the update of an unknown or non-uuid poll with 404", async () => {
    for (const id of ["nope", randomUUID()]) {
      const response = await editor.patch(`/api/votes/${id}`, pollBody());
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: "Poll not found" });
    }
  });

  it("deletes a poll for staff with the product's message, after which it is gone", async () => {
    const poll = await createPoll();
    const response = await editor.delete(`/api/votes/${poll._id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: "Vote deleted successfully" });
    expect((await anonymous().get(`/api/votes/${poll._id}`)).status).toBe(404);
    const again = await admin.delete(`/api/votes/${poll._id}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: "Poll not found" });
    expect((await admin.delete(`/api/votes/${(await createPoll())._id}`)).status).toBe(200);
  });

  it("refuses a delete by an anonymous visitor (401) or a reader (403) and keeps the poll", async () => {
    const poll = await createPoll();
    expect((await anonymous().delete(`/api/votes/${poll._id}`)).status).toBe(401);
    expect((await reader.delete(`/api/votes/${poll._id}`)).status).toBe(403);
    expect((await anonymous().get(`/api/votes/${poll._id}`)).status).toBe(200);
  });

  it("answers the delete of a non-uuid id with 404", async () => {
    expect((await editor.delete("/api/votes/not-a-uuid")).status).toBe(404);
  });
});

describe(`PUT /api/votes/vote/:id on ${testDatabaseKind()}`, () => {
  it("counts a reader's vote once and answers the poll with the counts and their vote", async () => {
    const poll = await createPoll();
    const response = await reader.put(`/api/votes/vote/${poll._id}`, { option: 2 });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      _id: poll._id,
      counts: { optionOne: 0, optionTwo: 1, optionThree: 0 },
      totalVotes: 1,
      myVote: 2,
    });
  });

  it("refuses a second vote with 409 and leaves the counts unchanged", async () => {
    const poll = await createPoll();
    const { agent } = await signUp(context.app);
    expect((await agent.put(`/api/votes/vote/${poll._id}`, { option: 1 })).status).toBe(200);
    for (const option of [1, 3]) {
      const response = await agent.put(`/api/votes/vote/${poll._id}`, { option });
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ message: "You have already voted in this poll" });
    }
    const after = await agent.get(`/api/votes/${poll._id}`);
    expect(after.body).toMatchObject({
      counts: { optionOne: 1, optionTwo: 0, optionThree: 0 },
      totalVotes: 1,
      myVote: 1,
    });
  });

  it("tallies three voters and shows each viewer their own vote, and nobody's to a visitor", async () => {
    const poll = await createPoll();
    const voters = await Promise.all([signUp(context.app), signUp(context.app), signUp(context.app)]);
    const options = [3, 1, 3];
    for (const [index, voter] of voters.entries()) {
      expect((await voter.agent.put(`/api/votes/vote/${poll._id}`, { option: options[index] })).status).toBe(200);
    }
    const tally = { counts: { optionOne: 1, optionTwo: 0, optionThree: 2 }, totalVotes: 3 };
    for (const [index, voter] of voters.entries()) {
      const response = await voter.agent.get(`/api/votes/${poll._id}`);
      expect(response.body).toMatchObject({ ...tally, myVote: options[index] });
    }
    expect((await anonymous().get(`/api/votes/${poll._id}`)).body).toMatchObject({ ...tally, myVote: null });
    expect((await editor.get(`/api/votes/${poll._id}`)).body).toMatchObject({ ...tally, myVote: null });
  });

  it("tallies every poll of a list page, each with its own counts and the viewer's vote", async () => {
    const voted = await createPoll();
    const untouched = await createPoll();
    const latest = await createPoll();
    const { agent } = await signUp(context.app);
    await agent.put(`/api/votes/vote/${voted._id}`, { option: 1 });
    await reader.put(`/api/votes/vote/${latest._id}`, { option: 3 });
    const items: { _id: string }[] = (await agent.get("/api/votes?limit=3")).body.items;
    expect(items.map((poll) => poll._id)).toEqual([latest._id, untouched._id, voted._id]);
    expect(items[0]).toMatchObject({ counts: { optionOne: 0, optionTwo: 0, optionThree: 1 }, myVote: null });
    expect(items[1]).toMatchObject(noVotes);
    expect(items[2]).toMatchObject({
      counts: { optionOne: 1, optionTwo: 0, optionThree: 0 },
      totalVotes: 1,
      myVote: 1,
    });
  });

  it("refuses an anonymous vote with 401 before looking at the body", async () => {
    const poll = await createPoll();
    for (const body of [{ option: 1 }, {}]) {
      const response = await anonymous().put(`/api/votes/vote/${poll._id}`, body);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: "Please log in to continue" });
    }
    expect((await anonymous().get(`/api/votes/${poll._id}`)).body.totalVotes).toBe(0);
  });

  it.each([[{}], [{ option: 0 }], [{ option: 4 }], [{ option: "1" }], [{ option: "optionOne" }], [{ option: 1.5 }]])(
    "refuses %j with 400",
    async (body) => {
      const poll = await createPoll();
      const response = await reader.put(`/api/votes/vote/${poll._id}`, body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: "Please choose option 1, 2 or 3" });
      expect((await anonymous().get(`/api/votes/${poll._id}`)).body.totalVotes).toBe(0);
    },
  );

  it("answers malformed JSON with 400", async () => {
    const poll = await createPoll();
    const response = await reader.put(`/api/votes/vote/${poll._id}`, "{option: 1}");
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: "The request body is not valid JSON" });
  });

  it("answers a vote in a non-uuid or unknown poll with 404", async () => {
    for (const id of ["not-a-uuid", randomUUID()]) {
      const response = await reader.put(`/api/votes/vote/${id}`, { option: 1 });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: "Poll not found" });
    }
  });

  it("deletes a poll that has votes, after which voting in it is 404", async () => {
    const poll = await createPoll();
    await reader.put(`/api/votes/vote/${poll._id}`, { option: 1 });
    expect((await admin.delete(`/api/votes/${poll._id}`)).status).toBe(200);
    expect((await reader.put(`/api/votes/vote/${poll._id}`, { option: 1 })).status).toBe(404);
  });
});
