import type { Kysely } from "kysely";
import type { Language } from "../../../shared/constants.js";
import { normalizeCertificateCode } from "../../../shared/workplace/certificate-code.js";
import type { CertificateKind } from "../../../shared/workplace/learning.js";
import type { CertificateCheck } from "../../../shared/schemas/workplace.js";
import type { DB } from "../../platform/db/schema.js";
import { AppError } from "../../http/app-error.js";
import { certificatePdf } from "./certificate-pdf.js";
import * as repo from "./certificates-repository.js";
import type { Employee } from "./workplace-access-service.js";
import type { FileStorage } from "../../platform/storage/file-storage.js";
import { readLogo } from "../organizations/index.js";

export const verifyUrl = (appUrl: string, code: string) => `${appUrl}/verify/${code}`;

/** My certificate as a PDF, in my language; only once earned (an employee's, or a manager's from the dashboard). */
export async function myCertificatePdf(
  { db, storage }: { db: Kysely<DB>; storage: FileStorage },
  appUrl: string,
  holder: Pick<Employee, "userId" | "organizationId">,
  kind: CertificateKind,
  language: Language,
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const found = await repo.findCertificate(db, holder.userId, holder.organizationId, kind);
  if (!found) throw new AppError("certificate_not_earned");
  const bytes = await certificatePdf(
    {
      kind,
      code: found.code,
      holder: found.holder_name,
      employer: found.employer_name,
      completedAt: new Date(found.completed_at),
      score: found.score,
      attempts: found.attempts,
      verifyUrl: verifyUrl(appUrl, found.code),
      employerLogo: await readLogo({ db, storage }, holder.organizationId),
    },
    language,
  );
  return { bytes, fileName: `kindly-certificate-${kind}-${found.code}.pdf` };
}

/** What anyone holding a code may learn: the holder, the certificate and the date. */
export async function checkCertificate(db: Kysely<DB>, typed: string): Promise<CertificateCheck> {
  const code = normalizeCertificateCode(typed);
  const found = code ? await repo.findByCode(db, code) : undefined;
  if (!found) throw new AppError("not_found");
  return {
    code: found.code,
    holder: found.holder_name,
    kind: found.kind,
    completedOn: new Date(found.completed_at).toISOString(),
  };
}
