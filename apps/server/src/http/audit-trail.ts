import {
  ACCOUNT_MESSAGES,
  type AuditAction,
  advertsApi,
  categoriesApi,
  type EndpointDeclaration,
  engagementApi,
  exportsApi,
  IDEMPOTENT_REPLAY_HEADER,
  importsApi,
  invitationsApi,
  mediaApi,
  moderationApi,
  newslettersApi,
  pagesApi,
  pollsApi,
  postsApi,
  previewsApi,
  revisionsApi,
  settingsApi,
  subscribersApi,
  TWO_FACTOR_MESSAGES,
  tagsApi,
  twoFactorApi,
  typesApi,
  usersApi,
} from "@broadsheet/domain";
import type { MiddlewareHandler } from "hono";
import type { AuditEntry, AuditNamedType, AuditService } from "../newsroom";
import type { AppEnv } from "./app-env";

/*
 * Which API calls the audit log records (issue 15), and how each is described: decided here,
 * once, and recorded by one middleware after the call answered. Only changes that went
 * through are recorded, and failed logins of staff accounts.
 */

// biome-ignore lint/suspicious/noExplicitAny: answers are the endpoints' JSON, read loosely here.
type Answer = any;

interface Call {
  status: number;
  params: Record<string, string>;
  body: Answer;
  answer: Answer;
  audit: AuditService;
  /** The account a call without a session acted for (AppEnv's auditSubject). */
  subject?: AuditEntry["actor"];
  /** The target's title read before the call (NAMED_BEFORE), "" for other calls. */
  named: string;
}

type Described = { action: AuditAction; target?: AuditEntry["target"]; actor?: AuditEntry["actor"] } | null;
type Describe = (call: Call) => Described | Promise<Described>;

const ok = (call: Call) => call.status >= 200 && call.status < 300;
const target = (type: string, id: unknown, name: unknown) => ({ type, id: String(id ?? ""), name: String(name ?? "") });
const post = (answer: Answer) => target("post", answer?._id, answer?.title);
/** A refusal because the password or code given was wrong: a guess worth recording. */
const wrongProof = (call: Call) =>
  call.status === 400 &&
  [ACCOUNT_MESSAGES.oldPasswordWrong, TWO_FACTOR_MESSAGES.passwordWrong, TWO_FACTOR_MESSAGES.codeWrong].includes(
    call.answer?.message,
  );
/** A call on the caller's own account: done as `action`, or refused for a wrong proof as `failed`. */
const ownAccount =
  (action: AuditAction, failed?: AuditAction): Describe =>
  (call) => {
    if (ok(call)) return { action };
    return failed && wrongProof(call) ? { action: failed } : null;
  };
/** A successful call as `action` on what the answer (or the path) names. */
const on =
  (action: AuditAction, describeTarget: (call: Call) => AuditEntry["target"]): Describe =>
  (call) =>
    ok(call) ? { action, target: describeTarget(call) } : null;

