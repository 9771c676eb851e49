import { pageSchema } from "../api/api-shapes";
import { endpoint } from "../api/endpoint";
import { pageQuerySchema, textQuery } from "../api/query.schemas";
import { z } from "../zod";

/** The audit log (issue 15): who did what and when, for admins. */

export const AUDIT_ACTIONS = [
  "login",
  "login.failed",
  "user.role",
  "invitation.create",
  "invitation.resend",
  "invitation.revoke",
  "invitation.accept",
  "post.create",
  "post.update",
  "post.schedule",
  "post.publish",
  "post.unpublish",
  "post.delete",
  "post.restore",
  "post.bulk",
  "advert.create",
  "advert.update",
  "advert.delete",
  "poll.create",
  "poll.update",
  "poll.delete",
  "page.create",
  "page.update",
  "page.delete",
  "category.create",
  "category.delete",
  "type.create",
  "type.delete",
  "tag.rename",
  "tag.merge",
  "tag.delete",
  "settings.update",
  "comment.delete",
  "comment.approve",
  "comment.spam",
  "comment.hold",
  "comment.edit",
  "comment.bulk",
  "user.block",
  "user.unblock",
  "media.update",
  "media.delete",
  "password.change",
  "password.change.failed",
  "password.reset",
  "twofactor.enable",
  "twofactor.disable",
  "twofactor.disable.failed",
  "preview.create",
  "preview.revoke",
  "site.export",
  "import.create",
  "import.start",
  "subscribers.import",
  "subscriber.delete",
  "newsletter.create",
  "newsletter.update",
  "newsletter.archive",
  "newsletter.settings",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_PAGE_SIZE = 20;

export const AuditEventSchema = z
  .object({
    _id: z.string(),
    action: z.enum(AUDIT_ACTIONS),
    actor: z.object({
      _id: z.string().nullable().describe("null for a failed login with an unknown password"),
      name: z.string(),
      email: z.string(),
    }),
    target: z.object({
      type: z.string().describe("post, page, user, advert, poll, category, type, settings, comment, or empty"),
      _id: z.string(),
      name: z.string().describe("Its title or name when it happened"),
    }),
    clientAddress: z.string(),
    createdAt: z.string().meta({ format: "date-time" }),
  })
  .meta({ id: "AuditEvent" });
export type AuditEvent = z.infer<typeof AuditEventSchema>;

export const AuditQuerySchema = pageQuerySchema(AUDIT_PAGE_SIZE).extend({
  action: textQuery(40, "An action (post.update) or its family (post); empty for all"),
  actor: textQuery(200, "The actor's id, or part of their name or e-mail"),
});
export type AuditQuery = z.output<typeof AuditQuerySchema>;

export const auditApi = {
  list: endpoint({
    method: "get",
    path: "/api/audit",
    tag: "Audit",
    summary: "The audit log, newest first",
    description:
      "Staff logins and failed logins, role changes, post, advert, poll, category, type and settings changes, comment deletions. Append-only.",
    access: "admin",
    query: AuditQuerySchema,
    response: pageSchema(AuditEventSchema),
    responseDescription: "A page of events",
  }),
};
