import type { Kysely } from "kysely";
import type { Role } from "../../../shared/schemas/roles.js";
import type { DB } from "../../platform/db/schema.js";
import { AppError } from "../../kernel/app-error.js";
import * as users from "../users/index.js";
import { canAssignRole } from "./role-policy.js";

async function actorOf(db: Kysely<DB>, userId: string) {
  const profile = await users.findProfile(db, userId);
  if (!profile) throw new AppError("not_authenticated");
  return profile;
}

/** Whether the signed-in person may grant `role` (the role policy decides). */
export async function mayAssign(db: Kysely<DB>, actorId: string, role: Role): Promise<boolean> {
  return canAssignRole(await actorOf(db, actorId), role);
}

/** Grants `role` to another user when the policy allows it; granting twice changes nothing. */
export async function assignRole(db: Kysely<DB>, actorId: string, targetId: string, role: Role): Promise<void> {
  if (!(await mayAssign(db, actorId, role))) throw new AppError("role_not_assignable", { vars: { role } });
  if (!(await users.userExists(db, targetId))) throw new AppError("not_found");
  await users.addRole(db, targetId, role);
}

/** Takes `role` from another user under the same policy as granting it; taking it twice changes nothing. */
export async function revokeRole(db: Kysely<DB>, actorId: string, targetId: string, role: Role): Promise<void> {
  if (!(await mayAssign(db, actorId, role))) throw new AppError("role_not_assignable", { vars: { role } });
  if (!(await users.userExists(db, targetId))) throw new AppError("not_found");
  await users.removeRole(db, targetId, role);
}

/** Anyone may give up a role of their own. */
export async function dropOwnRole(db: Kysely<DB>, userId: string, role: Role): Promise<void> {
  await users.removeRole(db, userId, role);
}
