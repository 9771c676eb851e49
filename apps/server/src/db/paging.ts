/** Past this many rows the count runs first, so a page beyond the end costs a count, not an offset scan. */
const DEEP_OFFSET = 1000;

/** An estimated total may fall short of the real end by this factor: a page a little past it is still read. */
const ESTIMATE_MARGIN = 1.5;

/** A list's total as counted, or estimated when `totalIsEstimate` (posts/post-counts.ts). */
interface Total {
  total: number;
  totalIsEstimate?: boolean;
}

/**
 * One page of a list and its total. Near the start both queries run together; deep pages
 * (page=1000000) first learn the total and answer an empty page without reading rows.
 */
export async function readPage<Row>(
  page: number,
  limit: number,
  countRows: () => Promise<Total[]>,
  readRows: (offset: number) => Promise<Row[]>,
): Promise<{ rows: Row[]; total: number; totalIsEstimate: boolean }> {
  const offset = (page - 1) * limit;
  if (offset < DEEP_OFFSET) {
    const [rows, [counted]] = await Promise.all([readRows(offset), countRows()]);
    return { rows, total: counted?.total ?? 0, totalIsEstimate: counted?.totalIsEstimate ?? false };
  }
  const [counted] = await countRows();
  const total = counted?.total ?? 0;
  const totalIsEstimate = counted?.totalIsEstimate ?? false;
  const end = totalIsEstimate ? total * ESTIMATE_MARGIN : total;
  return { rows: offset >= end ? [] : await readRows(offset), total, totalIsEstimate };
}
