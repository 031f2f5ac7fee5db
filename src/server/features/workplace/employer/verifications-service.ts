import type { Kysely } from "kysely";
import { addDays, newYorkDay } from "../../../../shared/acts/new-york-time.js";
import type { Verification } from "../../../../shared/schemas/compliance.js";
import { verificationDates } from "../../../../shared/workplace/compliance-rules.js";
import type { DB } from "../../../platform/db/schema.js";
import { AppError } from "../../../kernel/app-error.js";
import { organizationCreatedAt } from "../climate-survey-repository.js";
import { iso } from "../iso-time.js";
import { requireComplianceAccess } from "./compliance-access.js";
import * as repo from "./verifications-repository.js";

/** The schedule reaches a year ahead; past dates stay, done or not, as the record. */
const PLANNED_AHEAD_DAYS = 365;

/**
 * The verification schedule: every two months from the organisation's start
 * (docs/design.md §4.6), listed as soon as anyone looks, oldest first.
 */
export async function verifications(db: Kysely<DB>, organizationId: string, now = new Date()): Promise<Verification[]> {
  const start = newYorkDay(await organizationCreatedAt(db, organizationId));
  await repo.ensurePlanned(db, organizationId, verificationDates(start, addDays(newYorkDay(now), PLANNED_AHEAD_DAYS)));
  return (await repo.listVerifications(db, organizationId)).map((row) => ({
    id: row.id,
    date: row.verification_date,
    responsiblePerson: row.responsible_person,
    status: row.status,
    doneAt: iso(row.done_at),
    note: row.done_note,
  }));
}

export async function verificationSchedule(db: Kysely<DB>, userId: string, organizationId: string) {
  await requireComplianceAccess(db, userId, organizationId);
  return { verifications: await verifications(db, organizationId) };
}

export async function assignResponsible(db: Kysely<DB>, userId: string, organizationId: string, id: string, person: string) {
  await requireComplianceAccess(db, userId, organizationId);
  if (!(await repo.setResponsible(db, organizationId, id, person))) throw new AppError("not_found");
}

export async function markVerificationDone(db: Kysely<DB>, userId: string, organizationId: string, id: string, note: string) {
  await requireComplianceAccess(db, userId, organizationId);
  if (!(await repo.markDone(db, organizationId, id, note))) throw new AppError("not_found");
}
