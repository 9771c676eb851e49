import {
  ADMIN_PAGE_SIZE,
  INVITATION_MESSAGES,
  InviteInputSchema,
  invitationsApi,
  MESSAGES,
  type PublicUser,
  ROLES,
  type Role,
  SUCCESS_MESSAGES,
  shortenText,
  UpdateRoleInputSchema,
  usersApi,
} from "@broadsheet/domain";
import { Search, UserCog, Users, X } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Form, Link, redirect, useFetcher } from "react-router";
import { AdminPageHeader, AdminPanel } from "../../components/admin/admin-page-header";
import { InvitationsPanel } from "../../components/admin/invitations-panel";
import { PermissionDenied } from "../../components/permission-denied";
import { Button, type Column, cellClass, DataTable, inputClass, Pager, rowClass } from "../../components/ui";
import { adminMeta } from "../../lib/admin/admin-meta";
import { useAdminUser } from "../../lib/admin/admin-outlet";
import { callApi, errorMessage } from "../../lib/api.server";
import type { ActionResult } from "../../lib/forms/action-result";
import { apiAction, refuse } from "../../lib/forms/answer.server";
import { check } from "../../lib/forms/check";
import { formTexts } from "../../lib/forms/form-data";
import { useResultToast } from "../../lib/forms/use-result-toast";
import { listHref, pageParam } from "../../lib/paging";
import type { Route } from "./+types/view-users";

/** docs/product.md#5-admin-screens: the ID column shows at most 16 characters. */
const ID_LENGTH = 16;

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  adminMeta(matches, "Users", Boolean(loaderData && !loaderData.denied));

const usersHref = (search: string, page: number) => listHref("/admin/view-users", { search, page });

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const search = (url.searchParams.get("search") ?? "").trim().slice(0, 200);
  const page = pageParam(url.searchParams);
  const result = await callApi(context, usersApi.listUsers, { query: { search, page, limit: ADMIN_PAGE_SIZE } });
  // docs/product.md#2-roles-and-permissions: the Users screen is for admins only; the API refuses editors (403).
  if (result.status === 401 || result.status === 403) {
    return data({ denied: true as const, search, users: null, invitations: [] }, { status: result.status });
  }
  if (!result.ok) throw data(errorMessage(result), { status: result.status });
  const last = Math.max(1, Math.ceil(result.data.total / result.data.limit));
  if (result.data.items.length === 0 && page > last) throw redirect(usersHref(search, last));
  const invitations = await callApi(context, invitationsApi.list);
  return { denied: false as const, search, users: result.data, invitations: invitations.ok ? invitations.data : [] };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "invite") {
    const values = formTexts(form, ["email", "role"]);
    const checked = check(InviteInputSchema, values, "Please enter a valid email");
    if (!checked.ok) return refuse(checked, { intent, values });
    return apiAction(
      context,
      intent,
      invitationsApi.create,
      { body: checked.value },
      {
        success: `Invitation sent to ${checked.value.email}`,
        values,
      },
    );
  }
  if (intent === "resend" || intent === "revoke") {
    const params = { id: formTexts(form, ["id"]).id };
    return intent === "resend"
      ? apiAction(context, intent, invitationsApi.resend, { params }, { success: "Invitation sent again" })
      : apiAction(context, intent, invitationsApi.revoke, { params }, { success: INVITATION_MESSAGES.revoked });
  }
  const values = formTexts(form, ["id", "role"]);
  const checked = check(UpdateRoleInputSchema, values, "Please choose a role");
  if (!checked.ok) return refuse(checked, { intent: "updateRole", values });
  return apiAction(
    context,
    "updateRole",
    usersApi.updateRole,
    { body: checked.value },
    { success: SUCCESS_MESSAGES.roleUpdated, values },
  );
}

const ROLE_TEXT: Record<Role, string> = {
  admin: "font-semibold text-brand-700",
  editor: "font-semibold text-blue-800",
  user: "text-ink",
};

const COLUMNS: Column<PublicUser>[] = [
  { header: "s/n", cell: () => null, className: "w-14" },
  { header: "ID", cell: () => null },
  { header: "Email", cell: () => null },
  { header: "Role", cell: () => null, className: "w-40" },
  { header: "Action", cell: () => null, hideHeader: true, className: "w-40 text-right" },
];

