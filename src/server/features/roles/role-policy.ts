import type { Role } from "../../../shared/schemas/roles.js";

export interface Actor {
  isOfficial: boolean;
  roles: readonly Role[];
}

/**
 * Who may grant which role (docs/design.md §4.1): the official account grants any
 * role; an admin grants business and user, never admin; nobody else grants.
 */
export function canAssignRole(actor: Actor, role: Role): boolean {
  if (actor.isOfficial) return true;
  if (actor.roles.includes("admin")) return role !== "admin";
  return false;
}
