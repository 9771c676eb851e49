import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { posts, sitemapPostFiles } from "../db/schema";

/*
 * The sitemap's files of posts (decision 091), kept in sitemap_post_files: each covers the
 * published posts from its start to the next file's, and the trigger of migration 0033 keeps
 * its count and newest update on every write. So the sitemap index reads a row per file, and a
 * file reads one range of posts_published_time_idx; neither counts the posts again.
 *
 * A file's range stays put: a post published now lands in the newest file, and older files
 * only change when their own posts do. What is left here is the per-file limit, which the
 * table does not know: a file past it is cut into full files from its oldest end, and
 * neighbours that together fill at most half a file (or one of them nothing) are joined. Half,
 * so that a deletion next to a full file does not join two files that the next post splits.
 */

/** When a post went out: published_at, or created_at for posts published before that column was set. */
export const publishedTime = sql`coalesce(${posts.publishedAt}, ${posts.createdAt})`;
const published = eq(posts.isPublished, true);
const postKey = sql`(${publishedTime}, ${posts.id})`;

/** One file: its start (the publication time as PostgreSQL's text, which keeps the microseconds a Date drops, and an id). */
export interface PostsFile {
  time: string;
  id: string;
  posts: number;
  /** The newest update among its posts; null while it has none. */
  lastModified: Date | null;
}

const startOf = (file: PostsFile) => sql`(${file.time}::timestamptz, ${file.id}::uuid)`;
const isFile = (file: PostsFile) =>
  sql`(${sitemapPostFiles.startTime}, ${sitemapPostFiles.startId}) = ${startOf(file)}`;

/**
 * The posts of `file`, up to the start of `next` (the newer neighbour) when there is one. The
 * planner cannot estimate a row comparison (at 1M it read the whole table for 1,000 rows), so
 * the times are bounded on their own too.
 */
const inRange = (file: PostsFile, next: PostsFile | undefined): SQL =>
  and(
    published,
    sql`${postKey} >= ${startOf(file)}`,
    sql`${publishedTime} >= ${file.time}::timestamptz`,
    next ? sql`${postKey} < ${startOf(next)}` : undefined,
    next ? sql`${publishedTime} <= ${next.time}::timestamptz` : undefined,
  ) as SQL;

const readFiles = (db: Database): Promise<PostsFile[]> =>
  db
    .select({
      time: sql<string>`${sitemapPostFiles.startTime}::text`,
      id: sitemapPostFiles.startId,
      posts: sitemapPostFiles.posts,
      lastModified: sitemapPostFiles.lastModified,
    })
    .from(sitemapPostFiles)
    .orderBy(asc(sitemapPostFiles.startTime), asc(sitemapPostFiles.startId));

const joinable = (older: PostsFile, newer: PostsFile, perFile: number) =>
  older.posts === 0 || newer.posts === 0 || older.posts + newer.posts <= perFile / 2;

const unbalanced = (files: PostsFile[], perFile: number) =>
  files.some((file, index) => {
    const older = files[index - 1];
    return file.posts > perFile || (older !== undefined && joinable(older, file, perFile));
  });

/** Cuts `file` into files of `perFile` posts from its oldest end: its own row keeps the first part. */
async function split(tx: Database, file: PostsFile, next: PostsFile | undefined, perFile: number) {
  await tx.execute(sql`
    with listed as (
      select ${publishedTime} as time, ${posts.id} as id, ${posts.updatedAt} as updated_at,
             row_number() over (order by ${publishedTime}, ${posts.id}) - 1 as place
      from ${posts} where ${inRange(file, next)}
    ), parts as (
      select place / ${perFile} as part,
             max(case when place % ${perFile} = 0 then time end) as start_time,
             max(case when place % ${perFile} = 0 then id::text end)::uuid as start_id,
             count(*)::int as posts, max(updated_at) as last_modified
      from listed group by part
    ), first as (
      update ${sitemapPostFiles} set posts = parts.posts, last_modified = parts.last_modified
      from parts where parts.part = 0 and ${isFile(file)}
    )
    insert into ${sitemapPostFiles} (start_time, start_id, posts, last_modified)
    select start_time, start_id, posts, last_modified from parts where part > 0`);
}

/** Joins `newer` into `older`, whose range then runs on to where `newer`'s ended. */
async function join(tx: Database, older: PostsFile, newer: PostsFile) {
  await tx
    .update(sitemapPostFiles)
    .set({
      posts: sql`${sitemapPostFiles.posts} + ${newer.posts}`,
      lastModified: sql`greatest(${sitemapPostFiles.lastModified}, (select last_modified from ${sitemapPostFiles} where ${isFile(newer)}))`,
    })
    .where(isFile(older));
  await tx.delete(sitemapPostFiles).where(isFile(newer));
}

/*
 * Writers wait while this runs (SHARE on posts): the counts it reads and writes cannot move
 * under it, and no post lands in a file while its range is being cut. A split reads at most
 * one file's worth of posts past the limit, once per that many posts published.
 */
async function balance(db: Database, perFile: number) {
  await db.transaction(async (tx) => {
    const database = tx as unknown as Database;
    await database.execute(sql`lock table ${posts} in share mode`);
    await database.execute(sql`lock table ${sitemapPostFiles} in exclusive mode`);
    const kept: PostsFile[] = [];
    for (const file of await readFiles(database)) {
      const older = kept.at(-1);
      if (older && joinable(older, file, perFile)) {
        await join(database, older, file);
        older.posts += file.posts;
      } else {
        kept.push({ ...file });
      }
    }
    for (const [index, file] of kept.entries()) {
      if (file.posts > perFile) await split(database, file, kept[index + 1], perFile);
    }
  });
}

export function createSitemapPostFiles(db: Database, perFile: number) {
  return {
    /** Every file, oldest first, each of at most `perFile` posts. */
    async list(): Promise<PostsFile[]> {
      const files = await readFiles(db);
      if (!unbalanced(files, perFile)) return files;
      await balance(db, perFile);
      return readFiles(db);
    },

    /** The URLs' posts of `file` (whose newer neighbour is `next`), newest first. */
    postsOf(file: PostsFile, next: PostsFile | undefined) {
      return db
        .select({ slug: posts.slug, lastModified: posts.updatedAt })
        .from(posts)
        .where(inRange(file, next))
        .orderBy(desc(publishedTime), desc(posts.id));
    },
  };
}
