import type { Config } from "../../config.js";
import type { FileStorage } from "./file-store.js";
import { localDiskStorage } from "./local-disk-storage.js";
import { join } from "node:path";

export type { FileStorage } from "./file-store.js";

/** Local disk by default; an S3-compatible store when S3_BUCKET is set (docs/design.md §5). */
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
  return localDiskStorage(uploadsFolder(config));
}

/** Where uploads go on local disk (when no S3 store is set). */
export function uploadsFolder(config: Pick<Config, "UPLOADS_DIR" | "DATA_DIR">): string {
  return config.UPLOADS_DIR ?? join(config.DATA_DIR, "uploads");
}
