/**
 * Offset paging for the admin lists: ask for one row more than a page, so
 * the answer can say whether another page follows without counting.
 */
export function pageWindow(page: number, pageSize: number): { limit: number; offset: number } {
  return { limit: pageSize + 1, offset: (page - 1) * pageSize };
}

/** The page's rows out of what `pageWindow` fetched, and whether more follow. */
export function onePage<T>(rows: T[], pageSize: number): { items: T[]; hasMore: boolean } {
  return { items: rows.slice(0, pageSize), hasMore: rows.length > pageSize };
}
