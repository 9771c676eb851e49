import { adminApi, engagementApi, formatRelativeTime, postPath, shortenText, subscribersApi } from "@broadsheet/domain";
import { Eye, FileText, MessageSquare, Share2, TrendingUp, Users } from "lucide-react";
import { data, Link } from "react-router";
import { AdminPageHeader, AdminPanel } from "../../components/admin/admin-page-header";
import { MeterBar, percentOf } from "../../components/admin/dashboard/meter-bar";
import { RateLimitStore } from "../../components/admin/dashboard/rate-limit-store";
import { StatCard } from "../../components/admin/dashboard/stat-card";
import { ViewsChart } from "../../components/admin/dashboard/views-chart";
import { DeleteAction } from "../../components/admin/delete-action";
import { EmptyState } from "../../components/ui";
import { adminMeta } from "../../lib/admin/admin-meta";
import { useAdminUser } from "../../lib/admin/admin-outlet";
import { callApi, errorMessage } from "../../lib/api.server";
import { apiAction } from "../../lib/forms/answer.server";
import { formText } from "../../lib/forms/form-data";
import { useSiteName } from "../../lib/site";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Dashboard");

export async function loader({ context }: Route.LoaderArgs) {
  const [result, runtime, growth] = await Promise.all([
    callApi(context, adminApi.stats),
    callApi(context, adminApi.runtime),
    callApi(context, subscribersApi.growth),
  ]);
  // Not staff: the admin layout shows the permission screen instead of this one.
  if (result.status === 401 || result.status === 403) return data({ stats: null }, { status: result.status });
  if (!result.ok) throw data(errorMessage(result), { status: result.status });
  // The runtime figures are for admins: an editor's dashboard goes without them.
  const rateLimits = runtime.ok ? runtime.data.rateLimits : null;
  // Subscribers per day, as the growth endpoint gives them (a level each day).
  const subscribers = growth.ok ? growth.data.days.map((day) => ({ day: day.date, views: day.subscribed })) : null;
  return { stats: result.data, rateLimits, subscribers, now: new Date().toISOString() };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const params = { id: formText(form, "postId"), commentId: formText(form, "commentId") };
  // Staff may delete any comment (docs/product.md#2-roles-and-permissions); the API's message is toasted.
  return apiAction(context, "deleteComment", engagementApi.deleteComment, { params });
}

const PLATFORM_NAMES: Record<string, string> = {
  facebook: "Facebook",
  x: "X",
  whatsapp: "WhatsApp",
  linkedin: "LinkedIn",
  copy: "Copied link",
};

const count = new Intl.NumberFormat("en-US");

function plural(value: number, one: string, many: string): string {
  return `${count.format(value)} ${value === 1 ? one : many}`;
}

