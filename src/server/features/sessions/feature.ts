import { EMAILS } from "./emails.js";
import { personalData } from "./personal-data.js";
import { defineFeature } from "../../platform/feature.js";

/** What this feature brings to the app (platform/feature.ts). */
export const feature = defineFeature({
  name: "sessions",
  tables: ["accounts", "sessions", "verifications"],
  sqlFunctions: ["sessions_announce_change"],
  emails: Object.values(EMAILS),
  personalData,
});
