import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { selectRows } from "../db/client";
import { useTestApp } from "../testing/test-app";
import { testDatabaseKind } from "../testing/test-database";
import { hasAnyPost, seedDemoContent } from "./demo-seed";

const context = useTestApp();

describe(`demo content on ${testDatabaseKind()}`, () => {
  it("fills an empty database with a believable magazine and working demo accounts", async () => {
    const db = context.database.db;
    expect(await hasAnyPost(db)).toBe(false);
    const count = async (query: ReturnType<typeof sql>) => (await selectRows<{ n: number }>(db, query))[0]?.n;
    // Each index of posts and post_tags: its definition, and its object id (a rebuilt index has a new one).
    const indexes = () =>
      selectRows<{ name: string; definition: string; oid: string }>(
        db,
        sql`select i.indexname as name, i.indexdef as definition, c.oid::text as oid from pg_indexes i
          join pg_class c on c.relname = i.indexname and c.relnamespace = (select oid from pg_namespace where nspname = i.schemaname)
          where i.tablename in ('posts', 'post_tags') order by i.indexname`,
      );
    const definitions = (rows: { name: string; definition: string }[]) => rows.map((row) => row.definition);
    const rebuilt = (before: { name: string; oid: string }[], after: { name: string; oid: string }[]) =>
      before
        .filter((index) => after.find((other) => other.name === index.name)?.oid !== index.oid)
        .map((index) => index.name);
    const indexesBefore = await indexes();
    const result = await seedDemoContent(db, context.app.services, { posts: 40 });
    // Into empty tables the seed loads first and builds the indexes after: every one is back, as it was,
    // the trigram and date indexes rebuilt, the primary key (a constraint's) kept.
    const indexesAfter = await indexes();
    expect(definitions(indexesAfter)).toEqual(definitions(indexesBefore));
    expect(rebuilt(indexesBefore, indexesAfter)).toEqual(
      expect.arrayContaining(["posts_title_trgm_idx", "posts_published_time_idx", "post_tags_tag_created_idx"]),
    );
    expect(rebuilt(indexesBefore, indexesAfter)).not.toContain("posts_pkey");
    // The media each post uses are listed, as the trigger (on again, for every later write) would have.
    expect(
      await count(sql`select count(*)::int as n from (select distinct p.id, image from posts p, unnest(p.images) as image) used
        where not exists (select from media_uses u where u.owner_type = 'post' and u.owner_id = used.id::text
          and u.media_key = substring(image from '[0-9a-f]{64}'))`),
    ).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from media_uses where owner_type = 'post'`),
    ).toBeGreaterThanOrEqual(40);
    expect(
      (
        await selectRows<{ enabled: string }>(
          db,
          sql`select tgenabled as enabled from pg_trigger where tgname = 'posts_media_uses'`,
        )
      )[0]?.enabled,
    ).toBe("O");
    expect(result.accounts.map((account) => account.role).sort()).toEqual(["admin", "editor", "user"]);

    expect(await count(sql`select count(*)::int as n from posts where is_published`)).toBe(40);
    expect(await count(sql`select count(*)::int as n from categories`)).toBe(10);
    const typesPerCategory = await selectRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from types group by category_id`,
    );
    expect(typesPerCategory.every((row) => row.n >= 2 && row.n <= 3)).toBe(true);
    expect(await count(sql`select count(distinct placement)::int as n from adverts`)).toBe(3);
    expect(await count(sql`select count(*)::int as n from polls`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from comments`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*)::int as n from post_likes`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*)::int as n from posts where views > 0`)).toBe(40);
    expect(await count(sql`select count(distinct day)::int as n from post_daily_stats`)).toBeGreaterThan(5);
    expect(
      await count(sql`select count(*)::int as n from posts p join categories c on c.id = p.category_id
        where c.name = 'Audio Video' and p.link like 'https://%'`),
    ).toBeGreaterThan(0);
    // Each video story embeds its video in the text, as the editor stores a pasted link.
    expect(
      await count(sql`select count(*)::int as n from posts p join categories c on c.id = p.category_id
        where c.name = 'Audio Video' and p.content not like '%<figure class="embed%data-embed=%'`),
    ).toBe(0);
    // Likes and comments are counted on their day too, as the app does, so Hot has something to show.
    expect(await count(sql`select coalesce(sum(comments), 0)::int as n from post_daily_stats`)).toBe(
      await count(sql`select count(*)::int as n from comments`),
    );
    expect(await count(sql`select coalesce(sum(likes), 0)::int as n from post_daily_stats`)).toBe(
      await count(sql`select count(*)::int as n from post_likes`),
    );
    // Every post carries one to three of its category's tags, so tag pages have something to show.
    const tagsPerPost = await selectRows<{ n: number }>(
      db,
      sql`select count(pt.tag_id)::int as n from posts p left join post_tags pt on pt.post_id = p.id group by p.id`,
    );
    expect(tagsPerPost.every((row) => row.n >= 1 && row.n <= 3)).toBe(true);
    const tagged = await context.app.request("/api/posts?tag=diplomacy&limit=50");
    expect(((await tagged.json()) as { total: number }).total).toBeGreaterThan(0);
    // Counters agree with the rows they count.
    expect(
      await count(sql`select count(*)::int as n from posts p
        where p.like_count <> (select count(*) from post_likes l where l.post_id = p.id)
           or p.comment_count <> (select count(*) from comments c where c.post_id = p.id)`),
    ).toBe(0);

    const admin = result.accounts.find((account) => account.role === "admin");
    const login = await context.app.request("/api/users/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: admin?.email, password: admin?.password }),
    });
    expect(login.status).toBe(200);

    const image = (await selectRows<{ images: string[] }>(db, sql`select images from posts limit 1`))[0]?.images[0];
    const served = await context.app.request(image ?? "/media/missing");
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");

    const again = await seedDemoContent(db, context.app.services, { posts: 5 });
    expect(again.accounts).toEqual([]);
    expect(await count(sql`select count(*)::int as n from posts`)).toBe(45);
    // A database with posts keeps its indexes while more are added: a live site's readers use them.
    expect(rebuilt(indexesAfter, await indexes())).toEqual([]);
  });
});
