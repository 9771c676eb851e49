import { type Invitation, ROLES } from "@broadsheet/domain";
import { MailPlus, RotateCw, X } from "lucide-react";
import { useFetcher } from "react-router";
import type { ActionResult } from "../../lib/forms/action-result";
import { useResultToast } from "../../lib/forms/use-result-toast";
import { Button, inputClass } from "../ui";
import { AdminPanel } from "./admin-page-header";

/** Admin → Users: invite a colleague by e-mail with a role, and the invitations still pending (docs/product/staff.md). */
export function InvitationsPanel({ invitations }: { invitations: Invitation[] }) {
  const fetcher = useFetcher<ActionResult>();
  useResultToast(fetcher.data);
  const sent = fetcher.data?.ok && fetcher.data.intent === "invite";
  return (
    <AdminPanel
      id="invitations"
      title="Invite a colleague"
      description="They get a link by e-mail, valid 7 days, to choose their name and password."
    >
      <fetcher.Form
        method="post"
        key={sent ? fetcher.data?.message : "invite"}
        className="flex flex-col gap-3 p-4 sm:flex-row sm:items-end"
      >
        <input type="hidden" name="intent" value="invite" />
        <div className="flex-1 text-sm font-medium">
          <label htmlFor="invite-email">E-mail</label>
          <input
            id="invite-email"
            type="email"
            name="email"
            required
            autoComplete="off"
            className={`${inputClass} mt-1`}
          />
        </div>
        <div className="text-sm font-medium">
          <label htmlFor="invite-role">Role</label>
          <select id="invite-role" name="role" defaultValue="editor" className={`${inputClass} mt-1 capitalize`}>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" icon={MailPlus} busy={fetcher.state !== "idle"}>
          Send invitation
        </Button>
      </fetcher.Form>
      {invitations.length > 0 ? (
        <ul aria-label="Pending invitations" className="divide-y divide-gray-100 border-t border-gray-100">
          {invitations.map((invitation) => (
            <PendingInvitation key={invitation.id} invitation={invitation} />
          ))}
        </ul>
      ) : (
        <p className="border-t border-gray-100 p-4 text-sm text-gray-600">No invitation is pending.</p>
      )}
    </AdminPanel>
  );
}

const PENDING_ACTIONS = [
  { intent: "resend", label: "Resend", icon: RotateCw },
  { intent: "revoke", label: "Revoke", icon: X },
] as const;

function PendingInvitation({ invitation }: { invitation: Invitation }) {
  const fetcher = useFetcher<ActionResult>();
  useResultToast(fetcher.data);
  const expires = new Date(invitation.expiresAt).toLocaleDateString("en-GB", { dateStyle: "medium" });
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-4 text-sm">
      <div>
        <p className="font-medium">{invitation.email}</p>
        <p className="text-xs text-gray-600">
          <span className="capitalize">{invitation.role}</span> · invited by {invitation.invitedBy || "an admin"} · link
          valid until {expires}
        </p>
      </div>
      <fetcher.Form method="post" className="flex gap-2">
        <input type="hidden" name="id" value={invitation.id} />
        {PENDING_ACTIONS.map(({ intent, label, icon }) => (
          <Button
            key={intent}
            type="submit"
            name="intent"
            value={intent}
            variant="outline"
            size="sm"
            icon={icon}
            aria-label={`${label} the invitation to ${invitation.email}`}
          >
            {label}
          </Button>
        ))}
      </fetcher.Form>
    </li>
  );
}
