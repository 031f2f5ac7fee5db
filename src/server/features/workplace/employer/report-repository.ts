import type { Kysely } from "kysely";
import type { DB } from "../../../platform/db/schema.js";
import { publishedOrganizations } from "../../organizations/read-models.js";

/** The report's other records: meetings held (not cancelled) and verifications in the period, certificates by kind. */
export async function meetingsBetween(db: Kysely<DB>, organizationId: string, from: string, to: string) {
  return db
    .selectFrom("sst_committee_meetings")
    .select(["id", "title", "meeting_date", "key_decisions"])
    .where("organization_id", "=", organizationId)
    .where("meeting_date", ">=", from)
    .where("meeting_date", "<=", to)
    .where("cancelled_at", "is", null)
    .orderBy("meeting_date")
    .execute();
}

export async function verificationsBetween(db: Kysely<DB>, organizationId: string, from: string, to: string) {
  return db
    .selectFrom("verification_schedules")
    .select(["id", "verification_date", "responsible_person", "status", "done_note"])
    .where("organization_id", "=", organizationId)
    .where("verification_date", ">=", from)
    .where("verification_date", "<=", to)
    .orderBy("verification_date")
    .execute();
}

/** Certificates of each kind, all time and completed within the period (current versions: a renamed holder counts once). */
export async function certificateCounts(db: Kysely<DB>, organizationId: string, from: Date, to: Date) {
  const rows = await db
    .selectFrom("certificates")
    .select((eb) => [
      "kind",
      eb.fn.countAll<number>().as("total"),
      eb.fn
        .countAll<number>()
        .filterWhere((w) => w.and([w("completed_at", ">=", from), w("completed_at", "<", to)]))
        .as("in_period"),
    ])
    .where("organization_id", "=", organizationId)
    .where("superseded_at", "is", null)
    .groupBy("kind")
    .execute();
  return new Map(rows.map((row) => [row.kind, { total: Number(row.total), inPeriod: Number(row.in_period) }]));
}

export async function organizationName(db: Kysely<DB>, organizationId: string): Promise<string> {
  const row = await db
    .selectFrom(publishedOrganizations.from(db).as("organization"))
    .select("name")
    .where("id", "=", organizationId)
    .executeTakeFirstOrThrow();
  return row.name;
}
