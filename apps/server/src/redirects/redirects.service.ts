import {
  isRedirectablePath,
  isRedirectTarget,
  isUuid,
  type Page,
  REDIRECT_IMPORT_MAX_LINES,
  REDIRECT_MESSAGES,
  type RedirectImportReport,
  type RedirectInput,
  RedirectInputSchema,
  type RedirectJson,
  type RedirectListQuery,
  type RedirectOrigin,
  redirectKey,
} from "@broadsheet/domain";
import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql } from "drizzle-orm";
import { type Caches, REDIRECTS_TAG } from "../caching";
import { csvImportReport, csvLine, parseCsv } from "../csv";
import type { Database } from "../db/client";
import { readPage } from "../db/paging";
import { isUniqueViolation } from "../db/pg-errors";
import { redirects } from "../db/schema";
import { escapeLike } from "../db/sql-patterns";
import { AppError, conflict, invalid, notFound } from "../errors";
import { keyOfTarget, targetOf, targetsNaming } from "./redirect-addresses";
import { createRedirectLookup, type RedirectAnswer } from "./redirect-lookup";

type RedirectRow = typeof redirects.$inferSelect;

// Rows per statement of recordAll: well under PostgreSQL's 65,535 parameters.
const BATCH = 1000;

// Far more than any chain the collapsing leaves; only a table edited by hand could hold a longer one.
const MAX_HOPS = 20;

