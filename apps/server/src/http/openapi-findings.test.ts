import { describe, expect, it } from "vitest";
import { signUp, TestAgent, uniqueEmail } from "../testing/test-agent";
import { useTestApp } from "../testing/test-app";
import { testDatabaseKind } from "../testing/test-database";

/*
 * The places where Schemathesis found the OpenAPI document and the server apart, each now
 * the same on both sides (the contract test checks every operation; these pin the reports).
 */
const context = useTestApp();
const anonymous = () => new TestAgent(context.app);

type Schema = { properties: Record<string, { minLength?: number; maxLength?: number; pattern?: string }> };
let document: {
  paths: Record<
    string,
    Record<
      string,
      { responses: Record<string, unknown>; requestBody?: { content: Record<string, { schema: Schema }> } }
    >
  >;
};

async function served(): Promise<typeof document> {
  document ??= (await anonymous().get("/api/openapi.json")).body;
  return document;
}

async function bodySchema(path: string, method: string, mediaType = "application/json"): Promise<Schema> {
  const schema = (await served()).paths[path]?.[method]?.requestBody?.content[mediaType]?.schema;
  if (!schema) throw new Error(`no ${mediaType} body for ${method} ${path}`);
  return schema;
}

describe(`the document and the server agree, on ${testDatabaseKind()}`, () => {
  it("counts a password's length in characters, not UTF-16 units", async () => {
    const register = (password: string) =>
      anonymous().post(
        "/api/users/register",
        { name: "Emoji", email: uniqueEmail("emoji"), password },
        { "x-forwarded-for": `10.50.0.${password.length}` },
      );
    const three = await register("😀😀😀");
    expect(three.status).toBe(400);
    expect(three.body).toEqual({ message: "Password must be at least 6 characters" });
    expect((await register("😀😀😀😀😀😀")).status).toBe(201);
    expect((await bodySchema("/api/users/register", "post")).properties.password?.minLength).toBe(6);
  });

  it("documents the rules that refuse an empty e-mail or title", async () => {
    const forgot = await anonymous().post("/api/users/forgotPassword", { email: "" });
    expect(forgot.status).toBe(400);
    expect((await bodySchema("/api/users/forgotPassword", "post")).properties.email?.pattern).toEqual(
      expect.stringContaining("@"),
    );

    const admin = await signUp(context.app, { role: "admin" });
    const settings = await admin.agent.patch("/api/settings", { contactEmail: "" });
    expect(settings.status).toBe(400);
    expect(settings.body).toEqual({ message: "Contact e-mail must be an e-mail address" });
    expect((await bodySchema("/api/settings", "patch")).properties.contactEmail?.pattern).toEqual(
      expect.stringContaining("@"),
    );

    const form = new FormData();
    form.set("title", "");
    form.set("category", "News");
    form.set("image", "https://images.example.com/a.png");
    const post = await admin.agent.request("POST", "/api/posts", form);
    expect(post.status).toBe(400);
    expect(post.body).toEqual({ message: "Please add a title" });
    expect((await bodySchema("/api/posts", "post", "multipart/form-data")).properties.title).toMatchObject({
      minLength: 1,
      maxLength: 200,
    });
  });

  it("documents the 400 a list answers to a URL it cannot read", async () => {
    const response = await anonymous().get(`/api/authors/${"a".repeat(201)}`);
    expect(response.status).toBe(400);
    const nul = await anonymous().get("/api/posts?search=a%00b");
    expect(nul.status).toBe(400);
    const { paths } = await served();
    for (const path of ["/api/authors/{slug}", "/api/posts", "/api/posts/hot", "/api/health"]) {
      expect(Object.keys(paths[path]?.get?.responses ?? {}), path).toEqual(
        ["200", "400", "503"].concat(path.includes("{") ? ["404"] : []).sort(),
      );
    }
  });

  it("reads viewer-state ids comma-separated, as documented (explode: false), or repeated", async () => {
    const reader = await signUp(context.app);
    const id = "00000000-0000-4000-8000-000000000000";
    for (const query of [`posts=${id},${id}`, `posts=${id}&posts=not-an-id&polls=1&polls=2`]) {
      const response = await reader.agent.get(`/api/users/viewer-state?${query}`);
      expect(response.status, query).toBe(200);
      expect(response.body).toMatchObject({ liked: [], saved: [], votes: {} });
    }
    const parameter = (await served()).paths["/api/users/viewer-state"]?.get;
    expect(JSON.stringify(parameter)).toContain('"explode":false');
  });
});
