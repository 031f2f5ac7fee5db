import type { Kysely } from "kysely";
import type { Language } from "../../../../shared/i18n/languages.js";
import type { DB } from "../../../platform/db/schema.js";
import { publishedOrganizations } from "../../organizations/read-models.js";

// "Send to your IT person" (issue 61 §2): the links sent, by their token's hash.

export async function insertHandoff(
  db: Kysely<DB>,
  handoff: { tokenHash: string; organizationId: string; email: string; language: Language; sentBy: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto("it_handoffs")
    .values({
      token_hash: handoff.tokenHash,
      organization_id: handoff.organizationId,
      recipient_email: handoff.email,
      language: handoff.language,
      sent_by: handoff.sentBy,
      created_at: new Date(),
      expires_at: handoff.expiresAt,
    })
    .execute();
}

/** A link still open, with what its page shows: the employer's name and whether sign-on and the directory are set up. */
export async function findOpenHandoff(db: Kysely<DB>, tokenHash: string, now: Date) {
  return db
    .selectFrom("it_handoffs as h")
    .innerJoin(publishedOrganizations.from(db).as("o"), "o.id", "h.organization_id")
    .select((eb) => [
      "h.organization_id",
      "h.language",
      "h.expires_at",
      "o.name as organization_name",
      eb
        .exists(
          eb.selectFrom("sso_configurations as c").select("c.organization_id").whereRef("c.organization_id", "=", "h.organization_id"),
        )
        .as("sso_configured"),
      eb
        .exists(
          eb.selectFrom("staff_directory_tokens as d").select("d.organization_id").whereRef("d.organization_id", "=", "h.organization_id"),
        )
        .as("directory_connected"),
    ])
    .where("h.token_hash", "=", tokenHash)
    .where("h.expires_at", ">", now)
    .executeTakeFirst();
}

/** Housekeeping: an expired link's row serves nothing. */
export async function deleteExpiredHandoffs(db: Kysely<DB>, now: Date): Promise<void> {
  await db.deleteFrom("it_handoffs").where("expires_at", "<=", now).execute();
}
