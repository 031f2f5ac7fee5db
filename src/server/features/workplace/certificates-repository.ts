import { sql, type Kysely, type Transaction } from "kysely";
import type { DB } from "../../platform/db/schema.js";
import { DEFAULT_VALIDITY_MONTHS, type CertificateKind } from "../../../shared/workplace/learning.js";
import { people } from "../users/read-models.js";
import { organizationMembers, publishedOrganizations } from "../organizations/read-models.js";

type Reader = Kysely<DB> | Transaction<DB>;

const columns = [
  "id",
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
  "expires_at",
  "issued_at",
  "withdrawn_at",
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
    /** Months it stays valid from its completion (the employer's choice for the kind); null: never expires. */
    validityMonths: number | null;
  },
): Promise<void> {
  // PostgreSQL adds months as a calendar does (31 January + 1 month = 28 or 29 February).
  const expiresAt =
    values.validityMonths === null
      ? null
      : sql<Date>`${values.completedAt}::timestamptz + make_interval(months => ${values.validityMonths})`;
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
      "expires_at",
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
          eb.val(expiresAt).as("expires_at"),
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
        // The same facts under a new name: the same expiry, and a reminder already sent stays sent.
        expires_at: old.expires_at,
        renewal_reminded_at: old.renewal_reminded_at,
      })
      .execute();
    made.push({ oldCode: old.code, newCode: next.code });
  }
  return made;
}

/**
 * Withdraws one of the employer's certificates, for good (a second time
 * changes nothing). It also ends its validity now, so its holder's renewal
 * opens and they may earn it again. False when the employer has no such code.
 */
export async function withdraw(db: Kysely<DB>, organizationId: string, code: string): Promise<boolean> {
  const row = await db
    .updateTable("certificates")
    .set({
      withdrawn_at: sql<Date>`coalesce(withdrawn_at, now())`,
      expires_at: sql<Date>`least(coalesce(expires_at, now()), now())`,
    })
    .where("organization_id", "=", organizationId)
    .where("code", "=", code)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

export async function findByCode(db: Kysely<DB>, code: string) {
  return db.selectFrom("certificates").select(columns).where("code", "=", code).executeTakeFirst();
}

/** How long the employer's certificates of a kind stay valid, in months (its own choice, else the default); null: never expire. */
export async function validityMonths(db: Reader, organizationId: string, kind: CertificateKind): Promise<number | null> {
  const row = await db
    .selectFrom("certificate_validities")
    .select("months")
    .where("organization_id", "=", organizationId)
    .where("kind", "=", kind)
    .executeTakeFirst();
  return row ? row.months : DEFAULT_VALIDITY_MONTHS[kind];
}

/** The employer's own choices, by kind (kinds left at their default have none). */
export async function validityChoices(db: Reader, organizationId: string) {
  return db.selectFrom("certificate_validities").select(["kind", "months"]).where("organization_id", "=", organizationId).execute();
}

export async function saveValidity(db: Kysely<DB>, organizationId: string, kind: CertificateKind, months: number | null): Promise<void> {
  await db
    .insertInto("certificate_validities")
    .values({ organization_id: organizationId, kind, months })
    .onConflict((oc) => oc.columns(["organization_id", "kind"]).doUpdateSet({ months }))
    .execute();
}

/** A renewal: the current version is superseded by the one about to be issued (its code), in the transaction that issues it. */
export async function supersedeForRenewal(trx: Transaction<DB>, certificateId: string, nextCode: string, now: Date): Promise<void> {
  await trx.updateTable("certificates").set({ superseded_at: now, superseded_by: nextCode }).where("id", "=", certificateId).execute();
}

/**
 * Claims the current certificates whose renewal has opened (RENEWAL_NOTICE_DAYS
 * before expiry, or already expired) and whose holder was not reminded yet, in
 * one statement: whichever server looks first reminds each holder once. Only
 * holders still with the employer: an employee who still has its workplace
 * area, a manager still a member of the organisation.
 */
export async function claimRenewalReminders(db: Kysely<DB>, expiringBy: Date, now: Date) {
  return db
    .updateTable("certificates as c")
    .set({ renewal_reminded_at: now })
    .where("c.superseded_at", "is", null)
    .where("c.renewal_reminded_at", "is", null)
    .where("c.expires_at", "<=", expiringBy)
    .where((eb) =>
      eb.or([
        eb.and([
          eb("c.kind", "!=", "manager"),
          eb.exists(
            eb
              .selectFrom("workplace_access as a")
              .select("a.user_id")
              .whereRef("a.user_id", "=", "c.user_id")
              .whereRef("a.organization_id", "=", "c.organization_id"),
          ),
        ]),
        eb.and([
          eb("c.kind", "=", "manager"),
          eb.exists(
            eb
              .selectFrom(organizationMembers.from(db).as("m"))
              .select("m.user_id")
              .whereRef("m.user_id", "=", "c.user_id")
              .whereRef("m.organization_id", "=", "c.organization_id"),
          ),
        ]),
      ]),
    )
    .returning(["c.user_id", "c.kind", "c.expires_at", "c.employer_name"])
    .execute();
}

/** The employer's current certificates due for renewal by `dueBefore` (expired ones included), soonest first. */
export async function dueForRenewal(db: Reader, organizationId: string, dueBefore: Date) {
  return db
    .selectFrom("certificates")
    .select(["code", "kind", "holder_name", "expires_at", "renewal_reminded_at"])
    .where("organization_id", "=", organizationId)
    .where("superseded_at", "is", null)
    .where("expires_at", "<=", dueBefore)
    .orderBy("expires_at")
    .orderBy("holder_name")
    .execute();
}
