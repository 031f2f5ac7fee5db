import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../platform/db/schema.js";
import { AppError } from "../../kernel/app-error.js";
import type { Profile } from "../../../shared/schemas/profile.js";
import type { AccountProfile } from "../users/index.js";
import { findActor, organizationExists } from "./membership-repository.js";
import type { ActorFacts } from "./actor-facts.js";
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
  // The official account may open any id: make sure this one is real.
  const exists = actor?.isOfficial && !actor.role ? await organizationExists(db, organizationId) : true;
  return allowedActor(actor ? { ...actor, organizationExists: exists } : null, action);
}

/** `requireOrganizationAccess`'s rule, on facts read with the figures. */
export function requireAccessFrom(facts: ActorFacts, action: OrganizationAction): OrganizationActor {
  const actor = facts.actor_found ? { isOfficial: facts.actor_official === true, role: facts.actor_role } : null;
  return allowedActor(actor ? { ...actor, organizationExists: facts.organization_found } : null, action);
}

function allowedActor(actor: (OrganizationActor & { organizationExists: boolean }) | null, action: OrganizationAction): OrganizationActor {
  if (!actor) throw new AppError("not_authenticated");
  if (!mayDo(actor, action)) throw new AppError("organization_access_required");
  if (actor.isOfficial && !actor.role && !actor.organizationExists) throw new AppError("not_found");
  return { isOfficial: actor.isOfficial, role: actor.role };
}

/** Whether the person is on the organisation's staff (any role): a work team of the organisation takes them. */
export async function isOrganizationMember(db: Kysely<DB> | Transaction<DB>, userId: string, organizationId: string): Promise<boolean> {
  return (await findActor(db, userId, organizationId))?.role != null;
}

/**
 * Whether an organisation's dashboard awaits this person: a membership, or
 * an invitation waiting for their address (it becomes one when the
 * dashboard opens). The More menu offers the dashboard when it does.
 */
export async function hasOrganizationDashboard(db: Kysely<DB>, userId: string, email: string): Promise<boolean> {
  const found = await db
    .selectNoFrom((eb) => [
      eb
        .or([
          eb.exists(eb.selectFrom("organization_members").select("user_id").where("user_id", "=", userId)),
          eb.exists(
            eb
              .selectFrom("organization_invitations")
              .select("id")
              .where("email", "=", email.toLowerCase())
              .where("accepted_at", "is", null)
              .where("expires_at", ">", new Date()),
          ),
        ])
        .as("any"),
    ])
    .executeTakeFirstOrThrow();
  return Boolean(found.any);
}

/** A person's profile as the app shows it: their account, and whether an organisation's dashboard awaits them. */
export async function withOrganizationDashboard(db: Kysely<DB>, account: AccountProfile): Promise<Profile> {
  return { ...account, hasOrganizationDashboard: await hasOrganizationDashboard(db, account.id, account.email) };
}
