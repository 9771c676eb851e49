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
    const result = await seedDemoContent(db, context.app.services, { posts: 40 });
    expect(result.accounts.map((account) => account.role).sort()).toEqual(["admin", "editor", "user"]);

    const count = async (query: ReturnType<typeof sql>) => (await selectRows<{ n: number }>(db, query))[0]?.n;
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
  });
});
