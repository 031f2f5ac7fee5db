import type { FastifyRequest } from "fastify";
import { PDFDocument } from "pdf-lib";
import { AppError } from "../../../kernel/app-error.js";
import { wholeFile } from "../../../http/multipart-file.js";

const tooLarge = () => new AppError("payload_too_large", { field: "file", messageKey: "employerValidation.policyTooLarge" });
const notPdf = () => new AppError("policy_file_invalid", { field: "file" });

/**
 * Reads the policy upload form (multipart): one file, kept in memory (the
 * multipart limit stops it at 5 MB). The declared type and name do not
 * decide anything: the content must be a PDF that a PDF reader can open.
 */
export async function readPolicyUpload(request: FastifyRequest): Promise<{ fileName: string; body: Buffer }> {
  if (!request.isMultipart()) throw notPdf();
  let found: { fileName: string; body: Buffer } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== "file") continue;
      if (part.fieldname !== "file" || found) {
        part.file.resume();
        continue;
      }
      const body = await wholeFile(part);
      found = { fileName: displayName(part.filename), body };
    }
  } catch (error) {
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
    if (error instanceof AppError) throw error;
    throw new AppError("invalid_input", { field: "file" });
  }
  if (!found || found.body.length === 0)
    throw new AppError("invalid_input", { field: "file", messageKey: "employerValidation.policyRequired" });
  await assertPdf(found.body);
  return found;
}

/** A PDF starts with "%PDF-" and parses; anything else (a renamed page, an image, a truncated file) is refused. */
export async function assertPdf(body: Buffer): Promise<void> {
  if (body.subarray(0, 5).toString("latin1") !== "%PDF-") throw notPdf();
  try {
    const pdf = await PDFDocument.load(body, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: true });
    if (pdf.getPageCount() < 1) throw notPdf();
  } catch {
    throw notPdf();
  }
}

/** What the list shows: the uploader's file name without any folder, printable, at most 160 characters. */
export function displayName(given: string | undefined): string {
  const base = (given ?? "").split(/[\\/]/).pop() ?? "";
  const clean = [...base]
    .filter((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f)
    .join("")
    .trim()
    .slice(0, 160);
  return clean || "policy.pdf";
}
