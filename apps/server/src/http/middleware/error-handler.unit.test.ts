import { DrizzleQueryError } from "drizzle-orm/errors";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
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
