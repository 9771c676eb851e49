import type { DashboardStats } from "@broadsheet/domain";
import { count, desc, eq, gte, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { comments, postDailyStats, posts, shares, users } from "../db/schema";
import { utcDay } from "../engagement";
import { countPosts, EXACT_TOTAL_UP_TO } from "../posts";

export type { DashboardStats };

const DASHBOARD_DAYS = 30;

/** What an editor looks at every morning (admin Home). Each figure is one query. */
export function createAnalyticsService(db: Database) {
  return {
    async dashboard(): Promise<DashboardStats> {
      const since = utcDay(-(DASHBOARD_DAYS - 1));
      const weekStart = utcDay(-6);
      const [published, drafts, userCount, daily, top, byPlatform, latest] = await Promise.all([
        countPosts(db, eq(posts.isPublished, true), EXACT_TOTAL_UP_TO),
        countPosts(db, eq(posts.isPublished, false), EXACT_TOTAL_UP_TO),
        db.select({ total: count() }).from(users),
        db
          .select({ day: postDailyStats.day, views: sql<number>`sum(${postDailyStats.views})`.mapWith(Number) })
          .from(postDailyStats)
          .where(gte(postDailyStats.day, since))
          .groupBy(postDailyStats.day),
        db
          .select({
            id: posts.id,
            slug: posts.slug,
            title: posts.title,
            views: sql<number>`sum(${postDailyStats.views})`.mapWith(Number),
          })
          .from(postDailyStats)
          .innerJoin(posts, eq(posts.id, postDailyStats.postId))
          .where(gte(postDailyStats.day, weekStart))
          .groupBy(posts.id, posts.slug, posts.title)
          .orderBy(desc(sql`sum(${postDailyStats.views})`), desc(posts.id))
          .limit(5),
        db
          .select({ platform: shares.platform, shares: count() })
          .from(shares)
          .groupBy(shares.platform)
          .orderBy(desc(count()), shares.platform),
        db
          .select({
            id: comments.id,
            text: comments.text,
            createdAt: comments.createdAt,
            name: users.name,
            postId: posts.id,
            slug: posts.slug,
            title: posts.title,
          })
          .from(comments)
          .innerJoin(posts, eq(posts.id, comments.postId))
          .leftJoin(users, eq(users.id, comments.userId))
          .orderBy(desc(comments.createdAt), desc(comments.id))
          .limit(10),
      ]);

      // Every one of the last 30 days, with 0 where nothing was read, so the chart has no gaps.
      const viewsByDay = new Map(daily.map((row) => [row.day, row.views]));
      const viewsPerDay = Array.from({ length: DASHBOARD_DAYS }, (_, index) => {
        const day = utcDay(index - (DASHBOARD_DAYS - 1));
        return { day, views: viewsByDay.get(day) ?? 0 };
      });
      return {
        posts: {
          total: published.total + drafts.total,
          published: published.total,
          drafts: drafts.total,
          totalIsEstimate: published.totalIsEstimate || drafts.totalIsEstimate,
        },
        users: userCount[0]?.total ?? 0,
        viewsPerDay,
        topPostsThisWeek: top.map((row) => ({ _id: row.id, slug: row.slug, title: row.title, views: row.views })),
        sharesByPlatform: byPlatform.map((row) => ({ platform: row.platform, shares: row.shares })),
        latestComments: latest.map((row) => ({
          _id: row.id,
          text: row.text,
          created: row.createdAt.toISOString(),
          postedBy: row.name ?? "Anonymous",
          post: { _id: row.postId, slug: row.slug, title: row.title },
        })),
      };
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
