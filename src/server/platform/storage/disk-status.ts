import { resolve } from "node:path";
import { freeBytesAt } from "./disk-space.js";
import type { FileStorage } from "./file-store.js";

const MB = 1024 * 1024;

export interface DiskStatus {
  /** "data": DATA_DIR (the embedded database, push keys); "uploads": the local upload folder. */
  store: "data" | "uploads";
  location: string;
  freeBytes: number;
}

/**
 * The free space of the folders Kindly writes to (docs/operations.md, "A
 * full disk"): the data folder, and the upload folder when uploads are on
 * local disk (an S3 store reports none).
 */
export async function diskStatus(dataDir: string, storage: Pick<FileStorage, "freeBytes">, uploadsDir: string): Promise<DiskStatus[]> {
  const [data, uploads] = await Promise.all([freeBytesAt(dataDir), storage.freeBytes()]);
  return [
    { store: "data", location: resolve(dataDir), freeBytes: data },
    ...(uploads === null ? [] : [{ store: "uploads" as const, location: resolve(uploadsDir), freeBytes: uploads }]),
  ];
}

/**
 * Whether the upload store has at least `minFreeMb` free (a store that
 * reports no free space, S3, always has): below it, a photo would fill what
 * the database needs to keep recording acts.
 */
export async function hasRoomForUpload(storage: Pick<FileStorage, "freeBytes">, minFreeMb: number): Promise<boolean> {
  const free = await storage.freeBytes();
  return free === null || free >= minFreeMb * MB;
}
