import { parseMediaPath } from "@broadsheet/domain";
import { inArray } from "drizzle-orm";
import type { Database } from "../db/client";
import { media } from "../db/schema";

/** Each image's size in pixels, by position, from its media record; null for one not stored here. */
export async function imageSizesOf(
  db: Database,
  images: string[],
): Promise<({ width: number; height: number } | null)[]> {
  const keys = images.map((src) => parseMediaPath(src)?.key);
  const wanted = keys.filter((key) => key !== undefined);
  const rows =
    wanted.length === 0
      ? []
      : await db
          .select({ key: media.key, width: media.width, height: media.height })
          .from(media)
          .where(inArray(media.key, wanted));
  const sizes = new Map(rows.map((row) => [row.key, { width: row.width, height: row.height }]));
  return keys.map((key) => (key === undefined ? null : (sizes.get(key) ?? null)));
}
