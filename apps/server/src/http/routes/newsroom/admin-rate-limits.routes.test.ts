import { describe, expect, it } from "vitest";
import { freePort } from "../../../testing/production-server";
import { signUp, TestAgent } from "../../../testing/test-agent";
import { useTestApp } from "../../../testing/test-app";
import { testDatabaseKind } from "../../../testing/test-database";

/*
 * REDIS_URL names a port nobody listens on: every rate-limited request is counted in this
 * process instead, and the admin runtime figures must say so rather than claim Redis.
 */
const context = useTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${await freePort()}` } });

describe(`GET /api/admin/runtime with Redis unreachable, on ${testDatabaseKind()}`, () => {
  it("reports the fallback to this process's memory and counts it", async () => {
    const admin = await signUp(context.app, { role: "admin" });
    const before = (await admin.agent.get("/api/admin/runtime")).body.rateLimits;
    expect(before.store).toBe("redis");
    expect(before.fallingBack).toBe(true);

    const login = await new TestAgent(context.app).post("/api/users/login", {
      email: "nobody@example.com",
      password: "not the password",
    });
    expect(login.status).toBe(401);

    const { status, body } = await admin.agent.get("/api/admin/runtime");
    expect(status).toBe(200);
    expect(body.rateLimits.store).toBe("redis");
    expect(body.rateLimits.fallingBack).toBe(true);
    // The login is counted against several rules, each in memory now.
    expect(body.rateLimits.fallbacks).toBeGreaterThan(before.fallbacks);
  });
});
