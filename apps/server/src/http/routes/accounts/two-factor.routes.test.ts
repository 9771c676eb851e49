import { generate } from "otplib";
import { beforeAll, describe, expect, it } from "vitest";
import { insertCategory } from "../../../testing/fixtures";
import { signUp, TestAgent } from "../../../testing/test-agent";
import { useTestApp } from "../../../testing/test-app";
import { testDatabaseKind } from "../../../testing/test-database";

/* Issue 15: two-factor sign-in (TOTP) for staff. */
const context = useTestApp();
const IMAGE = `/media/${"5".repeat(64)}.webp`;
const nowSeconds = () => Math.floor(Date.now() / 1000);
/** The app's code `steps` periods from now (the server accepts one step either side). */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: nowSeconds() + steps * 30 });

beforeAll(async () => {
  await insertCategory(context.database.db, "Secure Desk");
});

/** A staff account with two-factor sign-in on: its secret and recovery codes. */
async function staffWithTwoFactor(role: "editor" | "admin" = "editor") {
  const account = await signUp(context.app, { role });
  const setup = await account.agent.post("/api/users/2fa/setup");
  expect(setup.status).toBe(201);
  const enabled = await account.agent.post("/api/users/2fa/enable", { code: await codeAt(setup.body.secret, -1) });
  expect(enabled.status).toBe(200);
  return { ...account, secret: setup.body.secret as string, recoveryCodes: enabled.body.recoveryCodes as string[] };
}

describe(`two-factor sign-in on ${testDatabaseKind()}`, () => {
  it("is set up with a QR code and a code from the app; readers cannot turn it on", async () => {
    const reader = await signUp(context.app);
    const refused = await reader.agent.post("/api/users/2fa/setup");
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: "Two-factor sign-in is for editors and admins" });

    const editor = await signUp(context.app, { role: "editor" });
    expect((await editor.agent.post("/api/users/2fa/enable", { code: "123456" })).body).toEqual({
      message: "Start the set-up first: scan the QR code, then enter a code",
    });
    const setup = await editor.agent.post("/api/users/2fa/setup");
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(setup.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    expect(setup.body.qrSvg).toContain("<svg");
    const wrong = await editor.agent.post("/api/users/2fa/enable", { code: "000000" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(
      "That code is not right: enter the current code from your authenticator app, or a recovery code",
    );
    const enabled = await editor.agent.post("/api/users/2fa/enable", { code: await codeAt(setup.body.secret) });
    expect(enabled.status).toBe(200);
    expect(enabled.body.recoveryCodes).toHaveLength(10);
    expect((await editor.agent.get("/api/users/getUser")).body.twoFactorEnabled).toBe(true);
  });

  it("asks for the code before any session exists, accepts each code once, and recovery codes once", async () => {
    const editor = await staffWithTwoFactor();
    const login = (code?: string) =>
      new TestAgent(context.app).post("/api/users/login", {
        email: editor.user.email,
        password: editor.password,
        code,
      });

    const noCode = await login();
    expect(noCode.status).toBe(401);
    expect(noCode.body).toEqual({ message: "Enter the 6-digit code from your authenticator app" });
    expect(noCode.headers.get("set-cookie")).toBeNull();
    const wrong = await login("000000");
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("set-cookie")).toBeNull();

    const code = await codeAt(editor.secret, 1);
    const good = await login(code);
    expect(good.status).toBe(200);
    expect(good.headers.get("set-cookie")).toContain("broadsheet_session=");
    expect((await login(code)).status).toBe(401);

    const [recovery] = editor.recoveryCodes;
    expect((await login(recovery)).status).toBe(200);
    expect((await login(recovery)).status).toBe(401);
  });

  it("rate limits wrong codes like wrong passwords", async () => {
    const editor = await staffWithTwoFactor();
    const agent = new TestAgent(context.app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      statuses.push(
        (await agent.post("/api/users/login", { email: editor.user.email, password: editor.password, code: "111111" }))
          .status,
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it("can be required for all staff by an admin who has it on", async () => {
    const admin = await signUp(context.app, { role: "admin" });
    const refused = await admin.agent.patch("/api/settings", { requireTwoFactor: true });
    expect(refused.body).toEqual({
      message: "Turn on two-factor sign-in for yourself (in your profile) before requiring it for all staff",
    });
    const secured = await staffWithTwoFactor("admin");
    expect((await secured.agent.patch("/api/settings", { requireTwoFactor: true })).status).toBe(200);
    try {
      expect((await new TestAgent(context.app).get("/api/settings")).body.requireTwoFactor).toBeUndefined();
      expect((await secured.agent.get("/api/settings")).body.requireTwoFactor).toBe(true);

      const editor = await signUp(context.app, { role: "editor" });
      const blocked = await editor.agent.post("/api/posts", {
        title: "Blocked",
        category: "Secure Desk",
        image: [IMAGE],
      });
      expect(blocked.status).toBe(403);
      expect(blocked.body).toEqual({
        message: "Two-factor sign-in is required for staff: turn it on in your profile first",
      });
      // Setting it up stays open to them.
      const setup = await editor.agent.post("/api/users/2fa/setup");
      await editor.agent.post("/api/users/2fa/enable", { code: await codeAt(setup.body.secret) });
      const allowed = await editor.agent.post("/api/posts", {
        title: "Allowed",
        category: "Secure Desk",
        image: [IMAGE],
      });
      expect(allowed.status).toBe(201);
    } finally {
      await secured.agent.patch("/api/settings", { requireTwoFactor: false });
    }
  });

  it("is turned off with the password and a current code, not without them", async () => {
    const editor = await staffWithTwoFactor();
    const password = editor.password;
    expect((await editor.agent.post("/api/users/2fa/disable", { password, code: "000000" })).status).toBe(400);
    expect((await editor.agent.post("/api/users/2fa/disable", { code: await codeAt(editor.secret, 1) })).body).toEqual({
      message: "Enter your password",
    });
    const off = await editor.agent.post("/api/users/2fa/disable", { password, code: await codeAt(editor.secret, 1) });
    expect(off.body).toEqual({ message: "Two-factor sign-in is off" });
    const login = await new TestAgent(context.app).post("/api/users/login", {
      email: editor.user.email,
      password: editor.password,
    });
    expect(login.status).toBe(200);
  });
});
