import { randomBytes, randomUUID } from "node:crypto";
import { buildSku, minuteRead, type Role, slugify } from "@broadsheet/domain";
import { eq, getTableColumns, inArray, sql } from "drizzle-orm";
import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import { type Database, selectRows } from "../db/client";
import {
  adverts,
  categories,
  comments,
  polls,
  pollVotes,
  postDailyStats,
  postLikes,
  posts,
  postTags,
  types,
  users,
} from "../db/schema";
import type { Services } from "../services";
import { tagNamed } from "../taxonomy";
import {
  createRandom,
  DEMO_CATEGORIES,
  DEMO_COMMENTS,
  DEMO_READERS,
  DEMO_VIDEOS,
  type DemoCategory,
  demoBody,
  demoTitle,
  type Random,
  withVideo,
} from "./demo-content";
import { renderCoverImage } from "./demo-images";

export interface DemoAccount {
  email: string;
  password: string;
  role: Role;
}

export interface SeedResult {
  posts: number;
  accounts: DemoAccount[];
}

const SEED = 20261122;
const DAY_MS = 24 * 60 * 60 * 1000;
/*
 * Rows per INSERT. Rows travel as one JSON parameter, so the batch is bounded by memory
 * (about 2 MB of posts), not by the protocol's 65 535 parameters.
 */
const INSERT_BATCH = 1000;
// The newest posts are spread over the last 40 days; a scale seed reaches three years back.
const RECENT_POSTS = 200;
// Views, likes and comments are simulated for the newest posts only; older ones get a view count.
const ENGAGED_POSTS = 120;
const STATS_DAYS = 30;

const STAFF_ACCOUNTS: { email: string; name: string; role: Role; bio?: string }[] = [
  {
    email: "admin@broadsheet.example",
    name: "Alex Admin",
    role: "admin",
    bio: "Alex edits Broadsheet's front page and writes on world affairs, technology and the business of news.",
  },
  {
    email: "editor@broadsheet.example",
    name: "Erin Editor",
    role: "editor",
    bio: "Erin covers national news and travel, and looks after the jobs and audio & video desks.",
  },
  { email: "reader@broadsheet.example", name: "Riley Reader", role: "user" },
];

const ADVERT_PLACEMENTS = [
  { placement: "Advert Top" as const, count: 4, colors: ["#111827", "#c8102e"] as [string, string] },
  { placement: "Advert Main" as const, count: 2, colors: ["#0f3b5f", "#f59e0b"] as [string, string] },
  { placement: "Advert Main2" as const, count: 2, colors: ["#14532d", "#84cc16"] as [string, string] },
];

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

type DayStat = Required<Omit<typeof postDailyStats.$inferInsert, "postId" | "day">> & { postId: string; day: string };

/** The simulated activity of one post: its counters and the rows they count. */
interface Engagement {
  views: number;
  stats: DayStat[];
  likes: (typeof postLikes.$inferInsert)[];
  comments: (typeof comments.$inferInsert)[];
}

/**
 * Fills the database with a believable magazine: categories and types, posts with
 * generated cover images, adverts, a poll, readers' comments and likes, and 30 days of
 * views. Accounts that already exist (e.g. made with user:create) are left untouched.
 *
 * Built for a million posts: every row is computed in memory (counters included, so no
 * post is written twice), written in large batches in one transaction (a failed seed
 * adds nothing), oldest first, and vacuumed and analysed once at the end. Into an empty
 * database the indexes of posts and their tags, and the posts' media uses, are built after the
 * rows are in (decision 094).
 */
/** The posts `npm start` seeds an empty database with. */
export const DEMO_POST_COUNT = 80;

