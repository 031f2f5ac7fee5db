import type { Kysely } from "kysely";
import type { Telework } from "../../../../shared/schemas/compliance.js";
import type { DB } from "../../../platform/db/schema.js";
import { AppError } from "../../../kernel/app-error.js";
import { iso } from "../iso-time.js";
import type { Employee } from "../workplace-access-service.js";
import { requireComplianceAccess } from "./compliance-access.js";
import * as repository from "./telework-repository.js";

/** The employee's own flag, in the workplace area: "I work remotely". */
export async function setRemoteWork(db: Kysely<DB>, employee: Employee, remote: boolean): Promise<{ remote: boolean }> {
  await repository.setRemoteFlag(db, employee.userId, remote);
  return { remote };
}

export async function remoteWork(db: Kysely<DB>, employee: Employee): Promise<{ remote: boolean }> {
  return { remote: await repository.remoteFlag(db, employee.userId) };
}

/** Employees holding access who work remotely, with the inclusion actions recorded for each. */
export async function telework(db: Kysely<DB>, userId: string, organizationId: string): Promise<Telework> {
  await requireComplianceAccess(db, userId, organizationId);
  const [people, actions] = await Promise.all([
    repository.remoteEmployees(db, organizationId),
    repository.inclusionActions(db, organizationId),
  ]);
  return {
    employees: people.map((p) => ({
      userId: p.user_id,
      username: p.username,
      actions: actions.filter((a) => a.user_id === p.user_id).map((a) => ({ id: a.id, action: a.action, createdAt: iso(a.created_at)! })),
    })),
  };
}

/** Records an inclusion action for someone of this employer who works remotely. */
export async function addInclusionAction(db: Kysely<DB>, userId: string, organizationId: string, employeeId: string, action: string) {
  await requireComplianceAccess(db, userId, organizationId);
  if (!(await repository.isRemoteEmployee(db, organizationId, employeeId))) throw new AppError("not_found");
  return { id: await repository.insertInclusionAction(db, { organizationId, userId: employeeId, action, createdBy: userId }) };
}
