import { MESSAGES } from "../api/messages";
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from "../rules/email";
import { z } from "../zod";
import { ROLES } from "./roles";
import { newPassword } from "./users.schemas";

/** Invitations to join the staff (docs/product/staff.md): messages, input and answer shapes. */

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;

export const INVITATION_MESSAGES = {
  accountExists: "An account with this e-mail already exists: change its role on the Users screen",
  invalid: "This invitation link is not valid: it was used, revoked or has expired. Ask for a new one.",
  notFound: "Invitation not found",
  nameRequired: "Name is required",
  revoked: "Invitation revoked",
} as const;

export const InviteInputSchema = z.object({
  email: z
    .string({ error: MESSAGES.invalidEmail })
    .trim()
    .max(EMAIL_MAX_LENGTH, MESSAGES.invalidEmail)
    .regex(EMAIL_PATTERN, MESSAGES.invalidEmail),
  role: z.enum(ROLES, { error: "Role must be user, editor or admin" }),
});
export type InviteInput = z.infer<typeof InviteInputSchema>;

export const AcceptInvitationInputSchema = z.object({
  name: z
    .string({ error: INVITATION_MESSAGES.nameRequired })
    .trim()
    .min(1, INVITATION_MESSAGES.nameRequired)
    .max(100, "Name must be at most 100 characters"),
  password: newPassword,
});
export type AcceptInvitationInput = z.infer<typeof AcceptInvitationInputSchema>;

export const InvitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    invitedBy: z.string().describe("The name of the admin who sent it"),
    createdAt: z.string(),
    expiresAt: z.string(),
  })
  .meta({ id: "Invitation" });
export type Invitation = z.infer<typeof InvitationSchema>;
