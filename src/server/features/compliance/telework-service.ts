import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Telework } from "../../../shared/schemas/compliance.js";
import type { DB } from "../../db/schema.js";
import { AppError } from "../../http/app-error.js";
import { iso } from "../workplace/iso-time.js";
import type { Employee } from "../workplace/workplace-access-service.js";
import { requireComplianceAccess } from "./compliance-access.js";

/** The employee's own flag, in the workplace area: "I work remotely". */
export async function setRemoteWork(db: Kysely<DB>, employee: Employee, remote: boolean): Promise<{ remote: boolean }> {
  await db.updateTable("workplace_access").set({ remote_work: remote }).where("user_id", "=", employee.userId).execute();
  return { remote };
}

export async function remoteWork(db: Kysely<DB>, employee: Employee): Promise<{ remote: boolean }> {
  const row = await db.selectFrom("workplace_access").select("remote_work").where("user_id", "=", employee.userId).executeTakeFirst();
  return { remote: row?.remote_work ?? false };
}

/** Employees holding access who work remotely, with the inclusion actions recorded for each. */
export async function telework(db: Kysely<DB>, userId: string, organizationId: string): Promise<Telework> {
  await requireComplianceAccess(db, userId, organizationId);
  const [people, actions] = await Promise.all([
    db
      .selectFrom("workplace_access as a")
      .innerJoin("users as u", "u.id", "a.user_id")
      .select(["a.user_id", "u.username"])
      .where("a.organization_id", "=", organizationId)
      .where("a.remote_work", "=", true)
      .orderBy("u.username")
      .execute(),
    db
      .selectFrom("telework_inclusion_actions")
      .select(["id", "user_id", "action", "created_at"])
      .where("organization_id", "=", organizationId)
      .orderBy("created_at", "desc")
      .execute(),
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
  const remote = await db
    .selectFrom("workplace_access")
    .select("user_id")
    .where("organization_id", "=", organizationId)
    .where("user_id", "=", employeeId)
    .where("remote_work", "=", true)
    .executeTakeFirst();
  if (!remote) throw new AppError("not_found");
  const id = randomUUID();
  await db
    .insertInto("telework_inclusion_actions")
    .values({ id, organization_id: organizationId, user_id: employeeId, action, created_by: userId })
    .execute();
  return { id };
}