function toRedirectJson(row: RedirectRow): RedirectJson {
  return {
    _id: row.id,
    from: row.fromPath,
    to: row.toPath,
    status: row.statusCode === 302 ? 302 : 301,
    origin: row.origin as RedirectOrigin,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One redirect to place: `from` any spelling of a site path, `to` a path or an http(s) URL. */
export interface RedirectEntry {
  from: string;
  to: string;
  status?: 301 | 302;
}

export function createRedirectsService(
  db: Database,
  deps: {
    caches: Caches;
    /** Subscribes to the changes this process applies (caching's onForget), to drop the lookup table. */
    onForget: (listener: (tags: readonly string[] | null) => void) => void;
  },
) {
  const lookup = createRedirectLookup(() =>
    db
      .select({ fromPath: redirects.fromPath, toPath: redirects.toPath, statusCode: redirects.statusCode })
      .from(redirects),
  );
  deps.onForget((tags) => {
    if (!tags || tags.includes(REDIRECTS_TAG)) lookup.forget();
  });
  const announce = () => deps.caches.changed([REDIRECTS_TAG]);

  /** Redirects that ended at `key` now go where it goes, so every chain stays one hop. */
  async function repoint(key: string, target: string): Promise<void> {
    const targetKey = keyOfTarget(target);
    await db
      .update(redirects)
      .set({ toPath: target, updatedAt: new Date() })
      .where(
        and(inArray(redirects.toPath, targetsNaming(key)), targetKey ? ne(redirects.fromPath, targetKey) : undefined),
      );
  }

  /**
   * Where a new redirect from `from` to `to` should lead: the end of the chain `to` starts, so
   * it is one hop. Refuses the same address and a target that leads back (a loop).
   */
  async function finalTarget(from: string, to: string): Promise<string> {
    let target = to;
    let key = keyOfTarget(target);
    if (key === from) throw invalid(REDIRECT_MESSAGES.sameAddress);
    for (let hop = 0; key && hop < MAX_HOPS; hop++) {
      const [next] = await db.select({ toPath: redirects.toPath }).from(redirects).where(eq(redirects.fromPath, key));
      if (!next) break;
      key = keyOfTarget(next.toPath);
      if (key === from) throw invalid(REDIRECT_MESSAGES.loop);
      target = next.toPath;
    }
    return target;
  }

  /** Places one checked redirect: new, or (with `replace`) over the one from the same address. */
  async function place(
    input: RedirectInput,
    origin: RedirectOrigin,
    replace: boolean,
  ): Promise<{ row: RedirectRow; created: boolean }> {
    const from = redirectKey(input.from);
    if (!from) throw invalid(REDIRECT_MESSAGES.fromInvalid);
    const to = await finalTarget(from, targetOf(input.to));
    const values = { fromPath: from, toPath: to, statusCode: input.status, origin };
    const [existing] = await db.select({ id: redirects.id }).from(redirects).where(eq(redirects.fromPath, from));
    if (existing && !replace) throw conflict(REDIRECT_MESSAGES.fromTaken);
    let row: RedirectRow | undefined;
    try {
      [row] = existing
        ? await db
            .update(redirects)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(redirects.id, existing.id))
            .returning()
        : await db.insert(redirects).values(values).returning();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(REDIRECT_MESSAGES.fromTaken);
      throw error;
    }
    if (!row) throw new Error("redirect write returned no row");
    await repoint(from, to);
    return { row, created: !existing };
  }

  /**
   * Content lives at each `to` now: those addresses stop redirecting (a `from` among them is
   * skipped), each `from` leads to its `to`, and redirects that ended at a `from` are re-pointed
   * (chains collapse). A few statements per thousand entries, so an import's 200,000 are quick.
   */
  async function recordBatch(entries: readonly RedirectEntry[], origin: RedirectOrigin): Promise<number> {
    const live = new Set<string>();
    const leads = new Map<string, { to: string; status: 301 | 302 }>();
    for (const entry of entries) {
      // An address no browser could send is no redirect's (an import's odd permalink).
      if (!isRedirectablePath(entry.from) || !isRedirectTarget(entry.to)) continue;
      const from = redirectKey(entry.from);
      const to = targetOf(entry.to);
      const toKey = keyOfTarget(to);
      if (toKey) live.add(toKey);
      if (from && from !== toKey) leads.set(from, { to, status: entry.status ?? 301 });
    }
    for (const key of live) leads.delete(key);
    const liveKeys = [...live];
    for (let index = 0; index < liveKeys.length; index += BATCH) {
      await db.delete(redirects).where(inArray(redirects.fromPath, liveKeys.slice(index, index + BATCH)));
    }
    const rows = [...leads].map(([fromPath, { to, status }]) => ({ fromPath, toPath: to, statusCode: status, origin }));
    for (let index = 0; index < rows.length; index += BATCH) {
      const batch = rows.slice(index, index + BATCH);
      await db
        .insert(redirects)
        .values(batch)
        .onConflictDoUpdate({
          target: redirects.fromPath,
          set: {
            toPath: sql`excluded.to_path`,
            statusCode: sql`excluded.status_code`,
            origin: sql`excluded.origin`,
            updatedAt: new Date(),
          },
        });
      const repoints = batch.flatMap((row) =>
        targetsNaming(row.fromPath).map((named) => ({
          named,
          target: row.toPath,
          target_key: keyOfTarget(row.toPath) ?? "",
        })),
      );
      await db.execute(sql`
        update ${redirects} set to_path = v.target, updated_at = now()
        from json_to_recordset(${JSON.stringify(repoints)}::json) as v(named text, target text, target_key text)
        where ${redirects.toPath} = v.named and ${redirects.fromPath} <> v.target_key`);
    }
    return rows.length + liveKeys.length;
  }

  return {
    /** The redirect a page request at `pathWithQuery` gets, from memory. */
    find: (pathWithQuery: string): Promise<RedirectAnswer | null> => lookup.find(pathWithQuery),

    /** Newest first; `search` matches part of From or To. */
    async listRedirects(query: RedirectListQuery): Promise<Page<RedirectJson>> {
      const pattern = `%${escapeLike(query.search.trim())}%`;
      const where = query.search.trim()
        ? or(ilike(redirects.fromPath, pattern), ilike(redirects.toPath, pattern))
        : undefined;
      const { rows, total } = await readPage(
        query.page,
        query.limit,
        () => db.select({ total: count() }).from(redirects).where(where),
        (offset) =>
          db
            .select()
            .from(redirects)
            .where(where)
            .orderBy(desc(redirects.createdAt), desc(redirects.id))
            .limit(query.limit)
            .offset(offset),
      );
      return { items: rows.map(toRedirectJson), total, page: query.page, limit: query.limit };
    },

    /** An editor's redirect; refused when From is taken, equals To or would loop. */
    async addRedirect(input: RedirectInput): Promise<RedirectJson> {
      const { row } = await place(input, "manual", false);
      await announce();
      return toRedirectJson(row);
    },

    async deleteRedirect(id: string): Promise<void> {
      if (!isUuid(id)) throw notFound(REDIRECT_MESSAGES.redirectNotFound);
      const [deleted] = await db.delete(redirects).where(eq(redirects.id, id)).returning({ id: redirects.id });
      if (!deleted) throw notFound(REDIRECT_MESSAGES.redirectNotFound);
      await announce();
    },

    /** Lines `from,to[,status]`, header optional: an existing From is updated, a bad line skipped with its reason. */
    async importCsv(text: string): Promise<RedirectImportReport> {
      const rows = parseCsv(text);
      if (rows.length > REDIRECT_IMPORT_MAX_LINES) throw invalid(REDIRECT_MESSAGES.tooManyLines);
      const { report, skip } = csvImportReport();
      for (const [index, fields] of rows.entries()) {
        const line = index + 1;
        const [from = "", to = "", status] = fields.map((field) => field.trim());
        if (fields.every((field) => field.trim() === "")) continue;
        if (index === 0 && from.toLowerCase() === "from") continue;
        if (fields.length < 2) {
          skip(line, REDIRECT_MESSAGES.columnsMissing);
          continue;
        }
        const parsed = RedirectInputSchema.safeParse({ from, to, status });
        if (!parsed.success) {
          skip(line, parsed.error.issues[0]?.message ?? REDIRECT_MESSAGES.fromInvalid);
          continue;
        }
        try {
          const { created } = await place(parsed.data, "manual", true);
          if (created) report.created++;
          else report.updated++;
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          skip(line, error.message);
        }
      }
      if (report.created + report.updated > 0) await announce();
      return report;
    },

    /** Every redirect, From in order, with a header row. */
    async exportCsv(): Promise<string> {
      const rows = await db
        .select({
          from: redirects.fromPath,
          to: redirects.toPath,
          status: redirects.statusCode,
          origin: redirects.origin,
        })
        .from(redirects)
        .orderBy(asc(redirects.fromPath));
      return [
        csvLine(["from", "to", "status", "origin"]),
        ...rows.map((row) => csvLine([row.from, row.to, row.status, row.origin])),
      ].join("");
    },

    /**
     * For other areas (a slug change, a page moved, the importer): content that lived at `from`
     * now lives at `to`. Upserts, stops `to` from redirecting, and re-points redirects that ended
     * at `from`, so chains collapse to one hop.
     */
    async record(from: string, to: string, origin: RedirectOrigin = "slug-change"): Promise<void> {
      if (await recordBatch([{ from, to }], origin)) await announce();
    },

    /** `record` for many at once (an import), one announcement for all; a `from` that is another's `to` is skipped. */
    async recordAll(entries: readonly RedirectEntry[], origin: RedirectOrigin = "import"): Promise<void> {
      if (await recordBatch(entries, origin)) await announce();
    },

    /** New content at `path` (a post or page saved there): a redirect from it would hide it, so it goes. */
    async clearAddress(path: string): Promise<void> {
      const key = redirectKey(path);
      if (!key) return;
      const removed = await db.delete(redirects).where(eq(redirects.fromPath, key)).returning({ id: redirects.id });
      if (removed.length > 0) await announce();
    },

    /**
     * Content at `path` is gone (a post or page deleted): redirects that led there would now end
     * on a 404 a hop later, so they go and the old addresses answer 404 themselves.
     */
    async dropRedirectsTo(path: string): Promise<void> {
      const key = redirectKey(path);
      if (!key) return;
      const removed = await db
        .delete(redirects)
        .where(inArray(redirects.toPath, targetsNaming(key)))
        .returning({ id: redirects.id });
      if (removed.length > 0) await announce();
    },
  };
}

export type RedirectsService = ReturnType<typeof createRedirectsService>;
