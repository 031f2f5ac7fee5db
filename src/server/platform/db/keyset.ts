import { sql, type Expression, type SqlBool } from "kysely";

/**
 * Keyset paging for feeds that grow at the top (chat, gallery): a page is
 * "the next n older than this item", so new items never shift the pages a
 * reader already has (offsets would repeat or skip items).
 */
export interface FeedCursor {
  at: Date;
  id: string;
}

export function encodeCursor(at: Date, id: string): string {
  return `${at.toISOString()}_${id}`;
}

/** Null for anything that is not a cursor this server wrote: the first page then. */
export function decodeCursor(cursor: string | undefined): FeedCursor | null {
  if (!cursor) return null;
  const separator = cursor.indexOf("_");
  if (separator < 0) return null;
  const at = new Date(cursor.slice(0, separator));
  const id = cursor.slice(separator + 1);
  return Number.isNaN(at.getTime()) || !id ? null : { at, id };
}

/** `(created_at, id) < (cursor)`, in the feed index's order. */
export function olderThan(table: string, cursor: FeedCursor): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.ref(`${table}.created_at`)}, ${sql.ref(`${table}.id`)}) < (${cursor.at}, ${cursor.id})`;
}

/** The page's items and the cursor of the next page (null when this page is the last). */
export function feedPage<T extends { id: string; created_at: Date }>(
  rows: T[],
  pageSize: number,
): { items: T[]; nextBefore: string | null } {
  const items = rows.slice(0, pageSize);
  const last = items.at(-1);
  return { items, nextBefore: rows.length > pageSize && last ? encodeCursor(last.created_at, last.id) : null };
}
