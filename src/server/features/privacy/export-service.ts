import { DEFAULT_LANGUAGE } from "../../../shared/i18n/languages.js";
import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { DataExport } from "../../../shared/schemas/profile.js";
import type { DB, DataExportsTable } from "../../platform/db/schema.js";
import { AppError } from "../../kernel/app-error.js";
import type { FileStorage } from "../../platform/storage/file-storage.js";
import { findMailingDetails } from "../users/index.js";
import type { PersonalData } from "../../platform/personal-data.js";
import { buildArchive } from "./export-archive.js";
import * as repo from "./export-repository.js";
import { EXPORT_HOURS } from "../../../shared/constants.js";

type StoreDeps = { db: Kysely<DB>; storage: FileStorage };
/** Building an archive reads every owner of a person's rows. */
type ExportDeps = StoreDeps & { personalData: readonly PersonalData[] };

type ExportRow = Selectable<DataExportsTable>;

export function exportView(row: ExportRow, now = new Date()): DataExport {
  const expired = row.status === "ready" && (!row.storage_key || (row.expires_at !== null && new Date(row.expires_at) <= now));
  return {
    id: row.id,
    status: expired ? "expired" : row.status,
    progress: row.progress,
    createdAt: new Date(row.created_at).toISOString(),
    expiresAt: row.status === "ready" && row.expires_at ? new Date(row.expires_at).toISOString() : null,
    sizeBytes: row.status === "ready" ? row.size_bytes : null,
  };
}

/**
 * Records a new archive to build (the route builds it after its answer), or,
 * while one is being built, that one: one at a time per person, and the
 * route's rate limit caps how often.
 */
export async function startExport(db: Kysely<DB>, userId: string, now = new Date()): Promise<{ view: DataExport; started: boolean }> {
  const latest = await repo.latestExport(db, userId);
  if (latest?.status === "building") return { view: exportView(latest, now), started: false };
  const id = randomUUID();
  await repo.insertExport(db, id, userId);
  return { view: exportView((await repo.findExport(db, userId, id))!, now), started: true };
}

export async function buildExport(deps: ExportDeps, userId: string, id: string, now = new Date()): Promise<void> {
  try {
    const user = await findMailingDetails(deps.db, userId);
    const archive = await buildArchive(deps, userId, user?.language_preference ?? DEFAULT_LANGUAGE, now, (percent) =>
      repo.setProgress(deps.db, id, Math.min(percent, 99)),
    );
    const key = `exports/${userId}/${id}.zip`;
    await deps.storage.put(key, Buffer.from(archive), "application/zip");
    const readyAt = new Date();
    await repo.markReady(deps.db, id, key, archive.byteLength, readyAt, new Date(readyAt.getTime() + EXPORT_HOURS * 3_600_000));
  } catch (error) {
    await repo.markFailed(deps.db, id);
    throw error;
  }
}

export async function latestExportOf(db: Kysely<DB>, userId: string, now = new Date()): Promise<DataExport | null> {
  const row = await repo.latestExport(db, userId);
  return row ? exportView(row, now) : null;
}

/** The archive's bytes, for its owner only, and only while its 24 hours last. */
export async function exportFile(deps: StoreDeps, userId: string, id: string, now = new Date()): Promise<Buffer> {
  const row = await repo.findExport(deps.db, userId, id);
  if (!row || exportView(row, now).status !== "ready" || !row.storage_key) throw new AppError("not_found");
  const file = await deps.storage.get(row.storage_key);
  if (!file) throw new AppError("not_found");
  return file;
}

/** Retention: archives past their 24 hours leave storage (hourly housekeeping). */
export async function removeExpiredExports(deps: StoreDeps, now = new Date()): Promise<void> {
  for (const row of await repo.expiredExports(deps.db, now)) {
    await deps.storage.delete(row.storage_key!);
    await repo.forgetExportFile(deps.db, row.id);
  }
}
