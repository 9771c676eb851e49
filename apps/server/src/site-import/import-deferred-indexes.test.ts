import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Caches } from "../caching";
import { selectRows } from "../db/client";
import {
  DEFERRED_POST_INDEXES,
  deferIndexes,
  ensureDeferredIndexes,
  missingDeferredIndexes,
} from "../db/deferred-indexes";
import { createLogger } from "../logger";
import { TestAgent } from "../testing/test-agent";
import { useTestApp } from "../testing/test-app";
import { createSiteImportService } from ".";
import { createImportJobs } from "./import-jobs";

/*
 * Decision 069: a large import drops the posts' search indexes and builds them at its end. Whatever
 * stops it, the indexes come back (the import's end, a resumed or small import, the sweep) exactly
 * as the migrations made them, and search finds the imported posts.
 */
const context = useTestApp();
const workDir = mkdtempSync(path.join(os.tmpdir(), "wxr-deferred-"));
let freshIndexes: { indexname: string; indexdef: string }[] = [];

function postsIndexes() {
  return selectRows<{ indexname: string; indexdef: string }>(
    context.database.db,
    sql`select indexname, indexdef from pg_indexes where schemaname = current_schema() and tablename = 'posts' order by indexname`,
  );
}

function writeExport(name: string, posts: number, word: string): string {
  const items: string[] = [];
  for (let id = 1; id <= posts; id++) {
    items.push(`<item><title>Deferred ${word} ${id}</title><link>https://deferred.example/${word}-${id}/</link><dc:creator>writer</dc:creator>
<content:encoded><![CDATA[<p>Body of post ${id} about ${word}quill harbours.</p>]]></content:encoded>
<wp:post_id>${id}</wp:post_id><wp:post_date_gmt>2016-01-01 00:00:00</wp:post_date_gmt><wp:post_name>${word}-${id}</wp:post_name>
<wp:status>publish</wp:status><wp:post_type>post</wp:post_type></item>`);
  }
  const file = path.join(workDir, name);
  writeFileSync(
    file,
    `<?xml version="1.0"?><rss xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/"><channel><title>Deferred ${word}</title><link>https://${word}.example</link>
<wp:author><wp:author_login>writer</wp:author_login><wp:author_email>writer@${word}.example</wp:author_email><wp:author_display_name>Writer</wp:author_display_name></wp:author>
${items.join("\n")}</channel></rss>`,
  );
  return file;
}

/** The import service with a low threshold, so a few posts make a "large" import. */
function importer(deferIndexesFrom: number) {
  const caches = { changed: async () => undefined } as unknown as Caches;
  return createSiteImportService({
    db: context.database.db,
    caches,
    media: context.app.services.media,
    databaseKind: context.database.kind,
    deferIndexesFrom,
  });
}

/** Imports an export of `posts` posts about `word`, "large" from `deferIndexesFrom` posts. */
function importPosts(deferIndexesFrom: number, posts: number, word: string) {
  const filePath = writeExport(`${word}.xml`, posts, word);
  return importer(deferIndexesFrom).run({ source: "wordpress", filePath, dryRun: false });
}

async function searchTotal(words: string): Promise<number> {
  const agent = new TestAgent(context.app, { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/156" });
  const answer = await agent.get<{ total: number }>(`/api/posts?search=${encodeURIComponent(words)}`);
  expect(answer.status).toBe(200);
  return answer.body.total;
}

beforeAll(async () => {
  freshIndexes = await postsIndexes();
});

describe("the search indexes a large import defers", () => {
  it("are the migrations' own definitions", () => {
    for (const index of DEFERRED_POST_INDEXES) {
      expect(freshIndexes.map((row) => row.indexname)).toContain(index.name);
    }
  });

  it("are all there after a large import, and search finds its posts", async () => {
    const report = await importPosts(5, 12, "alpha");
    expect(report.counts.post?.created).toBe(12);
    expect(await postsIndexes()).toEqual(freshIndexes);
    expect(await searchTotal("alphaquill")).toBe(12);
    expect(await searchTotal("Deferred alpha 7")).toBe(1);
  });

  it("are not built by the sweep while the import that dropped them runs", async () => {
    const deferral = await deferIndexes(context.database.db, context.database.kind);
    expect(deferral).not.toBeNull();
    expect(await missingDeferredIndexes(context.database.db)).toHaveLength(DEFERRED_POST_INDEXES.length);
    expect(await ensureDeferredIndexes(context.database.db, context.database.kind)).toEqual([]);
    // Meanwhile search still answers, reading the table.
    expect(await searchTotal("alphaquill")).toBe(12);
    await deferral?.finish();
    expect(await postsIndexes()).toEqual(freshIndexes);
  });

  it("come back after an import killed while they were dropped: the resumed import builds them", async () => {
    await leaveDropped();
    const again = await importPosts(5, 12, "alpha");
    expect(again.counts.post?.unchanged).toBe(12);
    expect(await postsIndexes()).toEqual(freshIndexes);
  });

  it("come back when the next import is a small one", async () => {
    await leaveDropped();
    const report = await importPosts(1000, 3, "beta");
    expect(report.counts.post?.created).toBe(3);
    expect(await postsIndexes()).toEqual(freshIndexes);
    expect(await searchTotal("betaquill")).toBe(3);
  });

  it("come back with the imports sweep when no import waits", async () => {
    await leaveDropped();
    const jobs = createImportJobs(context.database.db, {
      siteImport: importer(5),
      uploadsDir: workDir,
      maxUploadBytes: 1024,
      queueImport: async () => true,
      logger: createLogger(context.config),
      soleProcess: context.database.kind === "pglite",
      databaseKind: context.database.kind,
    });
    await jobs.sweep({ atStart: true });
    expect(await postsIndexes()).toEqual(freshIndexes);
  });
});

/** What a killed large import leaves: the indexes dropped, its lock gone with its connection. */
async function leaveDropped(): Promise<void> {
  for (const index of DEFERRED_POST_INDEXES) {
    await context.database.db.execute(sql.raw(`drop index if exists "${index.name}"`));
  }
  expect(await missingDeferredIndexes(context.database.db)).toHaveLength(DEFERRED_POST_INDEXES.length);
}
