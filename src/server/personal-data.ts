import type { PersonalData } from "./platform/personal-data.js";
import { personalData as accounts } from "./features/accounts/index.js";
import { personalData as anomalies } from "./features/anomalies/index.js";
import { personalData as auth } from "./features/auth/index.js";
import { personalData as cardJourneys } from "./features/card-journeys/index.js";
import { personalData as community } from "./features/community/index.js";
import { personalData as contests } from "./features/contests/index.js";
import { personalData as moderation } from "./features/moderation/index.js";
import { personalData as notifications } from "./features/notifications/index.js";
import { personalData as organizations } from "./features/organizations/index.js";
import { personalData as privacy } from "./features/privacy/index.js";
import { personalData as scan } from "./features/scan/index.js";
import { personalData as sessions } from "./features/sessions/index.js";
import { personalData as teams } from "./features/teams/index.js";
import { personalData as thanks } from "./features/thanks/index.js";
import { personalData as users } from "./features/users/index.js";
import { personalData as workplace } from "./features/workplace/index.js";

/**
 * Every feature that keeps personal data, each answering for its own tables
 * (platform/personal-data.ts): the data archive reads them in this order, and
 * the purge of a deleted account erases them in it. A feature that starts
 * keeping something about a person implements the contract and joins here;
 * personal-data.api.test.ts fails on a table about a person no owner erases.
 */
export const PERSONAL_DATA: readonly PersonalData[] = [
  users,
  scan,
  contests,
  community,
  thanks,
  moderation,
  cardJourneys,
  teams,
  notifications,
  sessions,
  auth,
  accounts,
  organizations,
  anomalies,
  workplace,
  privacy,
];
