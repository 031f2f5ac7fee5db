import { sql, type Kysely } from "kysely";
import type { DB } from "../../../platform/db/schema.js";

export async function listDomains(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom("sso_email_domains")
    .select(["domain", "token", "verified_at", "checked_at"])
    .where("organization_id", "=", organizationId)
    .orderBy("domain")
    .execute();
}

export async function countDomains(db: Kysely<DB>, organizationId: string): Promise<number> {
  const row = await db
    .selectFrom("sso_email_domains")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("organization_id", "=", organizationId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Adds the domain with its token, or leaves the one already there (and its token) as it is. */
export async function addDomain(db: Kysely<DB>, organizationId: string, domain: string, token: string): Promise<void> {
  await db
    .insertInto("sso_email_domains")
    .values({ organization_id: organizationId, domain, token })
    .onConflict((oc) => oc.columns(["organization_id", "domain"]).doNothing())
    .execute();
}

export async function findDomain(db: Kysely<DB>, organizationId: string, domain: string) {
  return db
    .selectFrom("sso_email_domains")
    .select(["domain", "token", "verified_at"])
    .where("organization_id", "=", organizationId)
    .where("domain", "=", domain)
    .executeTakeFirst();
}

export async function recordCheck(db: Kysely<DB>, organizationId: string, domain: string, verified: boolean): Promise<void> {
  await db
    .updateTable("sso_email_domains")
    .set({ checked_at: sql<Date>`now()`, ...(verified ? { verified_at: sql<Date>`coalesce(verified_at, now())` } : {}) })
    .where("organization_id", "=", organizationId)
    .where("domain", "=", domain)
    .execute();
}

export async function deleteDomain(db: Kysely<DB>, organizationId: string, domain: string): Promise<boolean> {
  const result = await db
    .deleteFrom("sso_email_domains")
    .where("organization_id", "=", organizationId)
    .where("domain", "=", domain)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Whether the organisation verified `domain` or a domain it is under (mail.clinique.ca under clinique.ca). */
export async function vouchesFor(db: Kysely<DB>, organizationId: string, domain: string): Promise<boolean> {
  const parents = domain.split(".").map((_, index, labels) => labels.slice(index).join("."));
  const row = await db
    .selectFrom("sso_email_domains")
    .select("domain")
    .where("organization_id", "=", organizationId)
    .where("domain", "in", parents)
    .where("verified_at", "is not", null)
    .executeTakeFirst();
  return row !== undefined;
}
