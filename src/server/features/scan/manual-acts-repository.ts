import { randomUUID } from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import { KINDLY_TIME_ZONE } from "../../../shared/acts/new-york-time.js";
import type { ManualBatch } from "../../../shared/schemas/admin.js";
import { onePage, pageWindow } from "../../platform/db/paging.js";
import type { DB, OrganizationType } from "../../platform/db/schema.js";
import type { NumberedAct } from "./act-numbering-repository.js";
import { people } from "../users/read-models.js";
import { publishedOrganizations } from "../organizations/read-models.js";

export async function findOrganization(trx: Transaction<DB>, organizationId: string) {
  return trx
    .selectFrom(publishedOrganizations.from(trx).as("organization"))
    .select(["id", "name", "type"])
    .where("id", "=", organizationId)
    .executeTakeFirst();
}

/**
 * Stores a batch and its acts, already numbered `first`..`last` (the range the
 * caller reserved under the counter's lock). The acts belong to no one and
 * are dated at noon, New York time, of the day they were performed.
 */
export async function insertManualBatch(
  trx: Transaction<DB>,
  batch: {
    organization: { id: string; name: string; type: OrganizationType };
    first: number;
    last: number;
    description: string;
    proofType: "video" | "photo" | "both";
    proofDescription: string;
    performedOn: string;
    recordedBy: string;
  },
): Promise<{ id: string; acts: NumberedAct[] }> {
  const id = randomUUID();
  const count = batch.last - batch.first + 1;
  await trx
    .insertInto("manual_act_batches")
    .values({
      id,
      organization_id: batch.organization.id,
      act_count: count,
      first_number: batch.first,
      last_number: batch.last,
      description: batch.description,
      proof_type: batch.proofType,
      proof_description: batch.proofDescription,
      performed_on: batch.performedOn,
      recorded_by: batch.recordedBy,
    })
    .execute();
  const scannedAt = sql`(${batch.performedOn}::date + time '12:00') at time zone ${KINDLY_TIME_ZONE}`;
  const { rows } = await sql<{ id: string; act_number: string; scanned_at: Date }>`
    insert into acts (id, act_number, user_id, organization_id, card_type, manual_batch_id, scanned_at, scan_day, rarity, user_pseudo)
    select gen_random_uuid()::text, n, null, ${batch.organization.id}, 'manual', ${id}, ${scannedAt}, ${batch.performedOn}::date, 'bronze', null
    from generate_series(${batch.first}::bigint, ${batch.last}::bigint) as n
    order by n
    returning id, act_number, scanned_at
  `.execute(trx);
  return {
    id,
    acts: rows.map((row) => ({
      id: row.id,
      actNumber: Number(row.act_number),
      userId: null,
      organizationId: batch.organization.id,
      organizationType: batch.organization.type,
      organizationName: batch.organization.name,
      country: null,
      scanDay: batch.performedOn,
      scannedAt: new Date(row.scanned_at),
      hour: 12,
      cardType: "manual",
      sourceId: null,
      pseudonym: null,
    })),
  };
}

export async function listManualBatches(
  db: Kysely<DB>,
  page: number,
  pageSize: number,
): Promise<{ items: ManualBatch[]; hasMore: boolean }> {
  const { limit, offset } = pageWindow(page, pageSize);
  const rows = await db
    .selectFrom("manual_act_batches as b")
    .innerJoin(publishedOrganizations.from(db).as("o"), "o.id", "b.organization_id")
    .leftJoin(people.from(db).as("u"), "u.id", "b.recorded_by")
    .select([
      "b.id",
      "b.organization_id",
      "o.name as organization_name",
      "b.act_count",
      "b.first_number",
      "b.last_number",
      "b.description",
      "b.proof_type",
      "b.proof_description",
      "b.performed_on",
      "u.username",
      "b.recorded_at",
    ])
    .orderBy("b.recorded_at", "desc")
    .orderBy("b.id")
    .limit(limit)
    .offset(offset)
    .execute();
  const { items, hasMore } = onePage(rows, pageSize);
  return {
    hasMore,
    items: items.map((row) => ({
      id: row.id,
      organizationId: row.organization_id,
      organizationName: row.organization_name,
      count: row.act_count,
      start: Number(row.first_number),
      end: Number(row.last_number),
      description: row.description,
      proofType: row.proof_type,
      proofDescription: row.proof_description,
      performedOn: String(row.performed_on),
      recordedBy: row.username,
      recordedAt: new Date(row.recorded_at).toISOString(),
    })),
  };
}
