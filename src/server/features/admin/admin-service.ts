import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Kysely } from "kysely";
import { addDays, newYorkDay } from "../../../shared/acts/new-york-time.js";
import type { AdminAnalytics, CreateOrganizationInput, Overview, SystemStatus } from "../../../shared/schemas/admin.js";
import type { Config } from "../../config.js";
import type { DatabaseDriver } from "../../platform/db/client.js";
import type { DB } from "../../platform/db/schema.js";
import { AppError } from "../../kernel/app-error.js";
import { isUniqueViolation } from "../../platform/db/errors.js";
import type { SessionReader } from "../sessions/index.js";
import { endSessions } from "../sessions/index.js";
import { countMailFailuresSince, readMailLog } from "../../platform/mail/mail-log.js";
import { refusalsSince } from "../../platform/rate-limit/refusal-log.js";
import { diskStatus } from "../../platform/storage/disk-status.js";
import { uploadsFolder, type FileStorage } from "../../platform/storage/file-storage.js";
import * as figures from "./admin-figures-repository.js";
import * as organizations from "./admin-organizations-repository.js";
import * as users from "./admin-users-repository.js";
import { RECENT_ACTIVITY_HOURS, TOP_LIST_SIZE } from "../../../shared/constants.js";
import { suspendAccount } from "../users/index.js";
import { createOrganizationWithCode } from "../organizations/index.js";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export async function overview(db: Kysely<DB>, now = new Date()): Promise<Overview> {
  return figures.overviewCounts(db, newYorkDay(now), new Date(now.getTime() - DAY));
}

/** The Monday (New York) of the week holding `day`. */
function mondayOf(day: string): string {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

export async function analytics(db: Kysely<DB>, days: number, now = new Date()): Promise<AdminAnalytics> {
  const today = newYorkDay(now);
  const from = addDays(today, -(days - 1));
  const firstWeek = mondayOf(from);
  const [countries, perDay, perWeek] = await Promise.all([
    figures.topCountries(db, TOP_LIST_SIZE),
    figures.actsPerDay(db, from),
    figures.newMembersPerWeek(db, firstWeek),
  ]);
  const byDay = new Map(perDay.map((row) => [String(row.day), row.acts]));
  const byWeek = new Map(perWeek.map((row) => [row.week, row.members]));
  const weeks: string[] = [];
  for (let week = firstWeek; week <= today; week = addDays(week, 7)) weeks.push(week);
  return {
    days,
    topCountries: countries,
    actsPerDay: Array.from({ length: days }, (_, i) => addDays(from, i)).map((day) => ({ day, acts: byDay.get(day) ?? 0 })),
    newMembersPerWeek: weeks.map((weekStart) => ({ weekStart, members: byWeek.get(weekStart) ?? 0 })),
  };
}

export function listUsers(db: Kysely<DB>, options: { q: string; order: users.UserOrder; page: number; pageSize: number }) {
  return users.listUsers(db, options);
}

/**
 * Suspends or restores an account. Suspending ends every session at once
 * (in every process: the sessions trigger announces it, and this process
 * forgets its own cache now) and sign-in refuses it from then on (auth.ts).
 */
export async function setSuspended(deps: { db: Kysely<DB>; sessions: SessionReader }, userId: string, suspended: boolean): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const user = await users.lockUser(trx, userId);
    if (!user) throw new AppError("not_found");
    if (user.is_official && suspended) throw new AppError("official_account_protected");
    await suspendAccount(trx, userId, suspended);
    if (suspended) await endSessions(trx, userId);
  });
  deps.sessions.forgetAll();
}

export function listOrganizations(db: Kysely<DB>, options: { q: string; page: number; pageSize: number }) {
  return organizations.listOrganizations(db, options);
}

export async function createOrganization(db: Kysely<DB>, actorId: string, input: CreateOrganizationInput & { orgCode: string }) {
  try {
    const id = await createOrganizationWithCode(db, {
      name: input.name,
      type: input.type,
      industry: input.industry || null,
      orgCode: input.orgCode,
      createdBy: actorId,
    });
    return { id };
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("org_code_taken", { field: "orgCode" });
    throw error;
  }
}

let version: Promise<string> | undefined;
/** The version in package.json, read once. */
function appVersion(): Promise<string> {
  version ??= readFile(path.resolve("package.json"), "utf8").then(
    (text) => (JSON.parse(text) as { version: string }).version,
    () => "unknown",
  );
  return version;
}

export async function system(
  deps: { db: Kysely<DB>; config: Config; driver: DatabaseDriver; storage: FileStorage },
  options: { failedOnly: boolean },
  now = new Date(),
): Promise<SystemStatus> {
  const { db, config } = deps;
  const [versionText, databaseVersion, mailLog, mailFailures, refusals, disks] = await Promise.all([
    appVersion(),
    figures.databaseVersion(db),
    readMailLog(db, { failedOnly: options.failedOnly, limit: 50 }),
    countMailFailuresSince(db, new Date(now.getTime() - RECENT_ACTIVITY_HOURS * HOUR)),
    refusalsSince(db, new Date(now.getTime() - HOUR)),
    diskStatus(config.DATA_DIR, deps.storage, uploadsFolder(config)),
  ]);
  return {
    version: versionText,
    database: {
      kind: deps.driver === "embedded" ? "embedded" : "postgresql",
      version: databaseVersion,
      readReplica: Boolean(config.DATABASE_READ_URL),
    },
    mail: { transport: config.SMTP_URL ? "smtp" : "outbox", from: config.MAIL_FROM },
    storage:
      deps.storage.kind === "s3"
        ? { kind: "s3", location: `${config.S3_ENDPOINT ?? "AWS"} / ${config.S3_BUCKET}` }
        : { kind: "local", location: path.resolve(uploadsFolder(config)) },
    // Below the warning, the tab says so; below UPLOAD_MIN_FREE_MB uploads are already refused.
    disk: disks.map((disk) => ({ ...disk, low: disk.freeBytes < config.DISK_WARNING_MB * 1024 * 1024 })),
    rateLimiter: config.REDIS_URL ? "redis" : "database",
    mailFailures,
    mailLog: mailLog.map((entry) => ({
      kind: entry.kind,
      recipient: entry.recipient,
      subject: entry.subject,
      status: entry.status,
      error: entry.error,
      at: new Date(entry.created_at).toISOString(),
    })),
    refusals,
  };
}
