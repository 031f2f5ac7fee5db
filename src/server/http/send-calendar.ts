import type { FastifyReply } from "fastify";
import { contentDisposition } from "./send-pdf.js";

/** An iCalendar file (RFC 5545): never sniffed, kept by no shared cache (a feed's address is its only key). */
export function sendCalendar(reply: FastifyReply, text: string, fileName: string, disposition: "inline" | "attachment") {
  return reply
    .type("text/calendar; charset=utf-8")
    .header("x-content-type-options", "nosniff")
    .header("content-disposition", contentDisposition(disposition, fileName))
    .header("cache-control", "private, no-store")
    .send(text);
}
