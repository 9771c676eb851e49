import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { selectRows } from "../db/client";
import { DEFERRED_POST_INDEXES, missingDeferredIndexes } from "../db/deferred-indexes";
import { TestAgent } from "../testing/test-agent";
import { useTestApp } from "../testing/test-app";
import { DEFER_INDEXES_FROM } from "./import-writer";
import type { ImportReport } from "./model";

/*
 * `kill -9` in the middle of an import, then the same import again: every post exactly once.
 * The built CLI (apps/server/dist/cli/import.js) runs as a child process on this file's
 * PostgreSQL database.
 */

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
const CLI = path.join(REPO_ROOT, "apps/server/dist/cli/import.js");
const POSTS = 3000;

const context = useTestApp();
let exportFile = "";

beforeAll(() => {
  if (!existsSync(CLI)) throw new Error("The server build is missing: run `npm run build` first.");
  const items: string[] = [];
  for (let id = 1; id <= POSTS; id++) {
    items.push(`<item><title>Resumed ${id}</title><link>https://resume.example/${id}/</link><dc:creator>writer</dc:creator>
<content:encoded><![CDATA[<p>Body of post ${id}. ${"Words that fill the body. ".repeat(40)}</p>]]></content:encoded>
<wp:post_id>${id}</wp:post_id><wp:post_date_gmt>2015-01-01 00:00:00</wp:post_date_gmt><wp:post_name>resumed-${id}</wp:post_name>
<wp:status>publish</wp:status><wp:post_type>post</wp:post_type><category domain="post_tag" nicename="t${id % 50}">T${id % 50}</category>
<wp:comment><wp:comment_id>${id}</wp:comment_id><wp:comment_author>R</wp:comment_author><wp:comment_content>Hi ${id}</wp:comment_content><wp:comment_approved>1</wp:comment_approved><wp:comment_parent>0</wp:comment_parent></wp:comment></item>`);
  }
  exportFile = path.join(mkdtempSync(path.join(os.tmpdir(), "wxr-resume-")), "export.xml");
  writeFileSync(
    exportFile,
    `<?xml version="1.0"?><rss xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/"><channel><title>Resume</title><link>https://resume.example</link>
<wp:author><wp:author_login>writer</wp:author_login><wp:author_email>writer@resume.example</wp:author_email><wp:author_display_name>Writer</wp:author_display_name></wp:author>
${items.join("\n")}</channel></rss>`,
  );
});

function startImport(): ChildProcess {
  return spawn(process.execPath, [CLI, "--from", "wordpress", exportFile, "--json"], {
    env: { ...process.env, DATABASE_URL: context.database.url, NODE_ENV: "production", LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.on("exit", (code) => resolve(code)));
}

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const result = (await context.database.db.execute(query)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n);
}

function postsIndexes() {
  return selectRows<{ indexname: string; indexdef: string }>(
    context.database.db,
    sql`select indexname, indexdef from pg_indexes where schemaname = current_schema() and tablename = 'posts' order by indexname`,
  );
}

describe("a killed import", () => {
  it("resumes where it stopped and imports every post exactly once", { timeout: 240_000 }, async () => {
    // A freshly migrated database's indexes: a large import (POSTS >= DEFER_INDEXES_FROM) drops two and builds them at its end.
    expect(POSTS).toBeGreaterThanOrEqual(DEFER_INDEXES_FROM);
    const freshIndexes = await postsIndexes();
    const first = startImport();
    // Killed once some batches are in and before the end.
    await new Promise<void>((resolve, reject) => {
      first.stderr?.on("data", (chunk: Buffer) => {
        const done = [...chunk.toString().matchAll(/Imported (\d+) of (\d+)/g)].map((match) => Number(match[1]));
        if (done.some((value) => value > 0 && value < POSTS)) {
          first.kill("SIGKILL");
          resolve();
        }
      });
      first.on("exit", () => reject(new Error("the import ended before it could be killed")));
    });
    await exited(first);
    const postsAfterKill = await count(sql`select count(*)::int as n from posts`);
    expect(postsAfterKill).toBeGreaterThan(0);
    expect(postsAfterKill).toBeLessThan(POSTS);
    // Whole batches or nothing: every post there is mapped, with its comment.
    expect(await count(sql`select count(*)::int as n from import_items where kind = 'post'`)).toBe(postsAfterKill);
    expect(await count(sql`select count(*)::int as n from comments`)).toBe(postsAfterKill);
    // Killed while its search indexes were dropped (decision 069).
    expect(await missingDeferredIndexes(context.database.db)).toEqual(DEFERRED_POST_INDEXES.map((index) => index.name));

    const second = startImport();
    let output = "";
    second.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    expect(await exited(second)).toBe(0);
    const report = JSON.parse(output) as ImportReport;
    expect(report.counts.post).toMatchObject({
      created: POSTS - postsAfterKill,
      unchanged: postsAfterKill,
      updated: 0,
    });
    expect(await count(sql`select count(*)::int as n from posts`)).toBe(POSTS);
    expect(await count(sql`select count(distinct slug)::int as n from posts where slug like 'resumed-%'`)).toBe(POSTS);
    expect(await count(sql`select count(*)::int as n from comments`)).toBe(POSTS);
    expect(await count(sql`select count(*)::int as n from users where email = 'writer@resume.example'`)).toBe(1);
    // The resumed import built them again, as the migrations define them; search finds imported posts.
    expect(await postsIndexes()).toEqual(freshIndexes);
    const search = await new TestAgent(context.app).get<{ total: number }>("/api/posts?search=Resumed%202999");
    expect(search.body.total).toBe(1);
  });
});
