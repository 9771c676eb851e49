import {
  AdvertSchema,
  CategorySchema,
  DashboardStatsSchema,
  HomeSchema,
  PollSchema,
  PostDetailSchema,
  PostSummarySchema,
  PostTypeSchema,
  PublicUserSchema,
  pageSchema,
} from "@broadsheet/domain";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { signUp } from "../../testing/test-agent";
import { useTestApp } from "../../testing/test-app";

/*
 * The response schemas of packages/domain (which the web reads and /api/openapi.json
 * publishes) against what the API really answers: every key declared, none extra.
 */
const context = useTestApp();
const IMAGE = `/media/${"e".repeat(64)}.webp`;

/** Parses strictly, at every level: an undeclared key fails as much as a missing one. */
function expectShape(schema: z.ZodType, value: unknown): void {
  const strict = z.fromJSONSchema(z.toJSONSchema(schema, { io: "output" }));
  const result = strict.safeParse(value);
  expect(result.success, JSON.stringify(result.error?.issues.slice(0, 3))).toBe(true);
}

describe("the API answers the shapes packages/domain declares", () => {
  it("for posts, taxonomy, polls, adverts, users, the home page and the dashboard", async () => {
    const admin = await signUp(context.app, { role: "admin" });
    const reader = await signUp(context.app);
    const category = (await admin.agent.post("/api/category/createCategory", { name: "Shapes Desk" })).body.category;
    await admin.agent.post("/api/type/createType", { name: "Explainer", category: category?._id ?? "Shapes Desk" });
    const post = (
      await admin.agent.post("/api/posts", { title: "Shaped story", category: "Shapes Desk", image: [IMAGE] })
    ).body;
    await reader.agent.post(`/api/posts/${post._id}/comments`, { comment: "Well shaped" });
    await reader.agent.patch(`/api/posts/review/${post._id}`, { rating: 4, text: "Good" });
    await reader.agent.put(`/api/posts/addLike/${post._id}`);
    await admin.agent.post("/api/votes", { title: "Shapes?", optionOne: "a", optionTwo: "b", optionThree: "c" });
    await admin.agent.post("/api/adverts", { category: "Advert Top", link: "https://shop.example", image: [IMAGE] });

    expectShape(PostDetailSchema, (await reader.agent.get(`/api/posts/${post.slug}`)).body);
    expectShape(pageSchema(PostSummarySchema), (await reader.agent.get("/api/posts?category=Shapes%20Desk")).body);
    expectShape(pageSchema(PostSummarySchema), (await admin.agent.get("/api/posts?limit=3")).body);
    expectShape(z.array(PostSummarySchema), (await reader.agent.get("/api/posts/icymi")).body);
    expectShape(z.array(CategorySchema), (await reader.agent.get("/api/category/getCategories")).body);
    expectShape(z.array(PostTypeSchema), (await reader.agent.get("/api/type/getTypes")).body);
    expectShape(pageSchema(PollSchema), (await reader.agent.get("/api/votes")).body);
    expectShape(pageSchema(AdvertSchema), (await reader.agent.get("/api/adverts")).body);
    expectShape(PublicUserSchema, (await reader.agent.get("/api/users/getUser")).body);
    expectShape(pageSchema(PublicUserSchema), (await admin.agent.get("/api/users/getUsers")).body);
    expectShape(HomeSchema, (await reader.agent.get("/api/home")).body);
    expectShape(DashboardStatsSchema, (await admin.agent.get("/api/admin/stats")).body);
  });
});