export async function seedDemoContent(
  db: Database,
  services: Services,
  options: { posts: number },
): Promise<SeedResult> {
  const accounts = await ensureStaffAccounts(services);
  const authorIds = await userIds(db, ["admin@broadsheet.example", "editor@broadsheet.example"]);
  const readerIds = await ensureReaders(services);
  const uploaderId = authorIds[0] ?? readerIds[0] ?? "";
  const categoryIds = await ensureCategories(db);
  const tagIds = await ensureTags(db);
  // Images go through the media service (outside the transaction): rendered once, stored once by content hash.
  const imagePool = await uploadImagePool(services, uploaderId);
  const [advert] = await db.select({ id: adverts.id }).from(adverts).limit(1);
  const advertRows = advert ? [] : await uploadAdvertImages(services, uploaderId);
  const slugs = new SlugAllocator((await db.select({ slug: posts.slug }).from(posts)).map((row) => row.slug));

  const random = createRandom(SEED);
  const now = Date.now();
  const ages = postAges(options.posts, createRandom(SEED + 1));
  // Its own sequence, so tags change nothing else the seed draws.
  const tagRandom = createRandom(SEED + 2);

  await db.transaction(async (tx) => {
    const rebuild = await deferUpkeepOfEmptyTables(tx, [posts, postTags]);
    const activity: Engagement[] = [];
    const taggings: (typeof postTags.$inferInsert)[] = [];
    let batch: (typeof posts.$inferInsert)[] = [];
    // Oldest first, as a real magazine grows: the table's physical order then follows created_at.
    for (let index = options.posts - 1; index >= 0; index--) {
      const category = DEMO_CATEGORIES[index % DEMO_CATEGORIES.length] as DemoCategory;
      const { id: categoryId, typeIds } = categoryIds.get(category.name) ?? { id: "", typeIds: [] };
      const round = Math.floor(index / DEMO_CATEGORIES.length);
      const { title, subject } = demoTitle(category, round);
      const content = demoBody(subject, random);
      const createdAt = new Date(now - (ages[index] ?? 0));
      const pool = imagePool.get(category.name) ?? [];
      const imageCount = random.int(1, Math.min(5, pool.length));
      const id = randomUUID();
      const engagement = index < ENGAGED_POSTS ? simulateEngagement(id, createdAt, now, readerIds, random) : undefined;
      if (engagement) activity.push(engagement);
      const postTagNames = tagRandom.sample(category.tags, tagRandom.int(1, 3));
      for (const [position, name] of postTagNames.entries()) {
        taggings.push({ postId: id, tagId: tagIds.get(name) ?? "", position });
      }
      const link = category.name === "Audio Video" ? random.pick(DEMO_VIDEOS) : "";
      const body = link ? withVideo(content, link) : content;
      batch.push({
        id,
        title,
        slug: slugs.take(title),
        content: body,
        link,
        sku: buildSku(category.name, createdAt.getTime()),
        authorId: random.pick(authorIds),
        categoryId,
        typeId: typeIds.length ? random.pick(typeIds) : null,
        images: Array.from({ length: imageCount }, (_, k) => pool[(round + k) % pool.length] as string),
        imageAlts: Array.from({ length: imageCount }, () => `Illustration: "${category.name}" on a geometric pattern`),
        minuteRead: minuteRead(body),
        views: engagement?.views || random.int(20, 519),
        likeCount: engagement?.likes.length ?? 0,
        commentCount: engagement?.comments.length ?? 0,
        isPublished: true,
        publishedAt: createdAt,
        createdAt,
        updatedAt: createdAt,
      });
      if (batch.length === INSERT_BATCH) {
        await insertRows(tx, posts, batch);
        batch = [];
      }
    }
    await insertRows(tx, posts, batch);
    await insertRows(tx, postTags, taggings);
    await rebuild();
    await insertRows(
      tx,
      postDailyStats,
      activity.flatMap((post) => post.stats),
    );
    await insertRows(
      tx,
      postLikes,
      activity.flatMap((post) => post.likes),
    );
    await insertRows(
      tx,
      comments,
      activity.flatMap((post) => post.comments),
    );
    await insertRows(tx, adverts, advertRows);
    await seedPoll(tx, readerIds, random);
  });
  /*
   * After a bulk load (PGlite has no autovacuum): fresh planner statistics, and a visibility
   * map so that counts are answered from the indexes alone.
   */
  await db.execute(sql`vacuum analyze`);
  return { posts: options.posts, accounts };
}

/**
 * Drops the indexes of those `tables` that are empty, all but the ones their constraints need
 * (primary keys, unique columns), and answers the function that builds them again. Building an
 * index after a bulk load is one sort; keeping it up to date is a random write per row and
 * index, and posts has fourteen besides its constraints'. Into an empty posts table the media
 * each post uses are listed once, as a set, after the load, instead of by the row trigger
 * (0.5 ms a post: it serialises the whole row to find /media/ paths). All of it runs in the
 * seed's transaction: a failed seed leaves everything as it was. A table with rows keeps its
 * indexes and trigger, as readers of a live site would wait on them (decision 094).
 */
