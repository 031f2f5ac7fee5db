import type { FastifyReply } from "fastify";

const PDF_POLICY = "default-src 'none'; frame-ancestors 'self'";

/** Sends a PDF the server made or stored: never sniffed, nothing in it may run, not cached by others. */
export function sendPdf(reply: FastifyReply, bytes: Uint8Array, fileName: string, disposition: "inline" | "attachment") {
  const safeName = fileName.replace(/[^\w.-]+/g, "_");
  return (
    reply
      .type("application/pdf")
      .header("x-content-type-options", "nosniff")
      .header("content-security-policy", PDF_POLICY)
      .header("content-disposition", `${disposition}; filename="${safeName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
      .header("cache-control", "private, no-store")
      // The schema documents the file; the bytes go out as they are.
      .send(Buffer.from(bytes) as unknown as string)
  );
}
