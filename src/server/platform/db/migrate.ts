import { Migrator, NO_MIGRATIONS, type Kysely, type Migration } from "kysely";
import * as accounts from "./migrations/2026-11-21-0001-accounts.js";
import * as acts from "./migrations/2026-11-21-0002-acts.js";
import * as userCount from "./migrations/2026-11-21-0003-user-count.js";
import * as batchNumbering from "./migrations/2026-11-22-0004-batch-numbering.js";
import * as sessionChanges from "./migrations/2026-11-22-0005-session-changes.js";
import * as organizations from "./migrations/2026-11-23-0006-organizations.js";
import * as admin from "./migrations/2026-11-23-0007-admin.js";
import * as participantPolish from "./migrations/2026-11-23-0008-participant-polish.js";
import * as community from "./migrations/2026-11-24-0009-community.js";
import * as workplace from "./migrations/2026-11-25-0010-workplace.js";
import * as compliance from "./migrations/2026-11-26-0011-compliance.js";
import * as privacy from "./migrations/2026-11-27-0012-privacy.js";
import * as anomalies from "./migrations/2026-11-28-0013-anomalies.js";
import * as pendingScans from "./migrations/2026-11-29-0014-pending-scans.js";
import * as thanks from "./migrations/2026-11-30-0015-thanks.js";
import * as shortLinks from "./migrations/2026-11-30-0016-short-links.js";
import * as localizedText from "./migrations/2026-12-01-0017-localized-text.js";
import * as recordAct from "./migrations/2026-12-02-0018-record-act.js";
import * as roomForUpdates from "./migrations/2026-12-03-0019-room-for-updates.js";
import * as printedShortCodes from "./migrations/2026-12-04-0020-printed-short-codes.js";
import * as organizationLogos from "./migrations/2026-12-05-0021-organization-logos.js";
import * as industryKeys from "./migrations/2026-12-06-0022-industry-keys.js";
import * as learningAttempts from "./migrations/2026-12-07-0023-learning-attempts.js";
import * as certificateFacts from "./migrations/2026-12-08-0024-certificate-facts.js";
import * as recordActs from "./migrations/2026-12-09-0025-record-acts.js";
import * as scanReplays from "./migrations/2026-12-10-0026-scan-replays.js";
import * as notifications from "./migrations/2026-12-11-0027-notifications.js";
import * as streakFreezes from "./migrations/2026-12-12-0028-streak-freezes.js";
import * as teams from "./migrations/2026-12-13-0029-teams.js";
import * as boardTies from "./migrations/2026-12-14-0030-board-ties.js";
import * as organizationSetup from "./migrations/2026-12-15-0031-organization-setup.js";
import * as functionsInFiles from "./migrations/2026-12-16-0032-functions-in-files.js";
import * as everyActNumbered from "./migrations/2026-12-17-0033-every-act-numbered.js";
import * as sealedShortLinks from "./migrations/2026-12-18-0034-sealed-short-links.js";
import * as certificateVersions from "./migrations/2026-12-19-0035-certificate-versions.js";
import * as committeeCalendar from "./migrations/2026-12-20-0036-committee-calendar.js";
import * as certificateRenewals from "./migrations/2026-12-21-0037-certificate-renewals.js";
import * as youSaidWeDid from "./migrations/2026-12-22-0038-you-said-we-did.js";
import * as staffDirectory from "./migrations/2026-12-23-0039-staff-directory.js";
import * as employerSignOn from "./migrations/2026-12-24-0040-employer-sign-on.js";
import * as certificateCredentials from "./migrations/2026-12-25-0041-certificate-credentials.js";
import * as ssoBorders from "./migrations/2026-12-26-0042-sso-borders.js";
import * as replayFingerprints from "./migrations/2026-12-27-0043-replay-fingerprints.js";
import * as directoryInvitations from "./migrations/2026-12-28-0044-directory-invitations.js";
import * as pendingEmailChanges from "./migrations/2026-12-29-0045-pending-email-changes.js";
import * as comingBack from "./migrations/2026-12-30-0046-coming-back.js";
import * as firstHour from "./migrations/2026-12-31-0047-first-hour.js";
import * as personOrganizationCounts from "./migrations/2027-01-01-0048-person-organization-counts.js";
import * as organizationParticipantDays from "./migrations/2027-01-02-0049-organization-participant-days.js";
import * as periodFigures from "./migrations/2027-01-03-0050-period-figures.js";
import * as unloggedRateLimits from "./migrations/2027-01-04-0051-unlogged-rate-limits.js";
import * as queuedTasks from "./migrations/2027-01-05-0052-queued-tasks.js";
import * as activeDays from "./migrations/2027-01-06-0053-active-days.js";
import * as actsDayRange from "./migrations/2027-01-07-0054-acts-day-range.js";
import * as ownedFunctions from "./migrations/2027-01-08-0055-owned-functions.js";
import * as contestTickets from "./migrations/2027-01-09-0056-contest-tickets.js";
import * as travelNews from "./migrations/2027-01-10-0057-travel-news.js";
import * as batchTickets from "./migrations/2027-01-11-0058-batch-tickets.js";

