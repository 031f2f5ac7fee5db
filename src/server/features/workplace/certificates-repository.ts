import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../platform/db/schema.js";
import type { CertificateKind } from "../../../shared/workplace/learning.js";
import { people } from "../users/read-models.js";
import { publishedOrganizations } from "../organizations/read-models.js";

type Reader = Kysely<DB> | Transaction<DB>;

const columns = [
  "code",
  "kind",
  "holder_name",
  "employer_name",
  "completed_at",
  "score",
  "attempts",
  "signatory_name",
  "signatory_title",
] as const;

export async function findCertificate(db: Reader, userId: string, organizationId: string, kind: CertificateKind) {
  return db
    .selectFrom("certificates")
    .select(columns)
    .where("user_id", "=", userId)
    .where("organization_id", "=", organizationId)
    .where("kind", "=", kind)
    .executeTakeFirst();
}

export async function certificatesOf(db: Reader, userId: string, organizationId: string) {
  return db
    .selectFrom("certificates")
    .select(columns)
    .where("user_id", "=", userId)
    .where("organization_id", "=", organizationId)
    .execute();
}

/** How many certificates of a kind an organisation's people hold (the compliance report's counts). */
export async function countOfKind(db: Reader, organizationId: string, kind: CertificateKind): Promise<number> {
  const row = await db
    .selectFrom("certificates")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("organization_id", "=", organizationId)
    .where("kind", "=", kind)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Issues once per person, employer and kind; a second call keeps the first
 * (and its code). The holder is named by their legal name when they gave one
 * (their username until then: the download asks for it), and the employer's
 * signatory of the day signs it.
 */
export async function insertCertificate(
  trx: Transaction<DB>,
  values: {
    id: string;
    code: string;
    kind: CertificateKind;
    userId: string;
    organizationId: string;
    completedAt: Date;
    score: number | null;
    attempts: number | null;
  },
): Promise<void> {
  await trx
    .insertInto("certificates")
    .columns([
      "id",
      "code",
      "kind",
      "user_id",
      "organization_id",
      "holder_name",
      "employer_name",
      "completed_at",
      "score",
      "attempts",
      "signatory_name",
      "signatory_title",
    ])
    .expression((eb) =>
      eb
        .selectFrom(people.from(trx).as("u"))
        .innerJoin(publishedOrganizations.from(trx).as("o"), (join) => join.on("o.id", "=", values.organizationId))
        .leftJoin("legal_names as l", "l.user_id", "u.id")
        .select((inner) => [
          eb.val(values.id).as("id"),
          eb.val(values.code).as("code"),
          eb.val(values.kind).as("kind"),
          "u.id as user_id",
          "o.id as organization_id",
          inner.fn.coalesce("l.legal_name", "u.username").as("holder_name"),
          "o.name as employer_name",
          eb.val(values.completedAt).as("completed_at"),
          eb.val(values.score).as("score"),
          eb.val(values.attempts).as("attempts"),
          "o.certificate_signatory_name as signatory_name",
          "o.certificate_signatory_title as signatory_title",
        ])
        .where("u.id", "=", values.userId),
    )
    .onConflict((oc) => oc.columns(["user_id", "organization_id", "kind"]).doNothing())
    .execute();
}

export async function findByCode(db: Kysely<DB>, code: string) {
  return db.selectFrom("certificates").select(columns).where("code", "=", code).executeTakeFirst();
}
