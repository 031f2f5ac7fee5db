import { z } from "zod/mini";

/** The answer of an action that has nothing to report but success. */
export const okSchema = z.object({ ok: z.literal(true) });
export type Ok = z.infer<typeof okSchema>;

/** A 204: no body at all. */
export const noContentSchema = z.null();

/**
 * A file download (an image, a PDF). Fastify sends a Buffer as it is, without
 * the serialiser: this schema only documents the answer in /api/docs.
 */
export const fileSchema = z.string();