/**
 * One user: the Role select and the Update Role button, enabled only when the selected role
 * differs from the saved one (docs/product.md#5-admin-screens). The two cells share one form (the form attribute).
 */
function UserTableRow({ user, number, isMe }: { user: PublicUser; number: number; isMe: boolean }) {
  const fetcher = useFetcher<ActionResult>();
  const [role, setRole] = useState<Role>(user.role);
  // A saved change comes back as the row's new role, and the button disables again.
  useEffect(() => setRole(user.role), [user.role]);
  useResultToast(fetcher.data);
  const busy = fetcher.state !== "idle";
  const formId = `role-form-${user._id}`;
  return (
    <tr className={rowClass}>
      <td className={`${cellClass} text-gray-600`}>{number}</td>
      <td className={cellClass}>
        <code
          title={user._id}
          className="whitespace-nowrap rounded bg-gray-100 px-1.5 py-0.5 font-mono text-xs text-gray-700"
        >
          {shortenText(user._id, ID_LENGTH)}
        </code>
      </td>
      <td className={cellClass}>
        <p className="font-medium">
          {user.email}
          {isMe ? <span className="ml-2 text-xs font-semibold text-gray-600">(you)</span> : null}
        </p>
        <p className="text-xs text-gray-600">{user.name}</p>
      </td>
      <td className={cellClass}>
        <select
          form={formId}
          name="role"
          aria-label={`Role for ${user.email}`}
          value={role}
          onChange={(event) => setRole(event.target.value as Role)}
          className={`${inputClass} py-1.5 capitalize ${ROLE_TEXT[role]}`}
        >
          {ROLES.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </td>
      <td className={`${cellClass} text-right`}>
        <fetcher.Form id={formId} method="post">
          <input type="hidden" name="id" value={user._id} />
          <Button
            type="submit"
            variant="dark"
            size="sm"
            icon={UserCog}
            busy={busy}
            disabled={role === user.role}
            className="whitespace-nowrap disabled:bg-gray-100 disabled:text-gray-500"
          >
            Update Role
          </Button>
        </fetcher.Form>
      </td>
    </tr>
  );
}

export default function UsersScreen({ loaderData }: Route.ComponentProps) {
  const me = useAdminUser();
  if (loaderData.denied || !loaderData.users) return <PermissionDenied message={MESSAGES.adminUsersOnly} />;
  const { search } = loaderData;
  const { items, total, page, limit } = loaderData.users;
  return (
    <>
      <AdminPageHeader title="Users" description="Readers and staff, newest first. Only admins can change roles." />
      <InvitationsPanel invitations={loaderData.invitations} />
      <AdminPanel
        id="user-list"
        title={search ? `Users matching “${search}”` : "All users"}
        description={`${total} ${total === 1 ? "user" : "users"}`}
        actions={
          <Form method="get" role="search" className="flex w-full items-center gap-2 sm:w-auto">
            <div className="relative flex-1 sm:w-72">
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-gray-500"
              />
              <input
                type="search"
                name="search"
                aria-label="Search users by email"
                placeholder="Search by email"
                defaultValue={search}
                key={search}
                className={`${inputClass} py-2 pl-9`}
              />
            </div>
            <Button type="submit" variant="outline" size="md">
              Search
            </Button>
            {search ? (
              <Link
                to="/admin/view-users"
                aria-label="Clear search"
                className="rounded-md p-2 text-gray-600 hover:bg-gray-100 hover:text-ink"
              >
                <X aria-hidden="true" className="h-4 w-4" />
              </Link>
            ) : null}
          </Form>
        }
      >
        <DataTable
          caption="Users"
          minWidthClass="min-w-[48rem]"
          columns={COLUMNS}
          rows={items}
          rowKey={(user) => user._id}
          renderRow={(user, index) => (
            <UserTableRow user={user} number={(page - 1) * limit + index + 1} isMe={user._id === me._id} />
          )}
          empty="No user found..."
          emptyIcon={<Users className="h-8 w-8 text-gray-400" />}
        />
        <Pager page={page} total={total} limit={limit} hrefFor={(number) => usersHref(search, number)} />
      </AdminPanel>
    </>
  );
}
