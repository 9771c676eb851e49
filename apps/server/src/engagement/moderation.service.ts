import {
  type CommentBulk,
  type CommentPatch,
  type CommentStatus,
  ENGAGEMENT_MESSAGES,
  isStaff,
  isUuid,
  MODERATION_MESSAGES,
  type ModeratedComment,
  type ModerationCounts,
  type ModerationQuery,
  type Page,
  REPORTS_TO_HIDE,
  type Role,
} from "@broadsheet/domain";
import { and, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { type Caches, POST_LISTS, postActivityTag, postTag } from "../caching";
import type { Database } from "../db/client";
import { readPage } from "../db/paging";
import { commentReports, comments, posts, users } from "../db/schema";
import { escapeLike } from "../db/sql-patterns";
import { conflict, forbidden, invalid, notFound } from "../errors";
import type { SettingsService } from "../newsroom";
import { bumpDailyStat } from "./daily-stats";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

// Links as readers type them: with a scheme, or starting with www.
const LINK = /\bhttps?:\/\/|\bwww\./gi;

const reportCount = sql<number>`(select count(*)::int from ${commentReports} where ${commentReports.commentId} = ${comments.id})`;

/*
 * Comment moderation (docs/product/moderation.md): which new comments wait for review, the
 * queue staff work through, readers' reports and blocked readers. Only approved comments are
 * counted on posts, so every change of status moves the post's count with it.
 */
export function createModerationService(db: Database, deps: { caches: Caches; settings: SettingsService }) {
  async function postChanged(postId: string) {
    const [post] = await db.select({ slug: posts.slug }).from(posts).where(eq(posts.id, postId));
    await deps.caches.changed([
      postActivityTag(postId),
      postTag(postId),
      ...(post ? [postTag(post.slug)] : []),
      POST_LISTS,
    ]);
  }

  /** Moves the post's count when a comment enters or leaves "approved". */
  async function recount(tx: Transaction, postId: string, from: string, to: string) {
    if (from === to || (from !== "approved" && to !== "approved")) return;
    const change = to === "approved" ? sql`${posts.commentCount} + 1` : sql`greatest(${posts.commentCount} - 1, 0)`;
    await tx.update(posts).set({ commentCount: change }).where(eq(posts.id, postId));
    if (to === "approved") await bumpDailyStat(tx, postId, "comments");
  }

  async function readComment(id: string): Promise<ModeratedComment> {
    const [row] = await listQuery(eq(comments.id, id)).limit(1);
    if (!row) throw notFound(ENGAGEMENT_MESSAGES.commentNotFound);
    return toModerated(row);
  }

  function listQuery(where: SQL | undefined) {
    return db
      .select({
        postId: posts.id,
        postTitle: posts.title,
        postSlug: posts.slug,
        id: comments.id,
        text: comments.text,
        status: comments.status,
        createdAt: comments.createdAt,
        reports: reportCount,
        userId: comments.userId,
        userName: users.name,
        authorName: comments.authorName,
        blockedAt: users.commentsBlockedAt,
      })
      .from(comments)
      .innerJoin(posts, eq(posts.id, comments.postId))
      .leftJoin(users, eq(users.id, comments.userId))
      .where(where)
      .orderBy(desc(comments.createdAt), desc(comments.id));
  }

  type Row = Awaited<ReturnType<typeof listQuery>>[number];
  const toModerated = (row: Row): ModeratedComment => ({
    _id: row.id,
    text: row.text,
    status: row.status as CommentStatus,
    created: row.createdAt.toISOString(),
    postedBy: {
      _id: row.userId,
      name: row.userName ?? (row.authorName || "Anonymous"),
      blocked: row.blockedAt !== null,
    },
    post: { _id: row.postId, title: row.postTitle, slug: row.postSlug },
    reports: row.reports,
  });

  const reported = sql`exists (select 1 from ${commentReports} where ${commentReports.commentId} = ${comments.id})`;

  async function changeStatus(id: string, to: CommentStatus): Promise<string | null> {
    return db.transaction(async (tx) => {
      const [current] = await tx
        .select({ status: comments.status, postId: comments.postId })
        .from(comments)
        .where(eq(comments.id, id))
        .for("update");
      if (!current) return null;
      await tx.update(comments).set({ status: to }).where(eq(comments.id, id));
      await recount(tx, current.postId, current.status, to);
      // Approving a reported comment answers its reports.
      if (to === "approved") await tx.delete(commentReports).where(eq(commentReports.commentId, id));
      return current.postId;
    });
  }

  async function removeComment(id: string): Promise<string | null> {
    return db.transaction(async (tx) => {
      const [gone] = await tx
        .delete(comments)
        .where(eq(comments.id, id))
        .returning({ postId: comments.postId, status: comments.status });
      if (!gone) return null;
      await recount(tx, gone.postId, gone.status, "deleted");
      return gone.postId;
    });
  }

  function commentId(id: string): string {
    if (!isUuid(id)) throw notFound(ENGAGEMENT_MESSAGES.commentNotFound);
    return id.toLowerCase();
  }

  return {
    /** Refuses a blocked reader's comment or review (403). */
    async assertMayEngage(userId: string): Promise<void> {
      const [user] = await db.select({ blockedAt: users.commentsBlockedAt }).from(users).where(eq(users.id, userId));
      if (user?.blockedAt) throw forbidden(MODERATION_MESSAGES.blocked);
    },

    /** The status a new comment starts with, from the settings; staff's comments are never held. */
    async statusOfNewComment(userId: string, role: Role | undefined, text: string): Promise<CommentStatus> {
      await this.assertMayEngage(userId);
      if (isStaff(role)) return "approved";
      const settings = await deps.settings.getSettings();
      if (settings.commentModeration === "all") return "pending";
      const lowered = text.toLowerCase();
      if ((settings.commentHeldWords ?? []).some((word) => lowered.includes(word.toLowerCase()))) return "pending";
      const maxLinks = settings.commentMaxLinks ?? 0;
      if (maxLinks > 0 && (text.match(LINK)?.length ?? 0) > maxLinks) return "pending";
      if (settings.commentModeration === "first") {
        const [earlier] = await db
          .select({ id: comments.id })
          .from(comments)
          .where(and(eq(comments.userId, userId), eq(comments.status, "approved")))
          .limit(1);
        if (!earlier) return "pending";
      }
      return "approved";
    },

    async list(query: ModerationQuery): Promise<Page<ModeratedComment>> {
      const search = query.search.trim();
      const where = and(
        query.status === "reported" ? reported : query.status ? eq(comments.status, query.status) : undefined,
        search
          ? or(ilike(comments.text, `%${escapeLike(search)}%`), ilike(users.name, `%${escapeLike(search)}%`))
          : undefined,
      );
      const countAll = () =>
        db.select({ total: count() }).from(comments).leftJoin(users, eq(users.id, comments.userId)).where(where);
      const { rows, total } = await readPage(query.page, query.limit, countAll, (offset) =>
        listQuery(where).limit(query.limit).offset(offset),
      );
      return { items: rows.map(toModerated), total, page: query.page, limit: query.limit };
    },

    async counts(): Promise<ModerationCounts> {
      const [row] = await db
        .select({
          pending: sql<number>`count(*) filter (where ${comments.status} = 'pending')::int`,
          approved: sql<number>`count(*) filter (where ${comments.status} = 'approved')::int`,
          spam: sql<number>`count(*) filter (where ${comments.status} = 'spam')::int`,
          reported: sql<number>`count(*) filter (where ${reported})::int`,
        })
        .from(comments);
      return row ?? { pending: 0, approved: 0, spam: 0, reported: 0 };
    },

    async update(rawId: string, patch: CommentPatch): Promise<ModeratedComment> {
      const id = commentId(rawId);
      let postId: string | null | undefined;
      if (patch.text !== undefined) {
        const [edited] = await db
          .update(comments)
          .set({ text: patch.text })
          .where(eq(comments.id, id))
          .returning({ postId: comments.postId });
        postId = edited?.postId ?? null;
      }
      if (patch.status !== undefined && postId !== null) postId = await changeStatus(id, patch.status);
      if (!postId) throw notFound(ENGAGEMENT_MESSAGES.commentNotFound);
      await postChanged(postId);
      return readComment(id);
    },

    async remove(rawId: string): Promise<ModeratedComment> {
      const comment = await readComment(commentId(rawId));
      const postId = await removeComment(comment._id);
      if (!postId) throw notFound(ENGAGEMENT_MESSAGES.commentNotFound);
      await postChanged(postId);
      return comment;
    },

    /** Answers how many of the comments changed (ids of comments gone meanwhile are passed over). */
    async bulk({ ids, action }: CommentBulk): Promise<number> {
      const wanted = [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))];
      const touched = new Set<string>();
      let changed = 0;
      for (const id of wanted) {
        const postId =
          action === "delete"
            ? await removeComment(id)
            : await changeStatus(id, action === "approve" ? "approved" : "spam");
        if (!postId) continue;
        changed++;
        touched.add(postId);
      }
      for (const postId of touched) await postChanged(postId);
      return changed;
    },

    /** Once per reader; from REPORTS_TO_HIDE readers an approved comment waits for review. */
    async report(rawId: string, userId: string): Promise<void> {
      const id = commentId(rawId);
      const [comment] = await db
        .select({ userId: comments.userId, status: comments.status })
        .from(comments)
        .where(eq(comments.id, id));
      // Only what the reader can see can be reported.
      if (!comment || (comment.status !== "approved" && comment.userId !== userId)) {
        throw notFound(ENGAGEMENT_MESSAGES.commentNotFound);
      }
      if (comment.userId === userId) throw invalid(MODERATION_MESSAGES.ownComment);
      const added = await db
        .insert(commentReports)
        .values({ commentId: id, userId })
        .onConflictDoNothing()
        .returning({ commentId: commentReports.commentId });
      if (added.length === 0) throw conflict(MODERATION_MESSAGES.alreadyReported);
      const [{ reports } = { reports: 0 }] = await db
        .select({ reports: count() })
        .from(commentReports)
        .where(eq(commentReports.commentId, id));
      if (reports >= REPORTS_TO_HIDE && comment.status === "approved") {
        const postId = await changeStatus(id, "pending");
        if (postId) await postChanged(postId);
      }
    },

    /** Blocks or unblocks a reader; staff accounts cannot be blocked. Answers the reader's name. */
    async setBlocked(rawId: string, blocked: boolean): Promise<string> {
      if (!isUuid(rawId)) throw notFound(MODERATION_MESSAGES.userNotFound);
      const [user] = await db
        .select({ name: users.name, role: users.role })
        .from(users)
        .where(eq(users.id, rawId.toLowerCase()));
      if (!user) throw notFound(MODERATION_MESSAGES.userNotFound);
      if (isStaff(user.role)) throw invalid(MODERATION_MESSAGES.staffNotBlockable);
      await db
        .update(users)
        .set({ commentsBlockedAt: blocked ? sql`coalesce(${users.commentsBlockedAt}, now())` : null })
        .where(eq(users.id, rawId.toLowerCase()));
      return user.name;
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
