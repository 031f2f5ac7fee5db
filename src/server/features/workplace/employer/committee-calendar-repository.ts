import { sql, type Kysely } from "kysely";
import type { DB } from "../../../platform/db/schema.js";
import { publishedOrganizations } from "../../organizations/read-models.js";

// The committee members' calendar feeds: committee_calendar_feeds (only the token's hash is kept).

/** A member's feed, made or replaced (a new token): only for a current member of this organisation. */
export async function saveFeed(
  db: Kysely<DB>,
  organizationId: string,
  memberId: string,
  tokenHash: string,
  language: string,
): Promise<boolean> {
  const saved = await db
    .insertInto("committee_calendar_feeds")
    .columns(["member_id", "token_hash", "language"])
    .expression((eb) =>
      eb
        .selectFrom("sst_committee_members")
        .select((inner) => ["id", inner.val(tokenHash).as("token_hash"), inner.val(language).as("language")])
        .where("id", "=", memberId)
        .where("organization_id", "=", organizationId)
        .where("is_active", "=", true),
    )
    .onConflict((oc) => oc.column("member_id").doUpdateSet({ token_hash: tokenHash, language, created_at: sql`now()` }))
    .returning("member_id")
    .executeTakeFirst();
  return saved !== undefined;
}

/** The link stops answering at once. */
export async function deleteFeed(db: Kysely<DB>, organizationId: string, memberId: string): Promise<boolean> {
  const result = await db
    .deleteFrom("committee_calendar_feeds")
    .where("member_id", "=", memberId)
    .where("member_id", "in", (eb) => eb.selectFrom("sst_committee_members").select("id").where("organization_id", "=", organizationId))
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The feed a token opens: its member's organisation and language, while the member is on the committee. */
export async function findFeed(db: Kysely<DB>, tokenHash: string) {
  return db
    .selectFrom("committee_calendar_feeds as f")
    .innerJoin("sst_committee_members as m", "m.id", "f.member_id")
    .select(["m.organization_id", "f.language"])
    .where("f.token_hash", "=", tokenHash)
    .where("m.is_active", "=", true)
    .executeTakeFirst();
}

/** Every survey period the organisation opened, whatever became of it. */
export async function openedSurveyPeriods(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom("wellbeing_surveys")
    .select(["period_start", "period_end"])
    .where("organization_id", "=", organizationId)
    .orderBy("period_start")
    .execute();
}

/** The employer's name the calendar is titled with, and its start (the survey rhythm's anchor). */
export async function employerOf(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom(publishedOrganizations.from(db).as("o"))
    .select(["name", "created_at"])
    .where("id", "=", organizationId)
    .executeTakeFirstOrThrow();
}
