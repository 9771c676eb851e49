import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { signUp, TestAgent } from "../../../testing/test-agent";
import { useTestApp } from "../../../testing/test-app";
import { testDatabaseKind } from "../../../testing/test-database";

/*
 * Issue 39: a stolen session cannot guess its way to removing two-factor sign-in or to a new
 * password; an attack on an account from many addresses keeps its owner out of a new address
 * for minutes at most, and a password reset lifts it; these changes are in the audit log.
 */
const context = useTestApp();
const from = (address: string) => ({ "x-forwarded-for": address });
const anonymous = () => new TestAgent(context.app);
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
const WRONG_CODE = "That code is not right: enter the current code from your authenticator app, or a recovery code";

async function editorWithTwoFactor() {
  const account = await signUp(context.app, { role: "editor" });
  const setup = await account.agent.post("/api/users/2fa/setup");
  const enabled = await account.agent.post("/api/users/2fa/enable", { code: await codeAt(setup.body.secret, -1) });
  expect(enabled.status).toBe(200);
  return { ...account, secret: setup.body.secret as string, recoveryCodes: enabled.body.recoveryCodes as string[] };
}

/** The audit log's actions about `userId` (as actor or target), oldest first. */
async function auditActions(userId: string): Promise<string[]> {
  const rows = await context.database.db.execute(
    sql`select action from audit_events where actor_id = ${userId} or target_id = ${userId}::text order by created_at, id`,
  );
  return (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows).map(
    (row) => (row as { action: string }).action,
  );
}

describe(`turning two-factor off on ${testDatabaseKind()}`, () => {
  it("needs the password and a code: a code alone or a wrong password is refused", async () => {
    const editor = await editorWithTwoFactor();
    const [recovery] = editor.recoveryCodes;
    const codeOnly = await editor.agent.post("/api/users/2fa/disable", { code: recovery });
    expect(codeOnly.status).toBe(400);
    expect(codeOnly.body).toEqual({ message: "Enter your password" });
    const wrongPassword = await editor.agent.post("/api/users/2fa/disable", { password: "guess", code: recovery });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body).toEqual({ message: "That password is not right" });
    const wrongCode = await editor.agent.post("/api/users/2fa/disable", { password: editor.password, code: "000000" });
    expect(wrongCode.body).toEqual({ message: WRONG_CODE });
    expect((await editor.agent.get("/api/users/getUser")).body.twoFactorEnabled).toBe(true);

    const off = await editor.agent.post("/api/users/2fa/disable", { password: editor.password, code: recovery });
    expect(off.status).toBe(200);
    expect((await editor.agent.get("/api/users/getUser")).body.twoFactorEnabled).toBe(false);
    expect(await auditActions(editor.user._id)).toEqual([
      "twofactor.enable",
      "twofactor.disable.failed",
      "twofactor.disable.failed",
      "twofactor.disable",
    ]);
  });

  it("answers 429 with Retry-After after five wrong tries, even to the right password and code", async () => {
    const editor = await editorWithTwoFactor();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      statuses.push(
        (await editor.agent.post("/api/users/2fa/disable", { password: editor.password, code: "000000" })).status,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
    const [recovery] = editor.recoveryCodes;
    const refused = await editor.agent.post("/api/users/2fa/disable", { password: editor.password, code: recovery });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(60);
    expect((await editor.agent.get("/api/users/getUser")).body.twoFactorEnabled).toBe(true);
  });
});

describe(`changing the password on ${testDatabaseKind()}`, () => {
  it("answers 429 with Retry-After after five wrong old passwords, and audits the tries", async () => {
    const { agent, user, password } = await signUp(context.app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      statuses.push(
        (await agent.patch("/api/users/changePassword", { oldPassword: `guess ${attempt}`, password: "brand-new" }))
          .status,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const refused = await agent.patch("/api/users/changePassword", { oldPassword: password, password: "brand-new" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(60);
    expect((await anonymous().post("/api/users/login", { email: user.email, password })).status).toBe(200);
    expect(await auditActions(user._id)).toEqual(Array(5).fill("password.change.failed"));
  });

  it("with two-factor on, needs a code besides the old password", async () => {
    const editor = await editorWithTwoFactor();
    const change = (body: object) => editor.agent.patch("/api/users/changePassword", body);
    const noCode = await change({ oldPassword: editor.password, password: "brand-new" });
    expect(noCode.status).toBe(400);
    expect(noCode.body).toEqual({ message: "Enter the 6-digit code from your authenticator app" });
    expect((await change({ oldPassword: editor.password, password: "brand-new", code: "000000" })).body).toEqual({
      message: WRONG_CODE,
    });
    const changed = await change({
      oldPassword: editor.password,
      password: "brand-new",
      code: editor.recoveryCodes[0],
    });
    expect(changed.status).toBe(200);
    expect(await auditActions(editor.user._id)).toEqual([
      "twofactor.enable",
      "password.change.failed",
      "password.change",
    ]);
  });
});

describe(`the per-account login slow-down on ${testDatabaseKind()}`, () => {
  const login = (email: string, password: string, address: string) =>
    anonymous().post("/api/users/login", { email, password }, from(address));

  /** Sixty wrong guesses from six addresses the owner never used. */
  async function attack(email: string): Promise<void> {
    for (let block = 0; block < 6; block++) {
      for (let attempt = 0; attempt < 10; attempt++) await login(email, "wrong guess", `203.0.113.${block + 10}`);
    }
  }

  it("keeps the owner out of a new address for five minutes at most", async () => {
    const { user, password } = await signUp(context.app);
    await attack(user.email);
    const refused = await login(user.email, password, "198.51.100.77");
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(300);
  });

  it("is lifted by a password reset, which the audit log records", async () => {
    const { user } = await signUp(context.app);
    await attack(user.email);
    expect((await login(user.email, "anything", "198.51.100.78")).status).toBe(429);

    await anonymous().post("/api/users/forgotPassword", { email: user.email }, from("198.51.100.79"));
    await context.app.services.passwordReset.settled();
    const outbox = path.join(context.config.dataDir, "outbox");
    const mail = readdirSync(outbox)
      .map((file) => readFileSync(path.join(outbox, file), "utf8"))
      .find((text) => text.includes(`To: ${user.email}`));
    const token = mail?.match(/\/reset\/([\w-]+)/)?.[1];
    expect(token).toBeDefined();
    expect((await anonymous().patch(`/api/users/resetPassword/${token}`, { password: "after-reset" })).status).toBe(
      200,
    );

    expect((await login(user.email, "after-reset", "198.51.100.80")).status).toBe(200);
    expect(await auditActions(user._id)).toEqual(["password.reset"]);
  });
});
