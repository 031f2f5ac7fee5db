import { randomBytes, randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { newYorkDay, nextNewYorkMidnight } from "../../../shared/acts/new-york-time.js";
import {
  normalizeAccessCode,
  type AccessCode,
  type AccessCodeInput,
  type AccessState,
  type EmployeeWithAccess,
} from "../../../shared/schemas/workplace.js";
import type { DB } from "../../platform/db/schema.js";
import { AppError } from "../../kernel/app-error.js";
import { requireOrganizationAccess } from "../organizations/index.js";
import * as repo from "./workplace-access-repository.js";
import { pendingInvitation } from "./directory/directory-service.js";

/** Who the workplace endpoints serve: an employee and their employer. */
export interface Employee {
  userId: string;
  organizationId: string;
  employerName: string;
}

/** Opening the area: access, or else the invitation of an employer whose staff directory lists the person (they say yes or no). */
export async function accessState(db: Kysely<DB>, userId: string): Promise<AccessState> {
  const access = await repo.findAccess(db, userId);
  return {
    hasAccess: access !== undefined,
    employerName: access?.employerName ?? null,
    invitation: access ? null : await pendingInvitation(db, userId),
  };
}

/** The organisation whose workplace area the person unlocked, if any (a work team of that organisation takes them). */
export async function workplaceEmployerId(db: Kysely<DB> | Transaction<DB>, userId: string): Promise<string | null> {
  return (await repo.findAccess(db, userId))?.organizationId ?? null;
}

/** Every employee endpoint starts here: no access, no answer (403). */
export async function requireEmployee(db: Kysely<DB>, userId: string): Promise<Employee> {
  const access = await repo.findAccess(db, userId);
  if (!access) throw new AppError("workplace_access_required");
  return { userId, ...access };
}

/**
 * Unlocks the area with an employer's code. The use is counted in the same
 * transaction that grants access: if granting fails (the person already has
 * access), the use is given back by the rollback.
 */
export async function unlock(db: Kysely<DB>, userId: string, typed: string): Promise<AccessState> {
  const code = normalizeAccessCode(typed);
  await db.transaction().execute(async (trx) => {
    const claimed = await repo.claimCodeUse(trx, code);
    if (!claimed) {
      if (await repo.findAccess(trx, userId)) throw new AppError("workplace_already_unlocked");
      const found = await repo.findCode(trx, code);
      if (!found || !found.is_active) throw new AppError("workplace_code_invalid");
      if (found.expired) throw new AppError("workplace_code_expired");
      throw new AppError("workplace_code_used_up");
    }
    if (!(await repo.insertAccess(trx, userId, claimed.organizationId, claimed.id))) throw new AppError("workplace_already_unlocked");
  });
  return accessState(db, userId);
}

// Codes people type: no 0/O, 1/I/L look-alikes. Twelve characters of 31 (59 bits).
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const CODE_LENGTH = 12;

/** A new unguessable code, from a cryptographic source (rejection sampling keeps it uniform). */
export function generateAccessCode(): string {
  let code = "";
  while (code.length < CODE_LENGTH) {
    for (const byte of randomBytes(16)) {
      if (byte < 248 && code.length < CODE_LENGTH) code += CODE_ALPHABET[byte % CODE_ALPHABET.length];
    }
  }
  return code;
}

const presentCode = (row: Awaited<ReturnType<typeof repo.listCodes>>[number]): AccessCode => ({
  id: row.id,
  code: row.code,
  maxUses: row.max_uses,
  uses: row.current_uses,
  expiresAt: row.expires_at ? new Date(row.expires_at).toISOString() : null,
  active: row.is_active,
  createdAt: new Date(row.created_at).toISOString(),
});

/** Settings of the organisation dashboard: codes are for its owners and admins. */
export async function listAccessCodes(db: Kysely<DB>, userId: string, organizationId: string): Promise<{ codes: AccessCode[] }> {
  await requireOrganizationAccess(db, userId, organizationId, "manage");
  return { codes: (await repo.listCodes(db, organizationId)).map(presentCode) };
}

/** A code works through the last day chosen, in Kindly's time zone. */
export async function createAccessCode(
  db: Kysely<DB>,
  userId: string,
  organizationId: string,
  input: AccessCodeInput,
): Promise<{ id: string }> {
  await requireOrganizationAccess(db, userId, organizationId, "manage");
  if (input.expiresOn && input.expiresOn < newYorkDay(new Date())) {
    throw new AppError("invalid_input", { field: "expiresOn", messageKey: "workplaceValidation.expiryPast" });
  }
  const expiresAt = input.expiresOn ? nextNewYorkMidnight(new Date(`${input.expiresOn}T12:00:00Z`)) : null;
  const id = randomUUID();
  await repo.insertCode(db, { id, organizationId, code: generateAccessCode(), maxUses: input.maxUses, expiresAt, createdBy: userId });
  return { id };
}

export async function deactivateAccessCode(db: Kysely<DB>, userId: string, organizationId: string, codeId: string): Promise<void> {
  await requireOrganizationAccess(db, userId, organizationId, "manage");
  if (!(await repo.deactivateCode(db, organizationId, codeId))) throw new AppError("not_found");
}

export async function employeesWithAccess(
  db: Kysely<DB>,
  userId: string,
  organizationId: string,
): Promise<{ employees: EmployeeWithAccess[] }> {
  await requireOrganizationAccess(db, userId, organizationId, "manage");
  const rows = await repo.listEmployees(db, organizationId);
  return {
    employees: rows.map((row) => ({ userId: row.user_id, username: row.username, grantedAt: new Date(row.granted_at).toISOString() })),
  };
}

/** Removing someone closes the area to them; their anonymous answers stay, unlinked, in the results. */
export async function removeEmployeeAccess(db: Kysely<DB>, userId: string, organizationId: string, employeeId: string): Promise<void> {
  await requireOrganizationAccess(db, userId, organizationId, "manage");
  if (!(await repo.removeEmployee(db, organizationId, employeeId))) throw new AppError("not_found");
}
