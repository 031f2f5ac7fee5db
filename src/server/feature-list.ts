import type { Feature } from "./platform/feature.js";
import type { AppDeps } from "./bootstrap.js";
import { feature as users } from "./features/users/index.js";
import { feature as scan } from "./features/scan/index.js";
import { feature as thanks } from "./features/thanks/index.js";
import { feature as cardJourneys } from "./features/card-journeys/index.js";
import { feature as notifications } from "./features/notifications/index.js";
import { feature as teams } from "./features/teams/index.js";
import { feature as contests } from "./features/contests/index.js";
import { feature as community } from "./features/community/index.js";
import { feature as moderation } from "./features/moderation/index.js";
import { feature as sessions } from "./features/sessions/index.js";
import { feature as auth } from "./features/auth/index.js";
import { feature as accounts } from "./features/accounts/index.js";
import { feature as organizations } from "./features/organizations/index.js";
import { feature as organizationFigures } from "./features/organization-figures/index.js";
import { feature as anomalies } from "./features/anomalies/index.js";
import { feature as workplace } from "./features/workplace/index.js";
import { feature as privacy } from "./features/privacy/index.js";
import { feature as actHistory } from "./features/act-history/index.js";
import { feature as admin } from "./features/admin/index.js";
import { feature as contact } from "./features/contact/index.js";
import { feature as demo } from "./features/demo/index.js";
import { feature as home } from "./features/home/index.js";
import { feature as leaderboards } from "./features/leaderboards/index.js";
import { feature as map } from "./features/map/index.js";
import { feature as profile } from "./features/profile/index.js";
import { feature as roles } from "./features/roles/index.js";
import { feature as share } from "./features/share/index.js";

/**
 * Every feature, each bringing what its declaration says (platform/feature.ts).
 * The order is the data archive's and the purge's (each owner of personal
 * data in turn) and the notification settings' (each feature's kinds in
 * turn). A new feature is a folder and a line here; what a feature brings is
 * never listed anywhere else. The type checks that the app's dependencies
 * (AppDeps) give every feature what its routes, jobs and tasks take.
 */
export const FEATURES: readonly Feature<AppDeps>[] = [
  users,
  scan,
  thanks,
  cardJourneys,
  notifications,
  teams,
  contests,
  community,
  moderation,
  sessions,
  auth,
  accounts,
  organizations,
  organizationFigures,
  anomalies,
  workplace,
  privacy,
  actHistory,
  admin,
  contact,
  demo,
  home,
  leaderboards,
  map,
  profile,
  roles,
  share,
];
