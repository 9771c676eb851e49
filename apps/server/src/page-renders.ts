/*
 * Page renders in flight at once on the machine: enough to overlap a PostgreSQL server's
 * latency, few enough that a burst of logged-in readers queues instead of growing the heap.
 * 4 served as many pages a second as 8, with a lower p99 and a peak RSS 11–20 MB lower
 * (decision 044). Workers share them, each keeping two so that one render waiting on the
 * database does not hold up the next (decision 045).
 */
const CONCURRENT_PAGE_RENDERS = 4;

/** The renders one process runs at once when `processes` processes serve the site. */
export function pageRendersPerProcess(processes: number): number {
  return Math.max(2, Math.ceil(CONCURRENT_PAGE_RENDERS / processes));
}
