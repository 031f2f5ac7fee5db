import type { FastifyReply } from "fastify";

const PDF_POLICY = "default-src 'none'; frame-ancestors 'self'";

/** A file's name for the browser: plain ASCII, and the name as written for those that read UTF-8. */
export const contentDisposition = (disposition: "inline" | "attachment", fileName: string) =>
  `${disposition}; filename="${fileName.replace(/[^\w.-]+/g, "_")}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

/** Sends a PDF the server made or stored: never sniffed, nothing in it may run, not cached by others. */
export function sendPdf(reply: FastifyReply, bytes: Uint8Array, fileName: string, disposition: "inline" | "attachment") {
  return (
    reply
      .type("application/pdf")
      .header("x-content-type-options", "nosniff")
      .header("content-security-policy", PDF_POLICY)
      .header("content-disposition", contentDisposition(disposition, fileName))
      .header("cache-control", "private, no-store")
      // The schema documents the file; the bytes go out as they are.
      .send(Buffer.from(bytes) as unknown as string)
  );
}