async function deferUpkeepOfEmptyTables(tx: Transaction, tables: PgTable[]): Promise<() => Promise<void>> {
  const database = tx as unknown as Database;
  const names: string[] = [];
  for (const table of tables) {
    const [row] = await selectRows<{ empty: boolean }>(
      database,
      sql`select not exists (select from ${table}) as empty`,
    );
    if (row?.empty) names.push(getTableConfig(table).name);
  }
  if (names.length === 0) return async () => {};
  const indexes = await selectRows<{ name: string; definition: string }>(
    database,
    sql`select i.indexname as name, i.indexdef as definition from pg_indexes i
      where i.schemaname = current_schema() and i.tablename in (${sql.join(
        names.map((name) => sql`${name}`),
        sql`, `,
      )})
      and not exists (select from pg_constraint c where c.conname = i.indexname)`,
  );
  for (const index of indexes) await tx.execute(sql`drop index ${sql.identifier(index.name)}`);
  const postsEmpty = names.includes(getTableConfig(posts).name);
  if (postsEmpty) await tx.execute(sql`alter table ${posts} disable trigger posts_media_uses`);
  return async () => {
    if (postsEmpty) {
      // The seed's posts name media in these columns only; the trigger reads every column of a row.
      await tx.execute(sql`insert into media_uses (media_key, owner_type, owner_id)
        select distinct hit[1], 'post', ${posts.id}::text
        from ${posts}, regexp_matches(concat_ws(' ', ${posts.content}, array_to_string(${posts.images}, ' '),
          ${posts.socialImage}), '/media/([0-9a-f]{64})', 'g') as hit
        where exists (select from media where media.key = hit[1])
        on conflict do nothing`);
      await tx.execute(sql`alter table ${posts} enable trigger posts_media_uses`);
    }
    for (const index of indexes) await tx.execute(sql.raw(index.definition));
  };
}

/**
 * Inserts rows of one table in batches, each batch as a single JSON parameter expanded by
 * json_populate_recordset: one value to send instead of one per column per row. Every row
 * must name the same columns (a column left out would be null, not its default).
 */
async function insertRows<Table extends PgTable>(tx: Transaction, table: Table, rows: Table["$inferInsert"][]) {
  const first = rows[0];
  if (!first) return;
  const columns = Object.entries(getTableColumns(table))
    .filter(([key]) => key in first)
    .map(([key, column]) => ({ key, name: column.name }));
  const names = sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const records = rows.slice(start, start + INSERT_BATCH).map((row) => {
      const record: Record<string, unknown> = {};
      for (const { key, name } of columns) record[name] = (row as Record<string, unknown>)[key];
      return record;
    });
    await tx.execute(
      sql`insert into ${table} (${names}) select ${names} from json_populate_recordset(null::${table}, ${JSON.stringify(records)}::json)`,
    );
  }
}

/** Each post's age in ms, youngest first: post 0 is the newest. */
function postAges(count: number, random: Random): Float64Array {
  const ages = new Float64Array(count);
  for (let index = 0; index < count; index++) {
    ages[index] = random.next() * (index < RECENT_POSTS ? 40 : 3 * 365) * DAY_MS;
  }
  return ages.sort();
}

/** Views on each of the last 30 days, readers' likes and comments, each also counted on its day (as the app does). */
function simulateEngagement(
  postId: string,
  createdAt: Date,
  now: number,
  readerIds: string[],
  random: Random,
): Engagement {
  const byDay = new Map<string, DayStat>();
  const dayOf = (time: number) => {
    const day = new Date(time).toISOString().slice(0, 10);
    let stat = byDay.get(day);
    if (!stat) {
      stat = { postId, day, views: 0, likes: 0, comments: 0, shares: 0 };
      byDay.set(day, stat);
    }
    return stat;
  };
  // Within the first three days after publication, never in the future.
  const soonAfter = () => new Date(Math.min(now, createdAt.getTime() + random.next() * 3 * DAY_MS));

  const ageDays = Math.min(STATS_DAYS, Math.floor((now - createdAt.getTime()) / DAY_MS));
  const popularity = random.int(1, 40);
  let views = 0;
  for (let day = 0; day <= ageDays; day++) {
    const count = Math.max(0, Math.round(popularity * (1 - day / (STATS_DAYS + 1)) * random.next() * 3));
    if (count === 0) continue;
    dayOf(now - day * DAY_MS).views = count;
    views += count;
  }
  const likes: Engagement["likes"] = [];
  for (const userId of readerIds) {
    if (random.next() >= 0.25) continue;
    const likedAt = soonAfter();
    likes.push({ postId, userId, createdAt: likedAt });
    dayOf(likedAt.getTime()).likes++;
  }
  const commentRows: Engagement["comments"] = [];
  for (let c = random.int(0, 3); c > 0; c--) {
    const commentedAt = soonAfter();
    commentRows.push({
      id: randomUUID(),
      postId,
      userId: random.pick(readerIds),
      text: random.pick(DEMO_COMMENTS),
      createdAt: commentedAt,
    });
    dayOf(commentedAt.getTime()).comments++;
  }
  return { views, stats: [...byDay.values()], likes, comments: commentRows };
}

/** Unique slugs from titles that repeat: "title", "title-2", … remembering the next free suffix of each. */
class SlugAllocator {
  private readonly taken: Set<string>;
  private readonly nextSuffix = new Map<string, number>();

  constructor(existing: string[]) {
    this.taken = new Set(existing);
  }

  take(title: string): string {
    const base = slugify(title);
    let slug = base;
    let suffix = this.nextSuffix.get(base) ?? 2;
    while (this.taken.has(slug)) slug = `${base}-${suffix++}`;
    this.nextSuffix.set(base, suffix);
    this.taken.add(slug);
    return slug;
  }
}

