import { randomBytes } from "node:crypto";
import { buildSku, minuteRead, type Role, slugify } from "@broadsheet/domain";
import { eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import {
  adverts,
  categories,
  comments,
  polls,
  pollVotes,
  postDailyStats,
  postLikes,
  posts,
  types,
  users,
} from "../db/schema";
import type { Services } from "../services";
import {
  createRandom,
  DEMO_CATEGORIES,
  DEMO_COMMENTS,
  DEMO_READERS,
  DEMO_VIDEOS,
  demoBody,
  demoTitle,
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

const DAY_MS = 24 * 60 * 60 * 1000;
const INSERT_BATCH = 500;
// Views, likes and comments are simulated for the newest posts only; older ones get a view count.
const ENGAGED_POSTS = 120;

const STAFF_ACCOUNTS: { email: string; name: string; role: Role }[] = [
  { email: "admin@broadsheet.example", name: "Alex Admin", role: "admin" },
  { email: "editor@broadsheet.example", name: "Erin Editor", role: "editor" },
  { email: "reader@broadsheet.example", name: "Riley Reader", role: "user" },
];

/**
 * Fills the database with a believable magazine: categories and types, posts with
 * generated cover images, adverts, a poll, readers' comments and likes, and 30 days of
 * views. Accounts that already exist (e.g. made with user:create) are left untouched.
 */
export async function seedDemoContent(
  db: Database,
  services: Services,
  options: { posts: number },
): Promise<SeedResult> {
  const random = createRandom(20261122);
  const accounts = await ensureStaffAccounts(services);
  const authorIds = await userIds(db, ["admin@broadsheet.example", "editor@broadsheet.example"]);
  const readerIds = await ensureReaders(services);

  const categoryIds = await ensureCategories(db);
  const imagePool = await uploadImagePool(services, authorIds[0] ?? readerIds[0] ?? "");
  const total = options.posts;
  const existingSlugs = new Set((await db.select({ slug: posts.slug }).from(posts)).map((row) => row.slug));
  const now = Date.now();

  let created = 0;
  while (created < total) {
    const batch: (typeof posts.$inferInsert)[] = [];
    for (let i = 0; i < INSERT_BATCH && created < total; i++, created++) {
      const category = DEMO_CATEGORIES[created % DEMO_CATEGORIES.length];
      if (!category) continue;
      const { id: categoryId, typeIds } = categoryIds.get(category.name) ?? { id: "", typeIds: [] };
      const round = Math.floor(created / DEMO_CATEGORIES.length);
      const { title, subject } = demoTitle(category, round);
      const content = demoBody(subject, random);
      let slug = slugify(title);
      for (let suffix = 2; existingSlugs.has(slug); suffix++) slug = `${slugify(title)}-${suffix}`;
      existingSlugs.add(slug);
      // The newest posts are spread over the last 40 days; a scale seed reaches further back.
      const age = created < 200 ? random.next() * 40 * DAY_MS : random.next() * 3 * 365 * DAY_MS;
      const createdAt = new Date(now - age);
      const pool = imagePool.get(category.name) ?? [];
      const imageCount = random.int(1, Math.min(5, pool.length));
      batch.push({
        title,
        slug,
        content,
        link: category.name === "Audio Video" ? random.pick(DEMO_VIDEOS) : "",
        sku: buildSku(category.name, createdAt.getTime()),
        authorId: random.pick(authorIds),
        categoryId,
        typeId: typeIds.length ? random.pick(typeIds) : null,
        images: Array.from({ length: imageCount }, (_, k) => pool[(round + k) % pool.length] as string),
        minuteRead: minuteRead(content),
        isPublished: true,
        publishedAt: createdAt,
        createdAt,
        updatedAt: createdAt,
      });
    }
    await db.insert(posts).values(batch);
  }

  await simulateEngagement(db, readerIds, random);
  await seedAdverts(services, db, authorIds[0] ?? "");
  await seedPoll(db, readerIds, random);
  // Fresh planner statistics after a bulk load (PGlite has no autovacuum to gather them).
  await db.execute(sql`analyze`);
  return { posts: total, accounts };
}

async function ensureStaffAccounts(services: Services): Promise<DemoAccount[]> {
  const made: DemoAccount[] = [];
  for (const account of STAFF_ACCOUNTS) {
    if (await services.users.findByEmail(account.email)) continue;
    const password = randomBytes(9).toString("base64url");
    await services.users.register({ name: account.name, email: account.email, password }, account.role);
    made.push({ email: account.email, password, role: account.role });
  }
  return made;
}

async function ensureReaders(services: Services): Promise<string[]> {
  const ids: string[] = [];
  for (const name of DEMO_READERS) {
    const email = `${slugify(name)}@readers.broadsheet.example`;
    const existing = await services.users.findByEmail(email);
    const user =
      existing ?? (await services.users.register({ name, email, password: randomBytes(12).toString("base64url") }));
    ids.push(user.id);
  }
  return ids;
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

async function uploadImagePool(services: Services, uploaderId: string): Promise<Map<string, string[]>> {
  const pool = new Map<string, string[]>();
  for (const category of DEMO_CATEGORIES) {
    const urls: string[] = [];
    for (let variant = 0; variant < 4; variant++) {
      const png = await renderCoverImage({ label: category.name, colors: category.colors, variant: variant + 1 });
      urls.push((await services.media.uploadImage(png, { uploaderId })).url);
    }
    pool.set(category.name, urls);
  }
  return pool;
}

/** Views over the last 30 days, likes and comments on the newest posts; counters recounted in SQL. */
async function simulateEngagement(db: Database, readerIds: string[], random: ReturnType<typeof createRandom>) {
  const newest = await db
    .select({ id: posts.id, createdAt: posts.createdAt })
    .from(posts)
    .orderBy(sql`${posts.createdAt} desc`)
    .limit(ENGAGED_POSTS);
  const stats: (typeof postDailyStats.$inferInsert)[] = [];
  const likes: (typeof postLikes.$inferInsert)[] = [];
  const commentRows: (typeof comments.$inferInsert)[] = [];
  const today = Date.now();
  for (const post of newest) {
    const ageDays = Math.min(30, Math.floor((today - post.createdAt.getTime()) / DAY_MS));
    const popularity = random.int(1, 40);
    for (let day = 0; day <= ageDays; day++) {
      const views = Math.max(0, Math.round(popularity * (1 - day / 31) * random.next() * 3));
      if (views === 0) continue;
      stats.push({ postId: post.id, day: new Date(today - day * DAY_MS).toISOString().slice(0, 10), views });
    }
    for (const readerId of readerIds) if (random.next() < 0.25) likes.push({ postId: post.id, userId: readerId });
    for (let c = random.int(0, 3); c > 0; c--) {
      commentRows.push({
        postId: post.id,
        userId: random.pick(readerIds),
        text: random.pick(DEMO_COMMENTS),
        createdAt: new Date(Math.min(today, post.createdAt.getTime() + random.next() * 3 * DAY_MS)),
      });
    }
  }
  for (let i = 0; i < stats.length; i += INSERT_BATCH) {
    await db
      .insert(postDailyStats)
      .values(stats.slice(i, i + INSERT_BATCH))
      .onConflictDoNothing();
  }
  if (likes.length) await db.insert(postLikes).values(likes).onConflictDoNothing();
  if (commentRows.length) await db.insert(comments).values(commentRows);
  await db.execute(sql`
    update posts set
      views = coalesce((select sum(views) from post_daily_stats s where s.post_id = posts.id), 0),
      like_count = (select count(*) from post_likes l where l.post_id = posts.id),
      comment_count = (select count(*) from comments c where c.post_id = posts.id)
    where id in (select id from posts order by created_at desc limit ${ENGAGED_POSTS})`);
  await db.execute(sql`update posts set views = 20 + (abs(hashtext(id::text)) % 500) where views = 0`);
}

async function seedAdverts(services: Services, db: Database, uploaderId: string) {
  const [existing] = await db.select({ id: adverts.id }).from(adverts).limit(1);
  if (existing) return;
  const placements = [
    { placement: "Advert Top" as const, count: 4, colors: ["#111827", "#c8102e"] as [string, string] },
    { placement: "Advert Main" as const, count: 2, colors: ["#0f3b5f", "#f59e0b"] as [string, string] },
    { placement: "Advert Main2" as const, count: 2, colors: ["#14532d", "#84cc16"] as [string, string] },
  ];
  for (const { placement, count, colors } of placements) {
    for (let i = 0; i < count; i++) {
      const png = await renderCoverImage({
        label: `Sponsor ${i + 1}`,
        colors,
        variant: 20 + i,
        width: 728,
        height: 180,
      });
      const image = await services.media.uploadImage(png, { uploaderId });
      await db.insert(adverts).values({
        placement,
        link: `https://sponsor-${i + 1}.example.com/`,
        content: `<p><strong>Sponsor ${i + 1}</strong>: supporting independent journalism.</p>`,
        images: [image.url],
      });
    }
  }
}

async function seedPoll(db: Database, readerIds: string[], random: ReturnType<typeof createRandom>) {
  const [existing] = await db.select({ id: polls.id }).from(polls).limit(1);
  if (existing) return;
  const [poll] = await db
    .insert(polls)
    .values({
      title: "Which topic should we cover in depth next month?",
      optionOne: "Housing costs",
      optionTwo: "Artificial intelligence",
      optionThree: "Climate adaptation",
    })
    .returning();
  if (!poll) return;
  await db
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
