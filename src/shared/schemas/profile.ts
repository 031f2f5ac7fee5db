import { z } from "zod/mini";
import { countrySchema, languageSchema, usernameSchema } from "./account-fields.js";
import type { Role } from "./roles.js";

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

export interface Profile {
  id: string;
  username: string;
  email: string;
  country: string | null;
  languagePreference: "en" | "fr";
  onboardingCompleted: boolean;
  isOfficial: boolean;
  roles: Role[];
  createdAt: string;
}
