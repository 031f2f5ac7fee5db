/*
 * What every storage back end is, apart from the factory that picks one
 * (file-storage.ts), so the back ends depend on this and the factory on them,
 * never in a circle.
 */

/**
 * Where uploaded files live: local disk by default, any S3-compatible store
 * in production (docs/design.md §5). Keys are chosen by the server
 * (`gallery/<uuid>.<ext>`), never by the uploader. The stored type is not
 * trusted on the way out: the database row says what a file is.
 */
export interface FileStorage {
  readonly kind: "local" | "s3";
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  /** Removing a file that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Every key in the store (backups). */
  list(): AsyncIterable<string>;
  /** Free bytes where files are written, for a local folder; null for a store that reports none (S3). */
  freeBytes(): Promise<number | null>;
}

/** Keys are paths of plain segments: nothing that could climb out of a directory. */
export function assertSafeKey(key: string): void {
  if (!/^[a-z]+(\/[A-Za-z0-9][A-Za-z0-9._-]*)+$/.test(key) || key.includes("..")) throw new Error(`unsafe storage key: ${key}`);
}
