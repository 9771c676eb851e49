import { authorPath, normalizeSlug, slugify } from "@broadsheet/domain";
import { and, eq, inArray, sql } from "drizzle-orm";
import { NO_PASSWORD_HASH } from "../accounts";
import type { Database } from "../db/client";
import { importItems, users } from "../db/schema";
import { checksumOf } from "./import-items";
import { type OldPathRedirect, writeImportRedirects } from "./import-redirects";
import type { ReportBuilder } from "./import-report";
import type { ImportedAuthor } from "./model";

const PLAIN_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An author the export names in a byline but never describes (an old WXR's dc:creator only). */
export function bylineOnlyAuthor(login: string): ImportedAuthor {
  return { kind: "author", sourceId: login, email: "", displayName: login, slug: login, bio: "", oldPaths: [] };
}

async function freeUserSlug(db: Database, wanted: string): Promise<string> {
  const taken = new Set(
    (
      await db
        .select({ slug: users.slug })
        .from(users)
        .where(sql`${users.slug} = ${wanted} or ${users.slug} like ${`${wanted}-%`}`)
    ).map((row) => row.slug),
  );
  if (!taken.has(wanted)) return wanted;
  for (let suffix = 2; ; suffix++) if (!taken.has(`${wanted}-${suffix}`)) return `${wanted}-${suffix}`;
}

/**
 * The export's authors as staff accounts: an account with the same e-mail is used as it is;
 * otherwise an editor with no usable password (they set one through "Forgot password").
 * Answers each author's account id by source id.
 */
export async function importAuthors(
  db: Database,
  authors: Iterable<ImportedAuthor>,
  run: { site: string; dryRun: boolean; report: ReportBuilder },
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const author of authors) {
    const checksum = checksumOf(author);
    const [item] = await db
      .select({ localId: importItems.localId, checksum: importItems.checksum, userId: users.id })
      .from(importItems)
      .leftJoin(users, sql`${users.id}::text = ${importItems.localId}`)
      .where(
        and(eq(importItems.site, run.site), eq(importItems.kind, "author"), eq(importItems.sourceId, author.sourceId)),
      );
    if (item?.userId) {
      ids.set(author.sourceId, item.userId);
      if (item.checksum === checksum) {
        run.report.count("author", "unchanged");
        continue;
      }
      run.report.count("author", "updated");
      if (!run.dryRun) {
        await db.transaction(async (tx) => {
          // Only an account the import made (never signed into) takes the export's name and bio.
          await tx
            .update(users)
            .set({ name: author.displayName, bio: author.bio, updatedAt: new Date() })
            .where(and(eq(users.id, item.userId as string), eq(users.passwordHash, NO_PASSWORD_HASH)));
          await tx
            .update(importItems)
            .set({ checksum, updatedAt: new Date() })
            .where(
              and(
                eq(importItems.site, run.site),
                eq(importItems.kind, "author"),
                eq(importItems.sourceId, author.sourceId),
              ),
            );
        });
      }
      continue;
    }
    ids.set(author.sourceId, await createOrReuse(db, author, checksum, run));
  }
  return ids;
}

async function createOrReuse(
  db: Database,
  author: ImportedAuthor,
  checksum: string,
  run: { site: string; dryRun: boolean; report: ReportBuilder },
): Promise<string> {
  const email = PLAIN_EMAIL.test(author.email)
    ? author.email.trim().toLowerCase()
    : `${normalizeSlug(author.sourceId) || "author"}@imported.invalid`;
  const [existing] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  if (existing) {
    run.report.count("author", "unchanged");
    run.report.mapped("author", author.displayName || author.sourceId, `existing account ${existing.email}`);
  } else {
    run.report.count("author", "created");
    run.report.mapped(
      "author",
      author.displayName || author.sourceId,
      `editor ${email} (sets a password by "Forgot password")`,
    );
  }
  if (run.dryRun) return existing?.id ?? `dry-run:author:${author.sourceId}`;
  return db.transaction(async (tx) => {
    let userId = existing?.id;
    if (!userId) {
      const name = author.displayName || author.sourceId;
      const slug = await freeUserSlug(tx, normalizeSlug(author.slug) || slugify(name, "author"));
      const [created] = await tx
        .insert(users)
        .values({ name, email, passwordHash: NO_PASSWORD_HASH, role: "editor", slug, bio: author.bio })
        .returning({ id: users.id });
      userId = created?.id as string;
    }
    await tx
      .insert(importItems)
      .values({ site: run.site, kind: "author", sourceId: author.sourceId, localId: userId, checksum })
      .onConflictDoUpdate({
        target: [importItems.site, importItems.kind, importItems.sourceId],
        set: { localId: userId, checksum, updatedAt: new Date() },
      });
    return userId;
  });
}

/** The authors' old pages (Ghost's /author/{slug}/, WordPress's /author/{login}/) redirected to their author pages. */
export async function writeAuthorRedirects(
  db: Database,
  authors: Iterable<ImportedAuthor>,
  ids: ReadonlyMap<string, string>,
): Promise<number> {
  const wanted = [...authors].filter((author) => author.oldPaths.length > 0 && ids.has(author.sourceId));
  if (wanted.length === 0) return 0;
  const rows = await db
    .select({ id: users.id, slug: users.slug })
    .from(users)
    .where(inArray(users.id, [...new Set(wanted.map((author) => ids.get(author.sourceId) as string))]));
  const slugs = new Map(rows.map((row) => [row.id, row.slug]));
  const redirects: OldPathRedirect[] = wanted.flatMap((author) => {
    const slug = slugs.get(ids.get(author.sourceId) ?? "");
    return slug ? author.oldPaths.map((fromPath) => ({ fromPath, toPath: authorPath(slug) })) : [];
  });
  return writeImportRedirects(db, redirects);
}
