import { z } from "zod/mini";
import { maxLength } from "./text.js";
import { countrySchema, languageSchema, usernameSchema } from "./account-fields.js";
import { CONSENT_DOCUMENTS, LANGUAGES } from "../constants.js";
import { roleSchema } from "./roles.js";

export const profileUpdateSchema = z
  .partial(
    z.object({
      username: usernameSchema,
      country: countrySchema,
      languagePreference: languageSchema,
      onboardingCompleted: z.literal(true),
      showOnLeaderboards: z.boolean(),
    }),
  )
  .check(z.refine((value) => Object.keys(value).length > 0, "validation.nothingToUpdate"))
  .register(z.globalRegistry, { minProperties: 1 });
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

export const profileSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  country: z.nullable(z.string()),
  languagePreference: z.enum(LANGUAGES),
  onboardingCompleted: z.boolean(),
  isOfficial: z.boolean(),
  /** A member of an organisation (or invited to one): the More menu offers its dashboard. */
  hasOrganizationDashboard: z.boolean(),
  /** Privacy by default: the username shows on leaderboards only once the person chose it. */
  showOnLeaderboards: z.boolean(),
  /** Documents (terms, privacy policy) whose current version the person has not accepted yet: the app asks once. */
  consentsNeeded: z.array(z.enum(CONSENT_DOCUMENTS)),
  roles: z.array(roleSchema),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/** "Take my data": the latest archive asked for, while it is built and for 24 hours after. */
export const dataExportSchema = z.object({
  id: z.string(),
  status: z.enum(["building", "ready", "failed", "expired"]),
  /** 0 to 100. */
  progress: z.number(),
  createdAt: z.string(),
  /** Ready archives: until when the download works, and its size. */
  expiresAt: z.nullable(z.string()),
  sizeBytes: z.nullable(z.number()),
});
export type DataExport = z.infer<typeof dataExportSchema>;
export const latestDataExportSchema = z.object({ export: z.nullable(dataExportSchema) });

export const acceptConsentsSchema = z.object({
  documents: z.array(z.enum(CONSENT_DOCUMENTS)).check(z.minLength(1), maxLength(CONSENT_DOCUMENTS.length)),
});
export type AcceptConsentsInput = z.infer<typeof acceptConsentsSchema>;
