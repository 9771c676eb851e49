import { PublicUserSchema } from "../api/api-shapes";
import { endpoint, MessageSchema } from "../api/endpoint";
import { z } from "../zod";
import { AcceptInvitationInputSchema, InvitationSchema, InviteInputSchema } from "./invitations.schemas";

/** /api/users/invitations: docs/product/staff.md "Invitations", path for path. */

const invitation = (summary: string, extra: { description?: string } = {}) =>
  ({ tag: "Users", summary, access: "admin", ...extra }) as const;
const IdParams = z.object({ id: z.string().meta({ description: "The invitation's id" }) });

export const invitationsApi = {
  create: endpoint({
    method: "post",
    path: "/api/users/invitations",
    ...invitation("Invite a colleague by e-mail with a role", {
      description:
        "Mails a one-time link to /invite/{token}, valid 7 days. A pending invitation to the same address is replaced.",
    }),
    body: InviteInputSchema,
    response: InvitationSchema,
    responseDescription: "The invitation sent",
    status: 201,
    errors: [400, 409],
  }),
  list: endpoint({
    method: "get",
    path: "/api/users/invitations",
    ...invitation("Pending invitations"),
    response: z.array(InvitationSchema),
    responseDescription: "Invitations neither accepted, revoked nor expired, newest first",
  }),
  resend: endpoint({
    method: "post",
    path: "/api/users/invitations/{id}/resend",
    ...invitation("Send an invitation again", { description: "A new link, valid 7 days; the old one stops working." }),
    params: IdParams,
    response: InvitationSchema,
    responseDescription: "The invitation, sent again",
    errors: [404],
  }),
  revoke: endpoint({
    method: "delete",
    path: "/api/users/invitations/{id}",
    ...invitation("Revoke an invitation"),
    params: IdParams,
    response: MessageSchema,
    responseDescription: "Revoked",
    errors: [404],
  }),
  accept: endpoint({
    method: "post",
    path: "/api/users/invitations/{token}/accept",
    tag: "Users",
    summary: "Accept an invitation: create the account with its role and log in",
    access: "public",
    params: z.object({ token: z.string().meta({ description: "The token from the invitation e-mail" }) }),
    body: AcceptInvitationInputSchema,
    response: PublicUserSchema,
    responseDescription: "The new account (the session cookie is set)",
    status: 201,
    errors: [400],
  }),
} as const;
