import { personalData } from "./personal-data.js";
import { defineFeature } from "../../platform/feature.js";

/** What this feature brings to the app (platform/feature.ts). */
export const feature = defineFeature({
  name: "users",
  tables: ["consents", "user_roles", "users"],
  readModels: ["PERSON_COLUMNS", "people", "personRoles"],
  personalData,
});