async function ensureStaffAccounts(services: Services): Promise<DemoAccount[]> {
  const made: DemoAccount[] = [];
  for (const account of STAFF_ACCOUNTS) {
    if (await services.users.findByEmail(account.email)) continue;
    const password = randomBytes(9).toString("base64url");
    const user = await services.users.register({ name: account.name, email: account.email, password }, account.role);
    if (account.bio)
      await services.users.updateProfile(user, {
        name: user.name,
        phone: user.phone,
        address: { address: user.address, state: user.state, country: user.country },
        bio: account.bio,
      });
    made.push({ email: account.email, password, role: account.role });
  }
  return made;
}

/** In parallel: password hashing runs on libuv's thread pool. */
async function ensureReaders(services: Services): Promise<string[]> {
  return Promise.all(
    DEMO_READERS.map(async (name) => {
      const email = `${slugify(name)}@readers.broadsheet.example`;
      const existing = await services.users.findByEmail(email);
      const user =
        existing ?? (await services.users.register({ name, email, password: randomBytes(12).toString("base64url") }));
      return user.id;
    }),
  );
}

async function userIds(db: Database, emails: string[]): Promise<string[]> {
  const rows = await db.select({ id: users.id }).from(users).where(inArray(users.email, emails));
  return rows.map((row) => row.id);
}

async function ensureCategories(db: Database) {
  const result = new Map<string, { id: string; typeIds: string[] }>();
  for (const category of DEMO_CATEGORIES) {
    await db
      .insert(categories)
      .values({ name: category.name, slug: slugify(category.name) })
      .onConflictDoNothing();
    const [row] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.slug, slugify(category.name)));
    if (!row) continue;
    for (const type of category.types) {
      await db
        .insert(types)
        .values({ name: type, slug: slugify(type), categoryId: row.id })
        .onConflictDoNothing();
    }
    const typeRows = await db.select({ id: types.id }).from(types).where(eq(types.categoryId, row.id));
    result.set(category.name, { id: row.id, typeIds: typeRows.map((type) => type.id) });
  }
  return result;
}

/** Every demo category's tags, by name. */
async function ensureTags(db: Database): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const name of DEMO_CATEGORIES.flatMap((category) => category.tags)) ids.set(name, await tagNamed(db, name));
  return ids;
}

/** Four covers per category, shared by all its posts. */
async function uploadImagePool(services: Services, uploaderId: string): Promise<Map<string, string[]>> {
  const entries = await Promise.all(
    DEMO_CATEGORIES.map(async (category) => {
      const urls: string[] = [];
      for (let variant = 1; variant <= 4; variant++) {
        const png = await renderCoverImage({ label: category.name, colors: category.colors, variant });
        urls.push((await services.media.uploadImage(png, { uploaderId })).url);
      }
      return [category.name, urls] as const;
    }),
  );
  return new Map(entries);
}

async function uploadAdvertImages(services: Services, uploaderId: string) {
  const rows: (typeof adverts.$inferInsert)[] = [];
  for (const { placement, count, colors } of ADVERT_PLACEMENTS) {
    for (let i = 0; i < count; i++) {
      const png = await renderCoverImage({
        label: `Sponsor ${i + 1}`,
        colors,
        variant: 20 + i,
        width: 728,
        height: 180,
      });
      const image = await services.media.uploadImage(png, { uploaderId });
      rows.push({
        placement,
        link: `https://sponsor-${i + 1}.example.com/`,
        content: `<p><strong>Sponsor ${i + 1}</strong>: supporting independent journalism.</p>`,
        images: [image.url],
      });
    }
  }
  return rows;
}

async function seedPoll(tx: Transaction, readerIds: string[], random: Random) {
  const [existing] = await tx.select({ id: polls.id }).from(polls).limit(1);
  if (existing) return;
  const [poll] = await tx
    .insert(polls)
    .values({
      title: "Which topic should we cover in depth next month?",
      optionOne: "Housing costs",
      optionTwo: "Artificial intelligence",
      optionThree: "Climate adaptation",
    })
    .returning();
  if (!poll) return;
  await tx
    .insert(pollVotes)
    .values(readerIds.map((userId) => ({ pollId: poll.id, userId, option: random.int(1, 3) })))
    .onConflictDoNothing();
}

export async function hasAnyPost(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: posts.id }).from(posts).limit(1);
  return Boolean(row);
}

export function printDemoAccounts(result: SeedResult): void {
  if (result.accounts.length === 0) return;
  console.log(`\nDemo content added (${result.posts} posts). Demo accounts (shown once; keep them somewhere safe):`);
  for (const account of result.accounts)
    console.log(`  ${account.role.padEnd(6)}  ${account.email}  ${account.password}`);
  console.log("");
}
