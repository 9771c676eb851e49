import { categoryPath, normalizeSlug, slugify, tagPath } from "@broadsheet/domain";
import type { Database } from "../db/client";
import { categories, tags, types } from "../db/schema";
import type { OldPathRedirect } from "./import-redirects";
import type { ReportBuilder } from "./import-report";
import type { ImportedEntry, ImportedTerm, TermRef } from "./model";

/*
 * The export's categories and tags onto the site's category → type → tags: an entry's first
 * category is its category (its root ancestor when it is nested, the nested one then becoming
 * the type), every other category and every tag a tag. Entries with no category go to
 * "Uncategorized". What exists is matched by slug or name; what is missing is created.
 */

export const DEFAULT_CATEGORY: TermRef = { name: "Uncategorized", slug: "uncategorized" };

export interface Classification {
  category: TermRef;
  type: TermRef | null;
  tags: TermRef[];
}

interface Known {
  id: string;
  name: string;
  slug: string;
}

interface KnownType extends Known {
  categoryId: string;
}

export interface ResolvedTaxonomy {
  categoryId: string;
  categoryName: string;
  typeId: string | null;
  tagIds: string[];
}

function suffixed(base: string, taken: (slug: string) => boolean): string {
  if (!taken(base)) return base;
  for (let suffix = 2; ; suffix++) if (!taken(`${base}-${suffix}`)) return `${base}-${suffix}`;
}

/** The entry's terms sorted into category, type and tags, from the export's own category tree. */
export function classifyTerms(entry: ImportedEntry, categoryTerms: ReadonlyMap<string, ImportedTerm>): Classification {
  const [first, ...otherCategories] = entry.categories;
  const extra = [...otherCategories, ...entry.tags];
  if (!first) return { category: DEFAULT_CATEGORY, type: null, tags: extra };
  const chain: TermRef[] = [first];
  const seen = new Set([first.slug]);
  for (let term = categoryTerms.get(first.slug); term?.parentSlug && !seen.has(term.parentSlug); ) {
    seen.add(term.parentSlug);
    const parent = categoryTerms.get(term.parentSlug);
    chain.push(parent ? { name: parent.name, slug: parent.slug } : { name: term.parentSlug, slug: term.parentSlug });
    term = parent;
  }
  const root = chain[chain.length - 1] ?? first;
  if (root !== first) return { category: root, type: first, tags: extra };
  // A top-level first category with one of its children also ticked (Broadsheet's own WXR lists a
  // post's category, then its type): the child is the type.
  const child = otherCategories.find((ref) => categoryTerms.get(ref.slug)?.parentSlug === first.slug);
  if (!child) return { category: first, type: null, tags: extra };
  return { category: first, type: child, tags: extra.filter((ref) => ref !== child) };
}

