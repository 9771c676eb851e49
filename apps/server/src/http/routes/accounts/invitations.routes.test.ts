import type { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../../testing/production-server";
import { type ReceivedMail, startSmtpSink } from "../../../testing/smtp-sink";
import { signUp, TestAgent, uniqueEmail } from "../../../testing/test-agent";
import { useTestApp } from "../../../testing/test-app";
import { testDatabaseKind } from "../../../testing/test-database";

/* Invitations (docs/product/staff.md): mailed through a real SMTP server, accepted once. */
const smtpPort = await freePort();
const context = useTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` } });
const received: ReceivedMail[] = [];
let smtp: SMTPServer;
beforeAll(async () => {
  smtp = await startSmtpSink(smtpPort, received);
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

function tokenMailedTo(email: string): string {
  const mail = received.filter((each) => each.to.includes(email)).at(-1);
  const body = mail?.raw.replace(/=\r?\n/g, "") ?? "";
  const token = body.match(/\/invite\/([\w-]+)/)?.[1];
  if (!token) throw new Error(`no invitation mailed to ${email}`);
  return token;
}

describe(`invitations on ${testDatabaseKind()}`, () => {
  it("mails a one-time link that creates the account with the invited role and logs it in", async () => {
    const { agent: admin } = await signUp(context.app, { role: "admin", name: "Grace Admin" });
    const email = uniqueEmail("colleague");
    const invited = await admin.post("/api/users/invitations", { email, role: "editor" });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email, role: "editor", invitedBy: "Grace Admin" });
    expect((await admin.get("/api/users/invitations")).body.map((each: { email: string }) => each.email)).toContain(
      email,
    );
    const mail = received.find((each) => each.to.includes(email));
    expect(mail?.raw).toMatch(/Subject: You are invited to join/);

    const token = tokenMailedTo(email);
    const colleague = new TestAgent(context.app);
    const accepted = await colleague.post(`/api/users/invitations/${token}/accept`, {
      name: "Ada Editor",
      password: "a long password",
    });
    expect(accepted.status).toBe(201);
    expect(accepted.body).toMatchObject({ name: "Ada Editor", email, role: "editor" });
    expect((await colleague.get("/api/users/getLoginStatus")).body).toBe(true);
    // The link works once; the invitation is no longer pending.
    const again = await new TestAgent(context.app).post(`/api/users/invitations/${token}/accept`, {
      name: "Someone",
      password: "a long password",
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/not valid/);
    expect((await admin.get("/api/users/invitations")).body.map((each: { email: string }) => each.email)).not.toContain(
      email,
    );
    const audit = await admin.get("/api/audit?limit=20");
    const actions = JSON.stringify(audit.body);
    expect(actions).toContain("invitation.create");
    expect(actions).toContain("invitation.accept");
  });

  it("refuses non-admins, an existing account, bad input, and revoked or replaced links", async () => {
    const { agent: admin } = await signUp(context.app, { role: "admin" });
    const { agent: editor, user: editorUser } = await signUp(context.app, { role: "editor" });
    expect((await editor.post("/api/users/invitations", { email: uniqueEmail(), role: "editor" })).status).toBe(403);
    expect((await new TestAgent(context.app).get("/api/users/invitations")).status).toBe(401);

    const taken = await admin.post("/api/users/invitations", { email: editorUser.email, role: "admin" });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toMatch(/already exists/);
    expect((await admin.post("/api/users/invitations", { email: "nope", role: "editor" })).body.message).toBe(
      "Please enter a valid email",
    );
    expect((await admin.post("/api/users/invitations", { email: uniqueEmail(), role: "owner" })).status).toBe(400);

    const email = uniqueEmail("revoked");
    const first = await admin.post("/api/users/invitations", { email, role: "editor" });
    const firstToken = tokenMailedTo(email);
    const resent = await admin.post(`/api/users/invitations/${first.body.id}/resend`);
    expect(resent.status).toBe(200);
    const secondToken = tokenMailedTo(email);
    expect(secondToken).not.toBe(firstToken);
    const accept = (token: string) =>
      new TestAgent(context.app).post(`/api/users/invitations/${token}/accept`, { name: "X", password: "secret12" });
    expect((await accept(firstToken)).status).toBe(400);

    const revoked = await admin.delete(`/api/users/invitations/${resent.body.id}`);
    expect(revoked.status).toBe(200);
    expect((await accept(secondToken)).status).toBe(400);
    expect((await admin.delete("/api/users/invitations/not-an-id")).status).toBe(404);
    expect((await admin.post(`/api/users/invitations/${resent.body.id}/resend`)).status).toBe(404);

    const short = await admin.post("/api/users/invitations", { email: uniqueEmail(), role: "user" });
    expect(short.status).toBe(201);
  });
});
