import type { MultipartFile } from "@fastify/multipart";

/**
 * A file part's bytes, refused as too large when the multipart size limit cut
 * it. `toBuffer` throws when the limit is reached between two chunks, but a
 * file cut within its very last chunk comes back looking whole (the stream's
 * `truncated` flag is set after the loop has read it): a 5 MB logo then
 * answered "not an image". The error has multipart's own code, so callers
 * handle both cases as one.
 */
export async function wholeFile(part: MultipartFile): Promise<Buffer> {
  const body = await part.toBuffer();
  if (part.file.truncated) throw Object.assign(new Error("request file too large"), { code: "FST_REQ_FILE_TOO_LARGE" });
  return body;
}
