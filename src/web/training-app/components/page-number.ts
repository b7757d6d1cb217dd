/** The lists keep a page number (?page=) while the pager speaks in offsets: 1 for offsets 0 to size - 1. */
export function pageOfOffset(offset: number, pageSize: number): number {
  return Math.floor(offset / pageSize) + 1;
}

/** The last page that has rows (1 for an empty list). */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