const AUDIT_TRAIL = new Map<EndpointDeclaration, Describe>([
  [
    usersApi.login,
    async (call) => {
      if (ok(call)) {
        if (call.answer?.role === "user") return null;
        return { action: "login", target: target("user", call.answer?._id, call.answer?.email) };
      }
      if (call.status !== 401 || typeof call.body?.email !== "string") return null;
      const staff = await call.audit.staffAccount(call.body.email);
      return staff ? { action: "login.failed", actor: staff, target: target("user", staff.id, staff.email) } : null;
    },
  ],
  [
    usersApi.updateRole,
    on("user.role", ({ answer }) => target("user", answer?._id, `${answer?.email} → ${answer?.role}`)),
  ],
  [
    invitationsApi.create,
    on("invitation.create", ({ answer }) => target("user", "", `${answer?.email} as ${answer?.role}`)),
  ],
  [invitationsApi.resend, on("invitation.resend", ({ answer }) => target("user", "", answer?.email))],
  [invitationsApi.revoke, on("invitation.revoke", ({ params }) => target("invitation", params.id, ""))],
  [
    invitationsApi.accept,
    ({ status, answer, subject }) =>
      status === 201 && subject
        ? {
            action: "invitation.accept",
            actor: subject,
            target: target("user", answer?._id, `${answer?.email} as ${answer?.role}`),
          }
        : null,
  ],
  [
    postsApi.create,
    (call) =>
      ok(call)
        ? { action: call.answer?.scheduledAt ? "post.schedule" : "post.create", target: post(call.answer) }
        : null,
  ],
  [
    postsApi.update,
    (call) =>
      ok(call)
        ? { action: call.answer?.scheduledAt ? "post.schedule" : "post.update", target: post(call.answer) }
        : null,
  ],
  [
    postsApi.togglePublish,
    (call) =>
      ok(call)
        ? {
            action: call.answer?.isPublished ? "post.publish" : "post.unpublish",
            target: target("post", call.answer?._id, call.named),
          }
        : null,
  ],
  [postsApi.remove, on("post.delete", ({ params, named }) => target("post", params.id, named))],
  [revisionsApi.restore, on("post.restore", ({ answer }) => post(answer))],
  [advertsApi.create, on("advert.create", ({ answer }) => target("advert", answer?._id, answer?.link))],
  [advertsApi.update, on("advert.update", ({ answer }) => target("advert", answer?._id, answer?.link))],
  [advertsApi.remove, on("advert.delete", ({ params, named }) => target("advert", params.id, named))],
  [pagesApi.create, on("page.create", ({ answer }) => target("page", answer?._id, answer?.title))],
  [pagesApi.update, on("page.update", ({ answer }) => target("page", answer?._id, answer?.title))],
  [pagesApi.remove, on("page.delete", ({ params, named }) => target("page", params.id, named))],
  [pollsApi.create, on("poll.create", ({ answer }) => target("poll", answer?._id, answer?.title))],
  [pollsApi.update, on("poll.update", ({ answer }) => target("poll", answer?._id, answer?.title))],
  [pollsApi.remove, on("poll.delete", ({ params, named }) => target("poll", params.id, named))],
  [
    categoriesApi.create,
    on("category.create", ({ answer }) => target("category", answer?.category?._id, answer?.category?.name)),
  ],
  [categoriesApi.remove, on("category.delete", ({ params }) => target("category", params.slug, params.slug))],
  [tagsApi.rename, on("tag.rename", ({ answer }) => target("tag", answer?._id, answer?.name))],
  [tagsApi.merge, on("tag.merge", ({ params, answer }) => target("tag", params.id, `→ ${answer?.name}`))],
  [tagsApi.remove, on("tag.delete", ({ params }) => target("tag", params.id, ""))],
  [typesApi.create, on("type.create", ({ answer }) => target("type", answer?.type?._id, answer?.type?.name))],
  [typesApi.remove, on("type.delete", ({ params }) => target("type", params.slug, params.slug))],
  [settingsApi.update, on("settings.update", ({ answer }) => target("settings", "site", answer?.siteName))],
  [usersApi.changePassword, ownAccount("password.change", "password.change.failed")],
  [
    usersApi.resetPassword,
    ({ status, subject }) =>
      status === 200 && subject
        ? { action: "password.reset", actor: subject, target: target("user", subject.id, subject.email) }
        : null,
  ],
  [twoFactorApi.enable, ownAccount("twofactor.enable")],
  [twoFactorApi.disable, ownAccount("twofactor.disable", "twofactor.disable.failed")],
  [previewsApi.createLink, on("preview.create", ({ params }) => target("post", params.id, params.id))],
  [previewsApi.revokeLink, on("preview.revoke", ({ params }) => target("post", params.id, params.id))],
  [exportsApi.broadsheet, on("site.export", () => target("export", "broadsheet", "Broadsheet archive"))],
  [exportsApi.wxr, on("site.export", () => target("export", "wxr", "WordPress (WXR) file"))],
  [importsApi.create, on("import.create", ({ answer }) => target("import", answer?.id, ""))],
  [
    importsApi.start,
    on("import.start", ({ answer, params }) => target("import", answer?.id, `checked as ${params.id}`)),
  ],
  [newslettersApi.create, on("newsletter.create", ({ answer }) => target("newsletter", answer?._id, answer?.name))],
  [newslettersApi.update, on("newsletter.update", ({ answer }) => target("newsletter", answer?._id, answer?.name))],
  [newslettersApi.archive, on("newsletter.archive", ({ params }) => target("newsletter", params.id, ""))],
  [
    newslettersApi.updateDeliverySettings,
    on("newsletter.settings", ({ answer }) =>
      target("settings", "newsletters", `${answer?.batchSize} per batch, ${answer?.messagesPerSecond}/s`),
    ),
  ],
  [
    subscribersApi.importCsv,
    on("subscribers.import", ({ answer }) =>
      target(
        "subscribers",
        "csv",
        `${answer?.created} created, ${answer?.updated} updated, ${answer?.skipped} skipped`,
      ),
    ),
  ],
  // The address is erased: the log keeps the row's id only.
  [subscribersApi.remove, on("subscriber.delete", ({ params }) => target("subscriber", params.id, ""))],
  [
    engagementApi.deleteComment,
    on("comment.delete", ({ params }) => target("comment", params.commentId, `on post ${params.id}`)),
  ],
  [
    moderationApi.update,
    (call) => {
      if (!ok(call)) return null;
      const status: string | undefined = call.body?.status;
      const action: AuditAction =
        status === "approved"
          ? "comment.approve"
          : status === "spam"
            ? "comment.spam"
            : status === "pending"
              ? "comment.hold"
              : "comment.edit";
      return { action, target: moderatedComment(call.answer) };
    },
  ],
  [mediaApi.update, on("media.update", ({ answer }) => target("media", answer?.id, answer?.alt || answer?.url))],
  [mediaApi.remove, on("media.delete", ({ params }) => target("media", params.id, ""))],
  [
    postsApi.bulk,
    on("post.bulk", ({ body, answer }) =>
      target("posts", "", `${body?.action}: ${answer?.changed} of ${body?.ids?.length}`),
    ),
  ],
  [moderationApi.remove, on("comment.delete", ({ params }) => target("comment", params.id, ""))],
  [
    moderationApi.bulk,
    on("comment.bulk", ({ body, answer }) =>
      target("comments", "", `${body?.action}: ${answer?.changed} of ${body?.ids?.length}`),
    ),
  ],
  [
    moderationApi.block,
    on("user.block", ({ params, answer }) => target("user", params.id, String(answer?.message ?? "").split(":")[0])),
  ],
  [
    moderationApi.unblock,
    on("user.unblock", ({ params, answer }) => target("user", params.id, String(answer?.message ?? "").split(":")[0])),
  ],
]);

