import { engagementApi, mediaApi, postsApi, usersApi } from "@broadsheet/domain";
import { describe, expect, it } from "vitest";
import { type ApiTransport, errorMessage, requestEndpoint } from "./api-client";

/** A transport that records the request and answers `status` with `body` as JSON. */
function recorder(status: number, body: unknown, headers: Record<string, string> = {}) {
  const calls: { path: string; init: RequestInit }[] = [];
  const transport: ApiTransport = async (path, init) => {
    calls.push({ path, init });
    return new Response(JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json", ...headers },
    });
  };
  return { calls, transport };
}

describe("requestEndpoint", () => {
  it("fills the path parameters (encoded) and the query, with the declared method", async () => {
    const { calls, transport } = recorder(200, { items: [], total: 0, page: 2, limit: 10 });
    const result = await requestEndpoint(transport, engagementApi.listComments, {
      params: { id: "a b/c" },
      query: { page: 2 },
    });
    expect(calls[0]?.path).toBe("/api/posts/a%20b%2Fc/comments?page=2");
    expect(calls[0]?.init.method).toBe("GET");
    expect(calls[0]?.init.body).toBeUndefined();
    expect(result).toMatchObject({ ok: true, status: 200, data: { page: 2 } });
  });

  it("leaves out query fields that are undefined", async () => {
    const { calls, transport } = recorder(200, { items: [], total: 0, page: 1, limit: 12 });
    await requestEndpoint(transport, postsApi.list, { query: { page: 1, search: undefined, sort: "latest" } });
    expect(calls[0]?.path).toBe("/api/posts?page=1&sort=latest");
  });

  it("sends a JSON body and passes the Set-Cookie headers on", async () => {
    const { calls, transport } = recorder(200, { _id: "u1" }, { "set-cookie": "sid=1; Path=/" });
    const result = await requestEndpoint(transport, usersApi.login, { body: { email: "a@b.c", password: "pw" } });
    expect(calls[0]?.init.method).toBe("POST");
    expect(new Headers(calls[0]?.init.headers).get("content-type")).toBe("application/json");
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ email: "a@b.c", password: "pw" });
    expect(result.setCookies).toEqual(["sid=1; Path=/"]);
  });

  it("sends a multipart form as it is, without a JSON content type", async () => {
    const { calls, transport } = recorder(201, { url: "/media/x.webp", secure_url: "", width: 1, height: 1 });
    const form = new FormData();
    form.set("file", new File(["x"], "x.png"));
    await requestEndpoint(transport, mediaApi.upload, { form });
    expect(calls[0]?.init.body).toBe(form);
    expect(calls[0]?.init.headers).toBeUndefined();
  });

  it("answers a failure with the API's message", async () => {
    const { transport } = recorder(404, { message: "Post not found" });
    const result = await requestEndpoint(transport, postsApi.get, { params: { id: "missing" } });
    expect(result.ok).toBe(false);
    expect(result.status).toBe(404);
    expect(errorMessage(result)).toBe("Post not found");
  });
});
