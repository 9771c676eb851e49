import { isStaff, MESSAGES, TWO_FACTOR_MESSAGES, usersApi } from "@broadsheet/domain";
import {
  Download,
  Files,
  FileText,
  FileUp,
  FolderTree,
  Images,
  Inbox,
  LayoutDashboard,
  ListChecks,
  Mail,
  Megaphone,
  MessageSquare,
  PenSquare,
  PlusSquare,
  ScrollText,
  Settings,
  Signpost,
  Tag,
  Tags,
  Users,
  Vote,
} from "lucide-react";
import { data, Link, Outlet } from "react-router";
import { AdminSectionMenu } from "../../components/admin/admin-section-menu";
import { PermissionDenied } from "../../components/permission-denied";
import { callApi } from "../../lib/api.server";
import { siteNameIn } from "../../lib/site";
import type { Route } from "./+types/layout";

/*
 * The guard of /admin/*: staff (editor or admin, docs/product.md#2-roles-and-permissions) see the side menu and the
 * screen; everyone else the permission screen, with a login offer when logged out.
 * The API enforces the same rules on every call; this only mirrors them.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const session = await callApi(context, usersApi.getUser);
  const user = session.ok ? session.data : null;
  if (!user) {
    const here = new URL(request.url);
    return data({ user: null, loginHref: `/login?redirectTo=${encodeURIComponent(here.pathname + here.search)}` }, 401);
  }
  if (!isStaff(user.role)) return data({ user: null, loginHref: undefined }, 403);
  if (context.site.requireTwoFactor && !user.twoFactorEnabled) {
    return data({ user: null, loginHref: undefined, twoFactorMissing: true }, 403);
  }
  return { user, loginHref: undefined };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  {
    title: loaderData?.user
      ? `Admin | ${siteNameIn(matches)}`
      : `${MESSAGES.permissionDenied} | ${siteNameIn(matches)}`,
  },
  { name: "robots", content: "noindex" },
];

interface MenuItem {
  to: string;
  label: string;
  icon: typeof LayoutDashboard;
  adminOnly?: boolean;
}

const MENU: MenuItem[] = [
  { to: "/admin/home", label: "Dashboard", icon: LayoutDashboard },
  { to: "/admin/all-posts", label: "All Posts", icon: FileText },
  { to: "/admin/add-post", label: "Add Post", icon: PenSquare },
  { to: "/admin/category", label: "Categories", icon: FolderTree },
  { to: "/admin/brand", label: "Types", icon: Tags },
  { to: "/admin/tags", label: "Tags", icon: Tag },
  { to: "/admin/pages", label: "Pages", icon: Files },
  { to: "/admin/comments", label: "Comments", icon: MessageSquare },
  { to: "/admin/media", label: "Media", icon: Images },
  { to: "/admin/all-adds", label: "All Adverts", icon: Megaphone },
  { to: "/admin/add-adds", label: "Add Advert", icon: PlusSquare },
  { to: "/admin/all-votes", label: "All Votes", icon: ListChecks },
  { to: "/admin/newsletters", label: "Newsletters", icon: Mail },
  { to: "/admin/subscribers", label: "Subscribers", icon: Inbox },
  { to: "/admin/add-vote", label: "Add Vote", icon: Vote },
  { to: "/admin/view-users", label: "Users", icon: Users, adminOnly: true },
  { to: "/admin/settings", label: "Settings", icon: Settings, adminOnly: true },
  { to: "/admin/audit", label: "Audit log", icon: ScrollText, adminOnly: true },
  { to: "/admin/redirects", label: "Redirects", icon: Signpost, adminOnly: true },
  { to: "/admin/export", label: "Export", icon: Download, adminOnly: true },
  { to: "/admin/import", label: "Import", icon: FileUp, adminOnly: true },
];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { user, loginHref } = loaderData;
  if ("twoFactorMissing" in loaderData) {
    return (
      <section className="mx-auto max-w-xl py-16 text-center">
        <h1 className="font-serif text-3xl font-bold">Two-factor sign-in required</h1>
        <p className="mt-4 text-gray-600">{TWO_FACTOR_MESSAGES.requiredForStaff}.</p>
        <Link to="/profile" className="mt-6 inline-block font-semibold text-brand-700 hover:underline">
          Set it up in your profile
        </Link>
      </section>
    );
  }
  if (!user) return <PermissionDenied message={MESSAGES.adminUsersOnly} loginHref={loginHref} />;
  const items = MENU.filter((item) => !item.adminOnly || user.role === "admin");
  return (
    <div className="grid gap-6 md:grid-cols-[14rem_1fr]">
      <AdminSectionMenu sections={items} />
      <div className="min-w-0">
        <Outlet context={{ user }} />
      </div>
    </div>
  );
}