/** Finds or creates categories, types and tags; one per run, kept in memory (one import runs at a time). */
export async function createTaxonomyMapper(db: Database, run: { dryRun: boolean; report: ReportBuilder }) {
  const byKey = <T extends Known>(rows: T[]) => {
    const map = new Map<string, T>();
    for (const row of rows) {
      map.set(`slug:${row.slug}`, row);
      map.set(`name:${row.name.toLowerCase()}`, row);
    }
    return map;
  };
  const knownCategories = byKey(
    await db.select({ id: categories.id, name: categories.name, slug: categories.slug }).from(categories),
  );
  const knownTypes = byKey<KnownType>(
    await db.select({ id: types.id, name: types.name, slug: types.slug, categoryId: types.categoryId }).from(types),
  );
  const knownTags = byKey(await db.select({ id: tags.id, name: tags.name, slug: tags.slug }).from(tags));
  const reported = new Set<string>();
  let dryRunIds = 0;
  const newId = () => `dry-run:${++dryRunIds}`;

  const find = <T extends Known>(map: Map<string, T>, ref: TermRef, slug: string) =>
    map.get(`slug:${slug}`) ?? map.get(`name:${ref.name.toLowerCase()}`);
  const remember = <T extends Known>(map: Map<string, T>, row: T) => {
    map.set(`slug:${row.slug}`, row);
    map.set(`name:${row.name.toLowerCase()}`, row);
  };
  const report = (kind: string, from: string, to: string) => {
    const key = `${kind}|${from}|${to}`;
    if (reported.has(key)) return;
    reported.add(key);
    run.report.mapped(kind, from, to);
  };

  async function category(tx: Database, ref: TermRef): Promise<Known> {
    const slug = normalizeSlug(ref.slug) || slugify(ref.name, "category");
    const found = find(knownCategories, ref, slug);
    if (found) return found;
    const name = ref.name || slug;
    const row = { id: newId(), name, slug: suffixed(slug, (candidate) => knownCategories.has(`slug:${candidate}`)) };
    if (!run.dryRun) {
      const [created] = await tx
        .insert(categories)
        .values({ name: row.name, slug: row.slug })
        .returning({ id: categories.id });
      row.id = created?.id as string;
    }
    remember(knownCategories, row);
    run.report.count("category", "created");
    return row;
  }

  async function type(tx: Database, ref: TermRef, categoryRow: Known): Promise<string | null> {
    const slug = normalizeSlug(ref.slug) || slugify(ref.name, "type");
    const found = find(knownTypes, ref, slug);
    if (found) {
      if (found.categoryId === categoryRow.id) return found.id;
      run.report.warn(`category ${ref.name}: a type of that name belongs to another category; posts keep no type`);
      return null;
    }
    const row: KnownType = {
      id: newId(),
      name: ref.name || slug,
      slug: suffixed(slug, (candidate) => knownTypes.has(`slug:${candidate}`)),
      categoryId: categoryRow.id,
    };
    if (!run.dryRun) {
      const [created] = await tx
        .insert(types)
        .values({ name: row.name, slug: row.slug, categoryId: row.categoryId })
        .returning({ id: types.id });
      row.id = created?.id as string;
    }
    remember(knownTypes, row);
    run.report.count("type", "created");
    return row.id;
  }

  async function tag(tx: Database, ref: TermRef): Promise<string> {
    const slug = normalizeSlug(ref.slug) || normalizeSlug(ref.name) || "tag";
    const found =
      knownTags.get(`name:${ref.name.toLowerCase()}`) ?? (ref.name ? undefined : knownTags.get(`slug:${slug}`));
    if (found) return found.id;
    const row = {
      id: newId(),
      name: ref.name || slug,
      slug: suffixed(slug, (candidate) => knownTags.has(`slug:${candidate}`)),
    };
    if (!run.dryRun) {
      const [created] = await tx.insert(tags).values({ name: row.name, slug: row.slug }).returning({ id: tags.id });
      row.id = created?.id as string;
    }
    remember(knownTags, row);
    run.report.count("tag", "created");
    return row.id;
  }

  return {
    /** Ids of the entry's category, type and tags, made where missing (inside the entry's transaction). */
    async resolve(tx: Database, terms: Classification): Promise<ResolvedTaxonomy> {
      const categoryRow = await category(tx, terms.category);
      report("category", terms.category.name, `category ${categoryRow.name}`);
      let typeId: string | null = null;
      if (terms.type) {
        typeId = await type(tx, terms.type, categoryRow);
        if (typeId) report("category", terms.type.name, `type ${terms.type.name} of category ${categoryRow.name}`);
      }
      const tagIds: string[] = [];
      for (const ref of terms.tags) {
        const id = await tag(tx, ref);
        if (!tagIds.includes(id)) tagIds.push(id);
      }
      return { categoryId: categoryRow.id, categoryName: categoryRow.name, typeId, tagIds };
    },
    /** Says in the report that a category of the export became a tag. */
    reportCategoryAsTag(ref: TermRef) {
      report("category", ref.name, `tag ${ref.name}`);
    },
    /** Where a term of the export now lives (its category, type or tag page), for its old pages' redirects. */
    redirectsOf(term: ImportedTerm): OldPathRedirect[] {
      const ref = { name: term.name, slug: term.slug };
      const slug = normalizeSlug(term.slug);
      const asTag = () => {
        const tag = knownTags.get(`name:${term.name.toLowerCase()}`);
        return tag ? tagPath(tag.slug) : null;
      };
      const asCategory = () => {
        const category = find(knownCategories, ref, slug);
        if (category) return categoryPath(category.slug);
        const type = find(knownTypes, ref, slug);
        const parent = type && [...knownCategories.values()].find((row) => row.id === type.categoryId);
        return type && parent ? categoryPath(parent.slug, type.slug) : null;
      };
      const to = term.taxonomy === "category" ? (asCategory() ?? asTag()) : (asTag() ?? asCategory());
      return to ? term.oldPaths.map((fromPath) => ({ fromPath, toPath: to })) : [];
    },
  };
}

export type TaxonomyMapper = Awaited<ReturnType<typeof createTaxonomyMapper>>;
