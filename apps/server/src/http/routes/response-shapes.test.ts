import {
  adminApi,
  advertsApi,
  categoriesApi,
  type EndpointDeclaration,
  endpointUrl,
  engagementApi,
  feedsApi,
  healthApi,
  homeApi,
  pollsApi,
  postsApi,
  redirectsApi,
  sharesApi,
  tagsApi,
  typesApi,
  usersApi,
} from "@broadsheet/domain";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { signUp, type TestAgent } from "../../testing/test-agent";
import { useTestApp } from "../../testing/test-app";

/*
 * The declared answers of packages/domain's endpoints (which the web's client types and
 * /api/openapi.json publishes) against what the API really answers: every key declared,
 * none extra, at every level.
 */
const context = useTestApp();
const IMAGE = `/media/${"e".repeat(64)}.webp`;

/** Calls `endpoint` as the web's client would and checks the answer strictly against its declaration. */
async function expectDeclaredAnswer(
  agent: TestAgent,
  endpoint: EndpointDeclaration,
  input: { params?: Record<string, string>; query?: Record<string, string | number>; body?: unknown } = {},
): Promise<void> {
  const url = endpointUrl(endpoint, input.params, input.query);
  const response = await agent.request(endpoint.method.toUpperCase(), url, input.body);
  expect(response.status, `${endpoint.method} ${url}`).toBe(endpoint.status ?? 200);
  // An empty registry leaves out the component ids, so every level is inlined and checked.
  const strict = z.fromJSONSchema(z.toJSONSchema(endpoint.response, { io: "output", metadata: z.registry() }));
  const result = strict.safeParse(response.body);
  expect(result.success, `${endpoint.path}: ${JSON.stringify(result.error?.issues.slice(0, 3))}`).toBe(true);
}

describe("the API answers the shapes its endpoint declarations promise", () => {
  it("for posts, feeds, engagement, taxonomy, polls, adverts, users, home, admin, health and shares", async () => {
    const admin = await signUp(context.app, { role: "admin" });
    const reader = await signUp(context.app);
    const category = (await admin.agent.post("/api/category/createCategory", { name: "Shapes Desk" })).body.category;
    await admin.agent.post("/api/type/createType", { name: "Explainer", category: category?._id ?? "Shapes Desk" });
    const post = (
      await admin.agent.post("/api/posts", {
        title: "Shaped story",
        category: "Shapes Desk",
        image: [IMAGE],
        tags: ["Shapes", "Forms"],
      })
    ).body;
    const poll = (
      await admin.agent.post("/api/votes", { title: "Shapes?", optionOne: "a", optionTwo: "b", optionThree: "c" })
    ).body;
    const advert = (
      await admin.agent.post("/api/adverts", {
        category: "Advert Top",
        link: "https://shop.example",
        image: ["https://images.example.com/banner.png"],
      })
    ).body;
    const onPost = { params: { id: post._id } };

    await expectDeclaredAnswer(reader.agent, engagementApi.addComment, { ...onPost, body: { comment: "Well shaped" } });
    await expectDeclaredAnswer(reader.agent, engagementApi.saveReview, {
      ...onPost,
      body: { rating: 4, text: "Good" },
    });
    await expectDeclaredAnswer(reader.agent, engagementApi.addLike, onPost);
    await expectDeclaredAnswer(reader.agent, engagementApi.listComments, onPost);
    await expectDeclaredAnswer(reader.agent, engagementApi.listReviews, onPost);
    await expectDeclaredAnswer(reader.agent, postsApi.get, { params: { id: post.slug } });
    await expectDeclaredAnswer(reader.agent, postsApi.list, { query: { category: "Shapes Desk" } });
    await expectDeclaredAnswer(admin.agent, postsApi.list, { query: { limit: 3 } });
    await expectDeclaredAnswer(admin.agent, postsApi.togglePublish, onPost);
    await expectDeclaredAnswer(admin.agent, postsApi.togglePublish, onPost);
    await expectDeclaredAnswer(reader.agent, feedsApi.icymi);
    await expectDeclaredAnswer(reader.agent, feedsApi.related, onPost);
    await expectDeclaredAnswer(reader.agent, categoriesApi.list);
    await expectDeclaredAnswer(reader.agent, typesApi.list);
    await expectDeclaredAnswer(reader.agent, tagsApi.list, { query: { search: "sha" } });
    await expectDeclaredAnswer(reader.agent, tagsApi.get, { params: { id: "shapes" } });
    const [shapes, forms] = post.tags.map((tag: { slug: string }) => tag.slug);
    const formsTag = (await reader.agent.get(`/api/tags/${forms}`)).body;
    const shapesTag = (await reader.agent.get(`/api/tags/${shapes}`)).body;
    await expectDeclaredAnswer(admin.agent, tagsApi.rename, { params: { id: formsTag._id }, body: { name: "Form" } });
    await expectDeclaredAnswer(admin.agent, tagsApi.merge, {
      params: { id: formsTag._id },
      body: { into: shapesTag._id },
    });
    await expectDeclaredAnswer(admin.agent, tagsApi.remove, { params: { id: shapesTag._id } });
    await expectDeclaredAnswer(reader.agent, pollsApi.vote, { params: { id: poll._id }, body: { option: 2 } });
    await expectDeclaredAnswer(reader.agent, pollsApi.list);
    await expectDeclaredAnswer(reader.agent, advertsApi.list);
    await expectDeclaredAnswer(reader.agent, advertsApi.get, { params: { id: advert._id } });
    await expectDeclaredAnswer(reader.agent, usersApi.addToWishlist, { body: { postId: post.slug } });
    await expectDeclaredAnswer(reader.agent, usersApi.getWishlist);
    await expectDeclaredAnswer(reader.agent, usersApi.getUser);
    await expectDeclaredAnswer(reader.agent, usersApi.loginStatus);
    await expectDeclaredAnswer(admin.agent, usersApi.listUsers);
    await expectDeclaredAnswer(reader.agent, homeApi.get);
    await expectDeclaredAnswer(admin.agent, adminApi.stats);
    await expectDeclaredAnswer(reader.agent, healthApi.check);
    await expectDeclaredAnswer(reader.agent, sharesApi.record, { body: { postId: post.slug, platform: "x" } });
    await expectDeclaredAnswer(admin.agent, postsApi.remove, onPost);
  });

  it("for redirects", async () => {
    const admin = await signUp(context.app, { role: "admin" });
    await expectDeclaredAnswer(admin.agent, redirectsApi.create, { body: { from: "/shaped-old", to: "/shaped-new" } });
    await expectDeclaredAnswer(admin.agent, redirectsApi.list, { query: { search: "shaped" } });
    const listed = await admin.agent.get("/api/redirects?search=shaped");
    await expectDeclaredAnswer(admin.agent, redirectsApi.remove, { params: { id: listed.body.items[0]._id } });
  });
});
