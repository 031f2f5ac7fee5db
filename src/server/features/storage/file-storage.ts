import type { Config } from "../../config.js";
import { localDiskStorage } from "./local-disk-storage.js";
import { join } from "node:path";

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
}

export async function createFileStorage(config: Config): Promise<FileStorage> {
  if (config.S3_BUCKET) {
    // The AWS SDK (about 20 MB in memory) is loaded only where S3 is configured.
    const { s3Storage } = await import("./s3-storage.js");
    return s3Storage({
      bucket: config.S3_BUCKET,
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      credentials:
        config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
          : undefined,
    });
  }
  return localDiskStorage(config.UPLOADS_DIR ?? join(config.DATA_DIR, "uploads"));
}

/** Keys are paths of plain segments: nothing that could climb out of a directory. */
export function assertSafeKey(key: string): void {
  if (!/^[a-z]+(\/[A-Za-z0-9][A-Za-z0-9._-]*)+$/.test(key) || key.includes("..")) throw new Error(`unsafe storage key: ${key}`);
}
