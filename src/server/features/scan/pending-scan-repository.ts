import type { Insertable, Kysely } from "kysely";
import type { ScanSuccess } from "../../../shared/schemas/scans.js";
import type { DB, PendingScansTable } from "../../platform/db/schema.js";
import { publishedOrganizations } from "../organizations/read-models.js";

export async function insertPendingScan(db: Kysely<DB>, row: Insertable<PendingScansTable>): Promise<void> {
  await db.insertInto("pending_scans").values(row).execute();
}

export async function findPendingScan(db: Kysely<DB>, tokenHash: string) {
  return db
    .selectFrom("pending_scans")
    .select(["id", "org", "loc", "type", "card", "latitude", "longitude", "expires_at", "claimed_by", "act_id", "outcome"])
    .where("token_hash", "=", tokenHash)
    .executeTakeFirst();
}

export async function saveOutcome(db: Kysely<DB>, id: string, outcome: ScanSuccess): Promise<void> {
  await db
    .updateTable("pending_scans")
    .set({ outcome: JSON.stringify(outcome) })
    .where("id", "=", id)
    .execute();
}

/** What a claimed act shows when its outcome was not saved yet (a second claim racing the first). */
export async function claimedActFacts(db: Kysely<DB>, actId: string) {
  return db
    .selectFrom("acts")
    .innerJoin(publishedOrganizations.from(db).as("organizations"), "organizations.id", "acts.organization_id")
    .select([
      "acts.act_number",
      "acts.rarity",
      "acts.card_series_id",
      "acts.card_number",
      "acts.card_type",
      "organizations.name as organization_name",
    ])
    .where("acts.id", "=", actId)
    .executeTakeFirst();
}

/** Housekeeping: claims a week past their expiry, claimed or not, are no longer needed by anyone. */
export async function deleteStalePendingScans(db: Kysely<DB>, before: Date): Promise<number> {
  const result = await db.deleteFrom("pending_scans").where("expires_at", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** An organisation's name by its printed code (a kept scan's `org`). */
export async function organizationNameOf(db: Kysely<DB>, orgCode: string): Promise<string | undefined> {
  const row = await db
    .selectFrom(publishedOrganizations.from(db).as("organization"))
    .select("name")
    .where("org_code", "=", orgCode)
    .executeTakeFirst();
  return row?.name;
}
