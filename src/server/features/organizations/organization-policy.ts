import type { MemberRole } from "../../../shared/schemas/organizations.js";

/**
 * What a person may do in one organisation. Every member opens the dashboard
 * and runs its codes and campaigns; owners and admins also change its
 * settings and members; only owners make or remove owners. The official
 * account may do everything, in every organisation.
 */
export type OrganizationAction = "view" | "operate" | "manage";

export interface OrganizationActor {
  isOfficial: boolean;
  /** The person's role in this organisation, or null for a non-member. */
  role: MemberRole | null;
}

export function mayDo(actor: OrganizationActor, action: OrganizationAction): boolean {
  if (actor.isOfficial) return true;
  if (!actor.role) return false;
  if (action === "manage") return actor.role === "owner" || actor.role === "admin";
  return true;
}

/** Granting or taking away the owner role is for owners (and the official account). */
export function mayChangeOwners(actor: OrganizationActor): boolean {
  return actor.isOfficial || actor.role === "owner";
}
