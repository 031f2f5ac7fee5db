import { z } from "zod/mini";
import { nameTranslationsSchema } from "../i18n/localized-text.js";
import { containsEmailAddress } from "../community/email-detector.js";
import { text, trim, maxLength } from "./text.js";
import { THANKS_MESSAGE_MAX_LENGTH } from "../constants.js";

/**
 * Thanks to whoever held a portable card before (issue 26 §4): an optional
 * short note, under the chat's rules (no email address, however written),
 * and whether the giver may learn the sender's username.
 */
export const thanksInputSchema = z.object({
  message: z._default(
    text().check(
      trim(),
      maxLength(THANKS_MESSAGE_MAX_LENGTH, "validation.thanksTooLong"),
      z.refine((value: string) => !containsEmailAddress(value), "validation.noEmailInMessages"),
    ),
    "",
  ),
  showUsername: z._default(z.boolean(), false),
});
export type ThanksInput = z.infer<typeof thanksInputSchema>;

export const actIdParamsSchema = z.object({ actId: text().check(z.minLength(1), maxLength(100)) });

/** Whether this act can thank someone: "available", "sent" already, or "none" (nobody held the card before). */
export const thanksStatusSchema = z.object({ status: z.enum(["available", "sent", "none"]) });
export type ThanksStatus = z.infer<typeof thanksStatusSchema>;

/** What a giver sees of the thanks they received: never who sent one unless its sender chose to say. */
export const receivedThanksSchema = z.object({
  count: z.number(),
  items: z.array(
    z.object({
      id: z.string(),
      message: z.string(),
      from: z.nullable(z.string()),
      cardName: z.string(),
      cardTranslations: nameTranslationsSchema,
      createdAt: z.string(),
    }),
  ),
});
export type ReceivedThanks = z.infer<typeof receivedThanksSchema>;