// Listed here rather than read from disk, so the same code runs from sources and from a bundle.
const migrations: Record<string, Migration> = {
  "2026-11-21-0001-accounts": accounts,
  "2026-11-21-0002-acts": acts,
  "2026-11-21-0003-user-count": userCount,
  "2026-11-22-0004-batch-numbering": batchNumbering,
  "2026-11-22-0005-session-changes": sessionChanges,
  "2026-11-23-0006-organizations": organizations,
  "2026-11-23-0007-admin": admin,
  "2026-11-23-0008-participant-polish": participantPolish,
  "2026-11-24-0009-community": community,
  "2026-11-25-0010-workplace": workplace,
  "2026-11-26-0011-compliance": compliance,
  "2026-11-27-0012-privacy": privacy,
  "2026-11-28-0013-anomalies": anomalies,
  "2026-11-29-0014-pending-scans": pendingScans,
  "2026-11-30-0015-thanks": thanks,
  "2026-11-30-0016-short-links": shortLinks,
  "2026-12-01-0017-localized-text": localizedText,
  "2026-12-02-0018-record-act": recordAct,
  "2026-12-03-0019-room-for-updates": roomForUpdates,
  "2026-12-04-0020-printed-short-codes": printedShortCodes,
  "2026-12-05-0021-organization-logos": organizationLogos,
  "2026-12-06-0022-industry-keys": industryKeys,
  "2026-12-07-0023-learning-attempts": learningAttempts,
  "2026-12-08-0024-certificate-facts": certificateFacts,
  "2026-12-09-0025-record-acts": recordActs,
  "2026-12-10-0026-scan-replays": scanReplays,
  "2026-12-11-0027-notifications": notifications,
  "2026-12-12-0028-streak-freezes": streakFreezes,
  "2026-12-13-0029-teams": teams,
  "2026-12-14-0030-board-ties": boardTies,
  "2026-12-15-0031-organization-setup": organizationSetup,
  "2026-12-16-0032-functions-in-files": functionsInFiles,
  "2026-12-17-0033-every-act-numbered": everyActNumbered,
  "2026-12-18-0034-sealed-short-links": sealedShortLinks,
  "2026-12-19-0035-certificate-versions": certificateVersions,
  "2026-12-20-0036-committee-calendar": committeeCalendar,
  "2026-12-21-0037-certificate-renewals": certificateRenewals,
  "2026-12-22-0038-you-said-we-did": youSaidWeDid,
  "2026-12-23-0039-staff-directory": staffDirectory,
  "2026-12-24-0040-employer-sign-on": employerSignOn,
  "2026-12-25-0041-certificate-credentials": certificateCredentials,
  "2026-12-26-0042-sso-borders": ssoBorders,
  "2026-12-27-0043-replay-fingerprints": replayFingerprints,
  "2026-12-28-0044-directory-invitations": directoryInvitations,
  "2026-12-29-0045-pending-email-changes": pendingEmailChanges,
  "2026-12-30-0046-coming-back": comingBack,
  "2026-12-31-0047-first-hour": firstHour,
  "2027-01-01-0048-person-organization-counts": personOrganizationCounts,
  "2027-01-02-0049-organization-participant-days": organizationParticipantDays,
  "2027-01-03-0050-period-figures": periodFigures,
  "2027-01-04-0051-unlogged-rate-limits": unloggedRateLimits,
  "2027-01-05-0052-queued-tasks": queuedTasks,
  "2027-01-06-0053-active-days": activeDays,
  "2027-01-07-0054-acts-day-range": actsDayRange,
  "2027-01-08-0055-owned-functions": ownedFunctions,
  "2027-01-09-0056-contest-tickets": contestTickets,
  "2027-01-10-0057-travel-news": travelNews,
  "2027-01-11-0058-batch-tickets": batchTickets,
};

/**
 * `schema` is where Kindly's tables are. Kysely's migrator must be told: left
 * to itself it takes a migration table in any schema of the database for its
 * own, and then fails on a database that holds several Kindly schemas.
 */
export async function migrateToLatest(db: Kysely<any>, schema: string): Promise<void> {
  await migrateTo(db, schema, "latest");
}

/** The names of every migration this code knows, oldest first (a backup records how far its database was). */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations).sort();

/**
 * Every migration undone (`none`), all of them done (`latest`: how a test
 * proves each has a working `down`), or up to one of them by name (a restore
 * lays a backup's rows on the schema they were read from).
 */
export async function migrateTo(db: Kysely<any>, schema: string, target: "latest" | "none" | { name: string }): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableSchema: schema });
  const { error, results } =
    target === "latest"
      ? await migrator.migrateToLatest()
      : target === "none"
        ? await migrator.migrateTo(NO_MIGRATIONS)
        : await migrator.migrateTo(target.name);
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${String(error)}`, { cause: error });
  }
}
