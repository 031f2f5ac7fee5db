import type { Kysely } from "kysely";
import type { Language } from "../../../shared/constants.js";
import { normalizeCertificateCode } from "../../../shared/workplace/certificate-code.js";
import { CERTIFICATE_MINUTES, renewalOpensAt, type CertificateKind } from "../../../shared/workplace/learning.js";
import type { CertificateCheck } from "../../../shared/schemas/workplace.js";
import type { DB } from "../../platform/db/schema.js";
import { AppError } from "../../kernel/app-error.js";
import * as repo from "./certificates-repository.js";
import { findLegalName } from "./legal-name-repository.js";
import type { Employee } from "./workplace-access-service.js";
import type { FileStorage } from "../../platform/storage/file-storage.js";
import { readLogo } from "../organizations/index.js";

/**
 * The certificate's PDF module, loaded with the first certificate: the PDF
 * stack (pdf-lib, fontkit) stays off the server's start, like every PDF and
 * image renderer (the other services import theirs the same way).
 */
export const loadCertificatePdf = () => import("./certificate-pdf.js");

export const verifyUrl = (appUrl: string, code: string) => `${appUrl}/verify/${code}`;

/**
 * My certificate as a PDF, in my language; only once earned (an employee's,
 * or a manager's from the dashboard) and once I gave the legal name it carries.
 */
export async function myCertificatePdf(
  { db, storage }: { db: Kysely<DB>; storage: FileStorage },
  appUrl: string,
  holder: Pick<Employee, "userId" | "organizationId">,
  kind: CertificateKind,
  language: Language,
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const found = await repo.findCertificate(db, holder.userId, holder.organizationId, kind);
  if (!found) throw new AppError("certificate_not_earned");
  if (!(await findLegalName(db, holder.userId))) throw new AppError("legal_name_required");
  const { certificatePdf } = await loadCertificatePdf();
  const bytes = await certificatePdf(
    {
      ...factsOf(found),
      score: found.score,
      attempts: found.attempts,
      verifyUrl: verifyUrl(appUrl, found.code),
      employerLogo: await readLogo({ db, storage }, holder.organizationId),
    },
    language,
  );
  return { bytes, fileName: `kindly-certificate-${kind}-${found.code}.pdf` };
}

type CertificateRow = NonNullable<Awaited<ReturnType<typeof repo.findByCode>>>;

/** The facts a certificate states, printed and on its verification page alike. */
function factsOf(row: CertificateRow) {
  return {
    kind: row.kind,
    code: row.code,
    holder: row.holder_name,
    employer: row.employer_name,
    completedAt: new Date(row.completed_at),
    expiresAt: row.expires_at ? new Date(row.expires_at) : null,
    durationMinutes: CERTIFICATE_MINUTES[row.kind],
    signatory: row.signatory_name && row.signatory_title ? { name: row.signatory_name, title: row.signatory_title } : null,
  };
}

/** How long a certificate holds, as its holder's pages show it (issue 47 §4). */
export function validityOf(row: { expires_at: Date | string | null } | undefined, now: Date) {
  const expiresAt = row?.expires_at ? new Date(row.expires_at) : null;
  return { expiresOn: expiresAt?.toISOString() ?? null, renewalOpen: expiresAt !== null && now >= renewalOpensAt(expiresAt) };
}

/** What anyone holding a code may learn: the facts the certificate prints, nothing more. */
export async function checkCertificate(db: Kysely<DB>, typed: string, now = new Date()): Promise<CertificateCheck> {
  const code = normalizeCertificateCode(typed);
  const found = code ? await repo.findByCode(db, code) : undefined;
  if (!found) throw new AppError("not_found");
  const { completedAt, expiresAt: _printed, ...facts } = factsOf(found);
  // The name it was issued to, always; a version replaced since says by which (issue 46 §1), and
  // why: a renewal's version was earned later, a rename's states the same completion.
  const next = found.superseded_by ? await repo.findByCode(db, found.superseded_by) : undefined;
  const superseded =
    found.superseded_at && next
      ? {
          on: new Date(found.superseded_at).toISOString(),
          by: next.code,
          reason: new Date(next.completed_at) > completedAt ? ("renewed" as const) : ("renamed" as const),
        }
      : null;
  const expiresAt = found.expires_at ? new Date(found.expires_at) : null;
  return {
    ...facts,
    completedOn: completedAt.toISOString(),
    superseded,
    expiresOn: expiresAt?.toISOString() ?? null,
    expired: expiresAt !== null && expiresAt <= now,
    withdrawnOn: found.withdrawn_at ? new Date(found.withdrawn_at).toISOString() : null,
  };
}
