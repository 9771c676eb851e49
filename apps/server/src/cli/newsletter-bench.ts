import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { selectRows } from "../db/client";
import { newsletterSettings } from "../db/schema/newsletters/newsletters";
import { runCommand, withServices } from "./command";

/*
 * The sending side of `npm run bench:newsletter` (scripts/bench-newsletter.mjs), run in its own
 * process so its peak memory is the sender's: adds `--subscribers` subscribed addresses and a
 * story, raises the delivery settings, then sends the story to all of them through SMTP_URL in
 * this process (as one instance's jobs would) and prints { recipients, seconds } as JSON.
 */
const { values } = parseArgs({
  options: {
    subscribers: { type: "string", default: "100000" },
    connections: { type: "string", default: "10" },
    "per-second": { type: "string", default: "1000" },
    "batch-size": { type: "string", default: "1000" },
  },
});

const SUBSCRIBERS_AT_ONCE = 10_000;

async function main(): Promise<void> {
  const count = Number(values.subscribers);
  if (!Number.isInteger(count) || count < 1) throw new Error("--subscribers must be a whole number");
  await withServices(async (services, database) => {
    const db = database.db;
    // 10,000 at a time, as an import would: one statement of 100,000 rows grows PGlite's heap for good.
    for (let first = 1; first <= count; first += SUBSCRIBERS_AT_ONCE) {
      const last = Math.min(count, first + SUBSCRIBERS_AT_ONCE - 1);
      await db.execute(sql`with added as (
          insert into subscribers (email, status, source, manage_token)
          select 'bench-' || n || '@bench.example', 'subscribed', 'import', md5(random()::text || n)
          from generate_series(${first}::int, ${last}::int) as n
          returning id)
        insert into subscriber_newsletters (subscriber_id, newsletter_id)
        select added.id, newsletters.id from added, newsletters where newsletters.is_default`);
    }
    const settings = {
      connections: Number(values.connections),
      messagesPerSecond: Number(values["per-second"]),
      batchSize: Number(values["batch-size"]),
    };
    await db
      .insert(newsletterSettings)
      .values({ id: 1, ...settings })
      .onConflictDoUpdate({ target: newsletterSettings.id, set: settings });
    const suffix = Date.now().toString(36);
    const [category] = await selectRows<{ id: string }>(
      db,
      sql`insert into categories (name, slug) values (${`Bench ${suffix}`}, ${`bench-${suffix}`}) returning id`,
    );
    const [post] = await selectRows<{ id: string }>(
      db,
      sql`insert into posts (title, slug, sku, images, is_published, category_id)
        values ('The bench story', ${`bench-story-${suffix}`}, 'BENCH-1', array['/media/bench.webp'], true, ${category?.id})
        returning id`,
    );
    if (!post) throw new Error("The bench story could not be added");
    const { id } = await services.sends.create({ postId: post.id }, undefined);
    const started = performance.now();
    await services.sends.runToEnd(id);
    const seconds = (performance.now() - started) / 1000;
    const send = await services.sends.get(id);
    process.stdout.write(`${JSON.stringify({ ...send, seconds })}\n`);
  });
}

runCommand(main);
