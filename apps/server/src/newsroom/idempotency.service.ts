import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { idempotencyKeys } from "../db/schema";

/** How long a key answers its first result (decision 076). */
export const IDEMPOTENCY_KEY_HOURS = 24;
/** A claim whose request never answered (its process died) may be taken again after this. */
const ABANDONED_CLAIM_SECONDS = 60;

export interface StoredAnswer {
  status: number;
  body: string;
  contentType: string;
}

export type Claim =
  | { kind: "claimed" }
  | { kind: "answered"; answer: StoredAnswer }
  | { kind: "running" }
  | { kind: "other_request" };

/**
 * Idempotency keys of creates (issue 43): the first request with a key claims its row, the
 * create runs, and its answer is kept for repeats; a failed create gives the key back.
 */
export function createIdempotencyService(db: Database) {
  const row = (scope: string, key: string) => and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));
  let lastPrune = 0;

  return {
    async claim(scope: string, key: string, fingerprint: string): Promise<Claim> {
      await this.pruneNow(false);
      // Twice at most: an expired or abandoned row is dropped, then claimed afresh.
      for (let attempt = 0; attempt < 2; attempt++) {
        const claimed = await db
          .insert(idempotencyKeys)
          .values({ scope, key, fingerprint })
          .onConflictDoNothing()
          .returning({ key: idempotencyKeys.key });
        if (claimed.length > 0) return { kind: "claimed" };
        const [existing] = await db.select().from(idempotencyKeys).where(row(scope, key));
        if (!existing) continue;
        if (existing.fingerprint !== fingerprint) return { kind: "other_request" };
        if (existing.status !== null)
          return {
            kind: "answered",
            answer: { status: existing.status, body: existing.body ?? "", contentType: existing.contentType ?? "" },
          };
        const dropped = await db
          .delete(idempotencyKeys)
          .where(
            and(
              row(scope, key),
              isNull(idempotencyKeys.status),
              lt(idempotencyKeys.createdAt, sql`now() - make_interval(secs => ${ABANDONED_CLAIM_SECONDS})`),
            ),
          )
          .returning({ key: idempotencyKeys.key });
        if (dropped.length === 0) return { kind: "running" };
      }
      return { kind: "running" };
    },

    async complete(scope: string, key: string, answer: StoredAnswer): Promise<void> {
      await db
        .update(idempotencyKeys)
        .set({ status: answer.status, body: answer.body, contentType: answer.contentType })
        .where(row(scope, key));
    },

    /** The request failed: the same key may try again (with a corrected body, too). */
    async release(scope: string, key: string): Promise<void> {
      await db.delete(idempotencyKeys).where(and(row(scope, key), isNull(idempotencyKeys.status)));
    },

    /** Drops expired keys; on the claim path at most once a minute per process. */
    async pruneNow(always = true): Promise<number> {
      const now = Date.now();
      if (!always && now - lastPrune < 60_000) return 0;
      lastPrune = now;
      const dropped = await db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`))
        .returning({ key: idempotencyKeys.key });
      return dropped.length;
    },
  };
}

export type IdempotencyService = ReturnType<typeof createIdempotencyService>;
