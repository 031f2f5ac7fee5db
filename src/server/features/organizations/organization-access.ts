import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.js";
import { AppError } from "../../http/app-error.js";
import { findActor, organizationExists } from "./membership-repository.js";
import { mayDo, type OrganizationAction, type OrganizationActor } from "./organization-policy.js";

/**
 * The check every organisation endpoint starts with. Someone who may not act
 * gets the same answer whether the organisation exists or not, so ids cannot
 * be probed. Returns the actor for finer rules (owners).
 */
export async function requireOrganizationAccess(
  db: Kysely<DB>,
  userId: string,
  organizationId: string,
  action: OrganizationAction,
): Promise<OrganizationActor> {
  const actor = await findActor(db, userId, organizationId);
  if (!actor) throw new AppError("not_authenticated");
  if (!mayDo(actor, action)) throw new AppError("organization_access_required");
  // The official account may open any id: make sure this one is real.
  if (actor.isOfficial && !actor.role && !(await organizationExists(db, organizationId))) throw new AppError("not_found");
  return actor;
}
