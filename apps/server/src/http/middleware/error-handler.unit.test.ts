import { getRequestListener } from "@hono/node-server";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { Logger } from "../../logger";
import { abortHalfwayThrough } from "../../testing/aborted-request";
import type { AppEnv } from "../app-env";
import { handleError } from "./error-handler";

const deadConnection = () =>
  new DrizzleQueryError(
    'select "id", "password_hash" from "users" where "email" = $1',
    ["someone@example.com"],
    Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
  );

function appThrowing(error: unknown) {
  return new Hono<AppEnv>()
    .get("/api/thing", () => {
      throw error;
    })
    .get("/page", () => {
      throw error;
    })
    .onError(handleError);
}

describe("handleError and an unreachable database", () => {
  it("answers 503 with a plain message on the API, never the SQL, parameters or stack", async () => {
    const response = await appThrowing(deadConnection()).request("/api/thing");
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("1");
    const body = await response.text();
    expect(JSON.parse(body)).toEqual({ message: "The service is briefly unavailable. Please try again." });
    expect(body).not.toMatch(/select|password|example\.com|57P01|at /i);
  });

  it("answers 503 in plain text for a page", async () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    const response = await appThrowing(refused).request("/page");
    expect(response.status).toBe(503);
    expect(await response.text()).toBe("The service is briefly unavailable. Please try again.");
  });

  it("still answers 500 for any other database error, without its SQL", async () => {
    const error = new DrizzleQueryError(
      'select * from "posts"',
      [],
      Object.assign(new Error("division by zero"), { code: "22012" }),
    );
    const response = await appThrowing(error).request("/api/thing");
    expect(response.status).toBe(500);
    expect(await response.text()).not.toMatch(/select|division/i);
  });
});

describe("handleError and a client that aborts its request", () => {
  it("answers 400 and logs no outage when the client goes away halfway through its body", async () => {
    const logged: { level: string; msg: string }[] = [];
    const record = (level: string) => (_fields: unknown, msg: string) => logged.push({ level, msg });
    const log = { info: record("info"), warn: record("warn"), error: record("error") } as unknown as Logger;
    let answered: Response | undefined;
    const app = new Hono<AppEnv>()
      .use(async (c, next) => {
        c.set("log", log);
        await next();
        answered = c.res;
      })
      .post("/api/thing", async (c) => c.json(await c.req.json()))
      .onError(handleError);

    await abortHalfwayThrough(getRequestListener(app.fetch));
    for (let turn = 0; turn < 100 && !answered; turn++) await new Promise((resolve) => setImmediate(resolve));

    expect(answered?.status).toBe(400);
    expect(await answered?.json()).toEqual({ message: "The request was aborted before it was complete" });
    expect(logged).toEqual([{ level: "info", msg: "request aborted by the client" }]);
  });
});
