import type { FastifyRequest } from "fastify";
import { AppError } from "../../kernel/app-error.js";
import { wholeFile } from "../../http/multipart-file.js";

const FIELDS = new Set(["caption", "actId"]);

/**
 * Reads the gallery form (multipart): its text fields and the photo, kept in
 * memory only (at most 10 MB, the multipart limit). A file over the limit is
 * refused with the spec's message; anything that is not the form is a 400.
 * The declared name and type of the file are ignored: processing judges the
 * content.
 */
export async function readUpload(request: FastifyRequest): Promise<{ fields: Record<string, string>; file: Buffer | null }> {
  if (!request.isMultipart()) throw new AppError("invalid_input", { field: "photo", messageKey: "imageErrors.photoRequired" });
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        if (part.fieldname !== "photo" || file) {
          part.file.resume();
          continue;
        }
        file = await wholeFile(part);
        if (file.length === 0) file = null;
      } else if (FIELDS.has(part.fieldname) && typeof part.value === "string") {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
      throw new AppError("payload_too_large", { field: "photo", messageKey: "imageErrors.tooLarge" });
    }
    if (error instanceof AppError) throw error;
    throw new AppError("invalid_input");
  }
  if (fields.actId === "") delete fields.actId;
  return { fields, file };
}
