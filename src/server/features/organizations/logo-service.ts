import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.js";
import { processLogo } from "../../platform/images/image-processing.js";
import { oneAtATime } from "../../platform/images/processing-slots.js";
import type { FileStorage } from "../../platform/storage/file-storage.js";
import { AppError } from "../../kernel/app-error.js";
import { requireOrganizationAccess } from "./organization-access.js";

interface Context {
  db: Kysely<DB>;
  storage: FileStorage;
}

/** Where a logo is read: its address changes with each new logo, so a cached old one never shows. */
export function logoUrl(organization: { id: string; logo_updated_at: Date | null; logo_key: string | null }): string | null {
  if (!organization.logo_key || !organization.logo_updated_at) return null;
  return `/api/organizations/${encodeURIComponent(organization.id)}/logo?v=${new Date(organization.logo_updated_at).getTime()}`;
}

/**
 * An organisation's new logo (its owners and admins): decoded and re-encoded
 * as a PNG (processLogo), stored under a new key, then recorded; the logo it
 * replaces is removed once the new one is in place.
 */
export async function replaceLogo(
  { db, storage }: Context,
  userId: string,
  organizationId: string,
  upload: Buffer | null,
): Promise<string> {
  await requireOrganizationAccess(db, userId, organizationId, "manage");
  if (!upload) throw new AppError("invalid_input", { field: "logo", messageKey: "logoErrors.required" });
  const logo = await oneAtATime(() => processLogo(upload));
  const key = `logos/${randomUUID()}.png`;
  await storage.put(key, logo.body, "image/png");
  const previous = await swapLogoKey(db, organizationId, key).catch(async (error: unknown) => {
    await storage.delete(key);
    throw error;
  });
  if (previous.old) await storage.delete(previous.old);
  return logoUrl({ id: organizationId, logo_key: key, logo_updated_at: previous.at })!;
}

export async function removeLogo({ db, storage }: Context, userId: string, organizationId: string): Promise<void> {
  await requireOrganizationAccess(db, userId, organizationId, "manage");
  const previous = await swapLogoKey(db, organizationId, null);
  if (previous.old) await storage.delete(previous.old);
}

/** Records the new key (or none) and gives back the one it replaced, read under the row's lock. */
async function swapLogoKey(db: Kysely<DB>, organizationId: string, key: string | null): Promise<{ old: string | null; at: Date }> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("organizations")
      .select("logo_key")
      .where("id", "=", organizationId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const at = new Date();
    await trx
      .updateTable("organizations")
      .set({ logo_key: key, logo_updated_at: key ? at : null })
      .where("id", "=", organizationId)
      .execute();
    return { old: row.logo_key, at };
  });
}

/** The logo's PNG, for anyone (it shows on the public map); null when the organisation has none. */
export async function readLogo({ db, storage }: Context, organizationId: string): Promise<Buffer | null> {
  const row = await db.selectFrom("organizations").select("logo_key").where("id", "=", organizationId).executeTakeFirst();
  return row?.logo_key ? storage.get(row.logo_key) : null;
}
