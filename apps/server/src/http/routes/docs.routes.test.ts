import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { TestAgent } from "../../testing/test-agent";
import { useTestApp } from "../../testing/test-app";
import { testDatabaseKind } from "../../testing/test-database";

const context = useTestApp();
const anonymous = () => new TestAgent(context.app);

type Operation = {
  summary?: string;
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, unknown>;
};
type Document = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: {
    securitySchemes: Record<string, { type: string; in: string; name: string }>;
    schemas: Record<string, Record<string, unknown>>;
    responses: Record<string, { content: Record<string, { schema: unknown }> }>;
  };
};

/** Every route the app serves under /api, as `method /path/{param}`: the document must describe each. */
function servedApiRoutes(): [string, string][] {
  const routes = context.app.routes
    .filter((route) => route.method !== "ALL" && route.path.startsWith("/api/"))
    .map((route) => `${route.method.toLowerCase()} ${route.path.replace(/:(\w+)/g, "{$1}")}`);
  return [...new Set(routes)].map((route) => route.split(" ") as [string, string]);
}

async function fetchDocument(): Promise<Document> {
  const response = await anonymous().get("/api/openapi.json");
  expect(response.status).toBe(200);
  return response.body as Document;
}

/** Follows a local $ref ("#/components/…"). */
function resolve(document: Document, value: unknown): Record<string, unknown> {
  const reference = (value as { $ref?: string }).$ref;
  if (!reference) return value as Record<string, unknown>;
  let target: unknown = document;
  for (const part of reference.replace(/^#\//, "").split("/")) target = (target as Record<string, unknown>)[part];
  if (target === undefined) throw new Error(`dangling $ref ${reference}`);
  return resolve(document, target);
}

describe(`GET /api/openapi.json on ${testDatabaseKind()}`, () => {
  it("answers an OpenAPI 3.1 JSON document", async () => {
    const response = await anonymous().get("/api/openapi.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const document = response.body as Document;
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info.title).toBe("Broadsheet API");
    expect(document.info.version).toEqual(expect.any(String));
  });

  it("is a valid OpenAPI 3.1 document", async () => {
    const result = await new Validator().validate(structuredClone(await fetchDocument()));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("describes every served route with a summary, a success answer and its path parameters", async () => {
    const document = await fetchDocument();
    const routes = servedApiRoutes();
    expect(routes.length).toBeGreaterThan(50);
    for (const [method, path] of routes) {
      const operation = document.paths[path]?.[method];
      expect(operation, `${method.toUpperCase()} ${path}`).toBeDefined();
      expect(operation?.summary?.length, `${method} ${path}`).toBeGreaterThan(3);
      expect(Object.keys(operation?.responses ?? {}).some((status) => /^2\d\d$/.test(status))).toBe(true);
      for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
        expect(operation?.parameters?.find((parameter) => parameter.name === name && parameter.in === "path")).toEqual(
          expect.objectContaining({ required: true }),
        );
      }
    }
  });

  it("describes exactly the routes the app really serves under /api", async () => {
    const document = await fetchDocument();
    const served = new Set(servedApiRoutes().map(([method, path]) => `${method} ${path}`));
    const described = new Set(
      Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method} ${path}`)),
    );
    expect([...served].filter((route) => !described.has(route))).toEqual([]);
    expect([...described].filter((route) => !served.has(route))).toEqual([]);
  });

  it("uses the session cookie as the security scheme, on the calls that need a login", async () => {
    const document = await fetchDocument();
    expect(document.components.securitySchemes.cookieAuth).toEqual(
      expect.objectContaining({ type: "apiKey", in: "cookie", name: "broadsheet_session" }),
    );
    expect(document.paths["/api/adverts"]?.post?.security).toEqual([{ cookieAuth: [] }]);
    expect(document.paths["/api/users/getUser"]?.get?.security).toEqual([{ cookieAuth: [] }]);
    expect(document.paths["/api/adverts"]?.get?.security).toEqual([]);
    expect(document.paths["/api/adverts"]?.post?.responses).toHaveProperty("401");
    expect(document.paths["/api/adverts"]?.post?.responses).toHaveProperty("403");
  });

  it("describes errors as { message }", async () => {
    const document = await fetchDocument();
    const error = resolve(document, document.paths["/api/adverts"]?.post?.responses["400"]);
    const schema = resolve(
      document,
      (error.content as Record<string, { schema: unknown }>)["application/json"]?.schema,
    );
    expect(schema).toEqual(
      expect.objectContaining({ type: "object", required: ["message"], properties: { message: expect.anything() } }),
    );
  });

  it("generates request bodies from the domain schemas", async () => {
    const document = await fetchDocument();
    const advert = document.paths["/api/adverts"]?.post?.requestBody?.content["application/json"]?.schema;
    expect(advert).toEqual(
      expect.objectContaining({
        type: "object",
        required: expect.arrayContaining(["category", "image"]),
        properties: expect.objectContaining({
          category: expect.objectContaining({ enum: ["Advert Top", "Advert Main", "Advert Main2"] }),
          image: expect.objectContaining({ type: "array", minItems: 1, maxItems: 5 }),
        }),
      }),
    );
    expect(advert).not.toHaveProperty("$schema");
    expect(document.paths["/api/adverts"]?.post?.requestBody?.content).toHaveProperty("multipart/form-data");
    const category = document.paths["/api/category/createCategory"]?.post?.requestBody?.content["application/json"];
    expect(category?.schema).toEqual(
      expect.objectContaining({ properties: { name: expect.objectContaining({ minLength: 3 }) } }),
    );
    const register = document.paths["/api/users/register"]?.post?.requestBody?.content["application/json"]?.schema;
    expect(register).toEqual(expect.objectContaining({ required: ["name", "email", "password"] }));
    const vote = document.paths["/api/votes/vote/{id}"]?.put?.requestBody?.content["application/json"]?.schema;
    expect(vote).toEqual(
      expect.objectContaining({ properties: { option: expect.objectContaining({ enum: [1, 2, 3] }) } }),
    );
  });

  it("leaves no $ref dangling", async () => {
    const document = await fetchDocument();
    const references = JSON.stringify(document).match(/"\$ref":"[^"]+"/g) ?? [];
    expect(references.length).toBeGreaterThan(20);
    for (const reference of new Set(references)) {
      expect(() => resolve(document, JSON.parse(`{${reference}}`))).not.toThrow();
    }
  });

  it("gives every operation a unique operationId", async () => {
    const document = await fetchDocument();
    const ids = Object.values(document.paths).flatMap((item) =>
      Object.values(item).map((operation) => operation.operationId),
    );
    expect(ids.every((id) => typeof id === "string" && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("GET /api/docs", () => {
  it("answers a self-contained HTML page listing every endpoint, grouped by tag", async () => {
    const response = await anonymous().get("/api/docs");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = response.body as string;
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//i);
    for (const [method, path] of servedApiRoutes()) {
      expect(html, `${method} ${path}`).toMatch(
        new RegExp(`>${method.toUpperCase()}</span> <code>${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}</code>`),
      );
    }
    for (const tag of ["Users", "Posts", "Engagement", "Feeds", "Adverts", "Polls", "Media"]) {
      expect(html).toContain(`<h2 id="tag-${tag.toLowerCase()}">${tag}</h2>`);
    }
    expect(html).toContain("Create an advert");
    expect(html).toContain('href="/api/openapi.json"');
    // Markdown code spans of the descriptions become <code>, escaped.
    expect(html).toContain("<code>{ &quot;message&quot;: &quot;…&quot; }</code>");
    expect(html).not.toContain("`");
  });

  it("keeps the usual security headers", async () => {
    const response = await anonymous().get("/api/docs");
    expect(response.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("still answers unknown /api paths with the JSON 404", async () => {
    const response = await anonymous().get("/api/docs/nope");
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: "No API endpoint at this path" });
  });
});
