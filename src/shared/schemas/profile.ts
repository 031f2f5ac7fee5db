import { z } from "zod/mini";
import { countrySchema, languageSchema, usernameSchema } from "./account-fields.js";
import { LANGUAGES } from "../constants.js";
import { roleSchema } from "./roles.js";

export const profileUpdateSchema = z
  .partial(
    z.object({
      username: usernameSchema,
      country: countrySchema,
      languagePreference: languageSchema,
      onboardingCompleted: z.literal(true),
    }),
  )
  .check(z.refine((value) => Object.keys(value).length > 0, "validation.nothingToUpdate"));
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

export const profileSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  country: z.nullable(z.string()),
  languagePreference: z.enum(LANGUAGES),
  onboardingCompleted: z.boolean(),
  isOfficial: z.boolean(),
  roles: z.array(roleSchema),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;