export default function DashboardScreen({ loaderData }: Route.ComponentProps) {
  const user = useAdminUser();
  const siteName = useSiteName();
  if (!loaderData.stats) return null;
  const { stats } = loaderData;
  const now = new Date("now" in loaderData ? loaderData.now : Date.now());
  const views30 = stats.viewsPerDay.reduce((sum, day) => sum + day.views, 0);
  const totalShares = stats.sharesByPlatform.reduce((sum, row) => sum + row.shares, 0);
  const firstName = user.name.split(/\s+/)[0] || user.name;

  return (
    <>
      <AdminPageHeader
        title="Dashboard"
        description={`Welcome back, ${firstName}. Here is how ${siteName} is doing.`}
      />

      <section aria-label="Totals" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          label="Posts"
          value={stats.posts.total}
          icon={FileText}
          detail={`${stats.posts.totalIsEstimate ? "About " : ""}${count.format(stats.posts.published)} published · ${plural(stats.posts.drafts, "draft", "drafts")}`}
        />
        <StatCard label="Users" value={stats.users} icon={Users} tone="blue" detail="Readers and staff" />
        <StatCard label="Views" value={views30} icon={Eye} tone="ink" detail="Last 30 days" />
        <StatCard label="Shares" value={totalShares} icon={Share2} tone="green" detail="All time" />
      </section>

      <AdminPanel
        id="views"
        title="Views per day"
        description="Post page views over the last 30 days (UTC)."
        className="mt-6"
      >
        <ViewsChart days={stats.viewsPerDay} />
      </AdminPanel>

      {"subscribers" in loaderData && loaderData.subscribers ? (
        <AdminPanel
          id="subscribers"
          title="Subscribers"
          description="Subscribed newsletter addresses over the last 30 days (UTC)."
          className="mt-6"
        >
          <ViewsChart
            days={loaderData.subscribers}
            title="Subscribers per day, last 30 days"
            figure={{ one: "subscriber", many: "subscribers", level: true }}
          />
        </AdminPanel>
      ) : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <AdminPanel id="top-posts" title="Top posts this week" description="Most read in the last 7 days.">
          {stats.topPostsThisWeek.length === 0 ? (
            <EmptyState icon={<TrendingUp className="h-7 w-7 text-gray-400" />}>No views this week yet.</EmptyState>
          ) : (
            <ol className="divide-y divide-gray-100">
              {stats.topPostsThisWeek.map((post, index) => (
                <li key={post._id} className="flex items-center gap-3 py-2.5">
                  <span
                    aria-hidden="true"
                    className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-gray-100 text-xs font-bold text-gray-700"
                  >
                    {index + 1}
                  </span>
                  <Link
                    to={postPath(post.slug)}
                    className="line-clamp-2 min-w-0 flex-1 font-medium text-ink hover:text-brand-700 hover:underline"
                    title={post.title}
                  >
                    {post.title}
                  </Link>
                  <span className="shrink-0 text-sm tabular-nums text-gray-600">
                    {plural(post.views, "view", "views")}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </AdminPanel>

        <AdminPanel id="shares" title="Shares by platform" description={plural(totalShares, "share", "shares")}>
          {stats.sharesByPlatform.length === 0 ? (
            <EmptyState icon={<Share2 className="h-7 w-7 text-gray-400" />}>No shares yet.</EmptyState>
          ) : (
            <ul className="space-y-4">
              {stats.sharesByPlatform.map((row, index) => {
                const name = PLATFORM_NAMES[row.platform] ?? row.platform;
                const percent = percentOf(row.shares, totalShares);
                return (
                  <li key={row.platform}>
                    <MeterBar
                      label={name}
                      value={`${count.format(row.shares)} · ${percent}%`}
                      percent={percent}
                      srText={`${name}: ${plural(row.shares, "share", "shares")}, ${percent}%`}
                      highlight={index === 0}
                    />
                  </li>
                );
              })}
            </ul>
          )}
        </AdminPanel>
      </div>

      <AdminPanel id="comments" title="Latest comments" description="The newest ten, on any post." className="mt-6">
        {stats.latestComments.length === 0 ? (
          <EmptyState icon={<MessageSquare className="h-7 w-7 text-gray-400" />}>No comments yet.</EmptyState>
        ) : (
          <ul className="divide-y divide-gray-100">
            {stats.latestComments.map((comment) => (
              <li key={comment._id} className="flex items-start gap-3 py-3">
                <span
                  aria-hidden="true"
                  className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-gray-200 text-sm font-bold text-gray-700"
                >
                  {comment.postedBy.charAt(0).toUpperCase()}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="text-sm text-gray-600">
                    <span className="font-semibold text-ink">{comment.postedBy}</span> on{" "}
                    <Link
                      to={`${postPath(comment.post.slug)}#comments`}
                      className="font-medium text-brand-700 hover:underline"
                    >
                      {shortenText(comment.post.title, 60)}
                    </Link>{" "}
                    · <time dateTime={comment.created}>{formatRelativeTime(comment.created, now)}</time>
                  </p>
                  <p className="mt-1 break-words text-ink">{shortenText(comment.text, 200)}</p>
                </div>
                <DeleteAction
                  question="Are you sure to delete?"
                  detail={<>The comment by {comment.postedBy} will be removed.</>}
                  label={`Delete comment by ${comment.postedBy}`}
                  fields={{ postId: comment.post._id, commentId: comment._id }}
                />
              </li>
            ))}
          </ul>
        )}
      </AdminPanel>

      {"rateLimits" in loaderData && loaderData.rateLimits ? (
        <RateLimitStore rateLimits={loaderData.rateLimits} />
      ) : null}
    </>
  );
}
