import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { CampaignInput, CampaignView } from "../../../shared/schemas/organizations.js";
import type { DB } from "../../platform/db/schema.js";
import { AppError } from "../../kernel/app-error.js";
import { campaignStatus } from "./campaign-status.js";
import { ownLocationIds } from "./locations-repository.js";
import { requireOrganizationAccess } from "./organization-access.js";

const DAY_MS = 86_400_000;

export async function listCampaigns(db: Kysely<DB>, userId: string, organizationId: string, now = new Date()): Promise<CampaignView[]> {
  await requireOrganizationAccess(db, userId, organizationId, "view");
  const rows = await db
    .selectFrom("campaigns as c")
    .selectAll("c")
    .select(
      sql<
        string[]
      >`coalesce((select array_agg(location_id order by location_id) from campaign_locations where campaign_id = c.id), '{}')`.as(
        "location_ids",
      ),
    )
    .where("c.organization_id", "=", organizationId)
    .orderBy("c.created_at", "desc")
    .limit(200)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    effect: row.effect,
    startsAt: new Date(row.starts_at).toISOString(),
    endsAt: new Date(row.ends_at).toISOString(),
    status: campaignStatus(row, now),
    locationIds: row.location_ids,
  }));
}

/** Saves a campaign (docs/design.md §4.9) over some of the organisation's own locations, starting now. */
export async function createCampaign(db: Kysely<DB>, userId: string, organizationId: string, input: CampaignInput, now = new Date()) {
  await requireOrganizationAccess(db, userId, organizationId, "operate");
  const wanted = [...new Set(input.locationIds)];
  const own = await ownLocationIds(db, organizationId, wanted);
  if (own.size !== wanted.length) throw new AppError("not_found", { field: "locationIds" });
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("campaigns")
      .values({
        id,
        organization_id: organizationId,
        name: input.name,
        description: input.description,
        effect: input.effect,
        starts_at: now,
        ends_at: new Date(now.getTime() + input.durationDays * DAY_MS),
        created_by: userId,
      })
      .execute();
    await trx
      .insertInto("campaign_locations")
      .values(wanted.map((locationId) => ({ campaign_id: id, location_id: locationId })))
      .execute();
  });
  return id;
}

/** Pause, resume or end; a completed campaign stays completed. */
export async function changeCampaign(
  db: Kysely<DB>,
  userId: string,
  organizationId: string,
  id: string,
  action: "pause" | "resume" | "end",
  now = new Date(),
) {
  await requireOrganizationAccess(db, userId, organizationId, "operate");
  await db.transaction().execute(async (trx) => {
    const campaign = await trx
      .selectFrom("campaigns")
      .select(["ends_at", "paused_at", "ended_at"])
      .where("id", "=", id)
      .where("organization_id", "=", organizationId)
      .forUpdate()
      .executeTakeFirst();
    if (!campaign) throw new AppError("not_found");
    if (campaignStatus(campaign, now) === "completed") throw new AppError("campaign_completed");
    const changes =
      action === "pause" ? { paused_at: campaign.paused_at ?? now } : action === "resume" ? { paused_at: null } : { ended_at: now };
    await trx.updateTable("campaigns").set(changes).where("id", "=", id).execute();
  });
}
