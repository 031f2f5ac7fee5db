import type { Kysely } from "kysely";
import type { CertificateRenewals, ValidityInput } from "../../../../shared/schemas/compliance.js";
import { CERTIFICATE_KINDS, DEFAULT_VALIDITY_MONTHS, dueIfExpiringBy } from "../../../../shared/workplace/learning.js";
import type { DB } from "../../../platform/db/schema.js";
import * as certificates from "../certificates-repository.js";
import { iso } from "../iso-time.js";
import { requireComplianceAccess } from "./compliance-access.js";
import { AppError } from "../../../kernel/app-error.js";
import { normalizeCertificateCode } from "../../../../shared/workplace/certificate-code.js";

/**
 * The employer's certificates (issue 47 §4): how long each kind holds (its
 * own choice or the default), and who is due to renew: every current
 * certificate that expires within RENEWAL_NOTICE_DAYS or has expired.
 */
export async function certificateRenewals(
  db: Kysely<DB>,
  userId: string,
  organizationId: string,
  now = new Date(),
): Promise<CertificateRenewals> {
  await requireComplianceAccess(db, userId, organizationId);
  const [choices, due] = await Promise.all([
    certificates.validityChoices(db, organizationId),
    certificates.dueForRenewal(db, organizationId, dueIfExpiringBy(now)),
  ]);
  const chosen = new Map(choices.map((row) => [row.kind, row.months]));
  return {
    validity: CERTIFICATE_KINDS.map((kind) => ({
      kind,
      months: chosen.has(kind) ? chosen.get(kind)! : DEFAULT_VALIDITY_MONTHS[kind],
      isDefault: !chosen.has(kind),
    })),
    due: due.map((row) => ({
      code: row.code,
      kind: row.kind,
      holder: row.holder_name,
      expiresOn: iso(row.expires_at)!,
      expired: new Date(row.expires_at!) <= now,
      remindedAt: iso(row.renewal_reminded_at),
    })),
  };
}

/** How long the kind's certificates issued from now on hold; those already issued keep the expiry they state. */
export async function setValidity(db: Kysely<DB>, userId: string, organizationId: string, input: ValidityInput): Promise<void> {
  await requireComplianceAccess(db, userId, organizationId);
  await certificates.saveValidity(db, organizationId, input.kind, input.months);
}

/** Withdraws one of the employer's certificates: /verify says so, its credential reads as revoked, its holder may earn it again. */
export async function withdrawCertificate(db: Kysely<DB>, userId: string, organizationId: string, typed: string): Promise<void> {
  await requireComplianceAccess(db, userId, organizationId);
  const code = normalizeCertificateCode(typed);
  if (!code || !(await certificates.withdraw(db, organizationId, code))) throw new AppError("not_found");
}
