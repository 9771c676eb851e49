/** Past this many rows the count runs first, so a page beyond the end costs a count, not an offset scan. */
const DEEP_OFFSET = 1000;

/**
 * One page of a list and its total. Near the start both queries run together; deep pages
 * (page=1000000) first learn the total and answer an empty page without reading rows.
 */
export async function readPage<Row>(
  page: number,
  limit: number,
  countRows: () => Promise<{ total: number }[]>,
  readRows: (offset: number) => Promise<Row[]>,
): Promise<{ rows: Row[]; total: number }> {
  const offset = (page - 1) * limit;
  if (offset < DEEP_OFFSET) {
    const [rows, [counted]] = await Promise.all([readRows(offset), countRows()]);
    return { rows, total: counted?.total ?? 0 };
  }
  const total = (await countRows())[0]?.total ?? 0;
  return { rows: offset >= total ? [] : await readRows(offset), total };
}
