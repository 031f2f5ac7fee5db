import { z } from "zod/mini";
import { maxLength, text } from "./text.js";

/**
 * An IANA time zone as the browser names it ("America/Toronto"). The server
 * also asks its database whether it knows the zone; the API document lists
 * those this runtime names (all of which PostgreSQL knows).
 */
export const timeZone = () =>
  text()
    .check(z.minLength(1), maxLength(64), z.regex(/^[A-Za-z0-9_+\-/]+$/, "validation.invalid"))
    .register(z.globalRegistry, typeof Intl.supportedValuesOf === "function" ? { enum: Intl.supportedValuesOf("timeZone") } : {});
