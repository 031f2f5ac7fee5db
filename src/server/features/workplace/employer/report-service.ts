import type { Kysely } from "kysely";
import type { Language } from "../../../../shared/constants.js";
import type { ReportQuery } from "../../../../shared/schemas/compliance.js";
import type { DB } from "../../../platform/db/schema.js";
import { requireComplianceAccess } from "./compliance-access.js";
import { reportFacts } from "./report-data.js";
import type { ReportKind } from "./report-pdf.js";

/** A report for the chosen days, from the organisation's records, in the reader's language. */
export async function complianceReport(
  db: Kysely<DB>,
  userId: string,
  organizationId: string,
  kind: ReportKind,
  query: ReportQuery,
  language: Language,
  now = new Date(),
): Promise<{ bytes: Uint8Array; fileName: string }> {
  await requireComplianceAccess(db, userId, organizationId);
  const facts = await reportFacts(db, organizationId, query, now);
  const { reportPdf } = await import("./report-pdf.js");
  const bytes = await reportPdf(kind, facts, language);
  return { bytes, fileName: `kindly-${kind === "cnesst" ? "cnesst-package" : "compliance-report"}-${query.from}-${query.to}.pdf` };
}
