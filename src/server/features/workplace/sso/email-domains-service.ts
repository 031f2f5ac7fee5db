import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { SSO_EMAIL_DOMAINS_MAX } from "../../../../shared/constants.js";
import type { EmailDomain } from "../../../../shared/schemas/workplace.js";
import type { DB } from "../../../platform/db/schema.js";
import type { NameResolver } from "../../../platform/net/name-resolver.js";
import { AppError } from "../../../kernel/app-error.js";
import { requireOrganizationAccess } from "../../organizations/index.js";
import * as repo from "./email-domains-repository.js";

/*
 * The email domains an employer proves it owns (issue 58 §1), as better-auth's
 * SSO plugin and Clerk do before trusting a provider: the employer adds a
 * domain, publishes a TXT record `_kindly-verification.<domain>` holding
 * `kindly-verification=<token>`, and asks Kindly to look. Only then does its
 * identity provider's `email_verified` count for addresses there; anywhere
 * else the person confirms the address by mail first. A record found once
 * keeps the domain verified until the employer removes it.
 */

const RECORD_PREFIX = "_kindly-verification";
const VALUE_PREFIX = "kindly-verification=";

function present(row: { domain: string; token: string; verified_at: Date | string | null; checked_at: Date | string | null }): EmailDomain {
  return {
    domain: row.domain,
    recordName: `${RECORD_PREFIX}.${row.domain}`,
    recordValue: `${VALUE_PREFIX}${row.token}`,
    verifiedAt: row.verified_at ? new Date(row.verified_at).toISOString() : null,
    checkedAt: row.checked_at ? new Date(row.checked_at).toISOString() : null,
  };
}

export async function emailDomains(db: Kysely<DB>, userId: string, organizationId: string): Promise<EmailDomain[]> {
  await requireOrganizationAccess(db, userId, organizationId, "manage");
  return (await repo.listDomains(db, organizationId)).map(present);
}

export async function addEmailDomain(db: Kysely<DB>, userId: string, organizationId: string, domain: string): Promise<EmailDomain[]> {
  await requireOrganizationAccess(db, userId, organizationId, "manage");
  if (!(await repo.findDomain(db, organizationId, domain)) && (await repo.countDomains(db, organizationId)) >= SSO_EMAIL_DOMAINS_MAX) {
    throw new AppError("invalid_input", { field: "domain", messageKey: "validation.domainLimit", vars: { max: SSO_EMAIL_DOMAINS_MAX } });
  }
  await repo.addDomain(db, organizationId, domain, randomBytes(18).toString("base64url"));
  return (await repo.listDomains(db, organizationId)).map(present);
}

/** Looks for the TXT record now; the domain's state afterwards, or `domain_not_verified` when the record is not there. */
export async function checkEmailDomain(
  deps: { db: Kysely<DB>; resolver: NameResolver },
  userId: string,
  organizationId: string,
  domain: string,
): Promise<EmailDomain> {
  await requireOrganizationAccess(deps.db, userId, organizationId, "manage");
  const row = await repo.findDomain(deps.db, organizationId, domain);
  if (!row) throw new AppError("not_found");
  let records: string[];
  try {
    records = await deps.resolver.txt(`${RECORD_PREFIX}.${domain}`);
  } catch {
    throw new AppError("dns_unavailable", { retryAfterSeconds: 30 });
  }
  const found = records.some((record) => record.trim() === `${VALUE_PREFIX}${row.token}`);
  await repo.recordCheck(deps.db, organizationId, domain, found);
  if (!found && !row.verified_at) throw new AppError("domain_not_verified", { field: "domain" });
  const [after] = (await repo.listDomains(deps.db, organizationId)).filter((one) => one.domain === domain);
  return present(after!);
}

export async function removeEmailDomain(db: Kysely<DB>, userId: string, organizationId: string, domain: string): Promise<void> {
  await requireOrganizationAccess(db, userId, organizationId, "manage");
  if (!(await repo.deleteDomain(db, organizationId, domain))) throw new AppError("not_found");
}

/** Whether the employer's provider may vouch for this address: its domain (or a parent) is verified. */
export async function providerVouchesFor(db: Kysely<DB>, organizationId: string, email: string): Promise<boolean> {
  const domain = email.slice(email.lastIndexOf("@") + 1).toLowerCase();
  return domain.length > 0 && repo.vouchesFor(db, organizationId, domain);
}