/** A comment as the log names it: who wrote it, on which post. */
const moderatedComment = (answer: Answer) =>
  target("comment", answer?._id, `by ${answer?.postedBy?.name} on "${answer?.post?.title}"`);

/** Calls whose target is gone or renamed afterwards: its title is read before the call runs. */
const NAMED_BEFORE = new Map<EndpointDeclaration, AuditNamedType>([
  [postsApi.remove, "post"],
  [postsApi.togglePublish, "post"],
  [pagesApi.remove, "page"],
  [pollsApi.remove, "poll"],
  [advertsApi.remove, "advert"],
]);

async function answerOf(response: Response): Promise<Answer> {
  if (!response.headers.get("content-type")?.includes("application/json")) return null;
  try {
    return await response.clone().json();
  } catch {
    return null;
  }
}

/** The middleware that records `declaration`'s calls, or none when it is not audited. */
export function auditTrailOf(declaration: EndpointDeclaration): MiddlewareHandler<AppEnv> | undefined {
  const describe = AUDIT_TRAIL.get(declaration);
  if (!describe) return undefined;
  const namedType = NAMED_BEFORE.get(declaration);
  return async (c, next) => {
    const audit = c.get("audit");
    const id = c.req.param("id");
    const named = audit && namedType && id ? await audit.nameOf(namedType, id).catch(() => "") : "";
    await next();
    // A repeat of an idempotent create changed nothing: its first answer was recorded.
    if (!audit || c.res.headers.has(IDEMPOTENT_REPLAY_HEADER)) return;
    const call: Call = {
      status: c.res.status,
      params: c.req.param() as Record<string, string>,
      body: await (c.req.bodyCache.json ?? Promise.resolve(null)).catch(() => null),
      answer: await answerOf(c.res),
      audit,
      subject: c.get("auditSubject"),
      named,
    };
    const described = await describe(call);
    if (!described) return;
    const user = c.get("user");
    const actor = described.actor ?? (user ? { id: user.id, name: user.name, email: user.email } : null);
    // A login sets the user only in its answer.
    const loggedIn =
      described.action === "login"
        ? { id: call.answer?._id, name: call.answer?.name, email: call.answer?.email }
        : null;
    try {
      await audit.record({
        action: described.action,
        actor: loggedIn ?? actor ?? { id: null, name: "", email: "" },
        target: described.target,
        clientAddress: c.get("clientAddress"),
      });
    } catch (error) {
      c.get("log").error({ err: error, action: described.action }, "could not write the audit log");
    }
  };
}
