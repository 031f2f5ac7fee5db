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
  "superseded_at",
  "superseded_by",
] as const;

/** The person's current certificate of a kind from an employer (not a superseded version). */
export async function findCertificate(db: Reader, userId: string, organizationId: string, kind: CertificateKind) {
  return db
    .selectFrom("certificates")
    .select(columns)
    .where("user_id", "=", userId)
    .where("organization_id", "=", organizationId)
    .where("kind", "=", kind)
    .where("superseded_at", "is", null)
    .executeTakeFirst();
}

/** The person's current certificates from an employer. */
export async function certificatesOf(db: Reader, userId: string, organizationId: string) {
  return db
    .selectFrom("certificates")
    .select(columns)
    .where("user_id", "=", userId)
    .where("organization_id", "=", organizationId)
    .where("superseded_at", "is", null)
    .execute();
}

/** How many certificates of a kind an organisation's people hold (the compliance report's counts). */
export async function countOfKind(db: Reader, organizationId: string, kind: CertificateKind): Promise<number> {
  const row = await db
    .selectFrom("certificates")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("organization_id", "=", organizationId)
    .where("kind", "=", kind)
    .where("superseded_at", "is", null)
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
    .onConflict((oc) => oc.columns(["user_id", "organization_id", "kind"]).where("superseded_at", "is", null).doNothing())
    .execute();
}

/** The first legal name given: certificates earned before it (named by the username until then) take it. */
export async function nameUnnamedCertificates(trx: Transaction<DB>, userId: string, legalName: string): Promise<void> {
  await trx
    .updateTable("certificates")
    .set({ holder_name: legalName })
    .where("user_id", "=", userId)
    .where("superseded_at", "is", null)
    .execute();
}

/**
 * A new version of each current certificate of the person whose holder is not
 * `legalName` (issue 46 §1): the same facts under a new code and the new
 * name; the old version is marked superseded by it and keeps the name it was
 * issued to. `codes` gives each new version its code. Returns the versions made.
 */
export async function reissueUnderName(
  trx: Transaction<DB>,
  userId: string,
  legalName: string,
  newVersion: () => { id: string; code: string },
  now: Date,
): Promise<{ oldCode: string; newCode: string }[]> {
  const renamed = await trx
    .selectFrom("certificates")
    .selectAll()
    .where("user_id", "=", userId)
    .where("superseded_at", "is", null)
    .where("holder_name", "<>", legalName)
    .forUpdate()
    .execute();
  const made: { oldCode: string; newCode: string }[] = [];
  for (const old of renamed) {
    const next = newVersion();
    // Superseded first: one current certificate per person, employer and kind (a partial unique index).
    await trx.updateTable("certificates").set({ superseded_at: now, superseded_by: next.code }).where("id", "=", old.id).execute();
    await trx
      .insertInto("certificates")
      .values({
        id: next.id,
        code: next.code,
        kind: old.kind,
        user_id: old.user_id,
        organization_id: old.organization_id,
        holder_name: legalName,
        employer_name: old.employer_name,
        completed_at: old.completed_at,
        score: old.score,
        attempts: old.attempts,
        signatory_name: old.signatory_name,
        signatory_title: old.signatory_title,
        superseded_at: null,
        superseded_by: null,
      })
      .execute();
    made.push({ oldCode: old.code, newCode: next.code });
  }
  return made;
}

export async function findByCode(db: Kysely<DB>, code: string) {
  return db.selectFrom("certificates").select(columns).where("code", "=", code).executeTakeFirst();
}
