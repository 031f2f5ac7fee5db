import { sql } from "kysely";
import type { MemberRole } from "../../platform/db/schema.js";
import { people } from "../users/read-models.js";

/** Who is asking, as a dashboard query reads it beside its figures (`actorColumns`). */
export interface ActorFacts {
  actor_found: boolean;
  actor_official: boolean | null;
  actor_role: MemberRole | null;
  organization_found: boolean;
}

/**
 * The asker's facts as columns of a figures query, so that a dashboard answer
 * and its access check are one round trip (issue 29). The figures are read
 * either way; `requireAccessFrom` (organization-access.ts) decides whether any leaves the server.
 */
export const actorColumns = (userId: unknown, organizationId: unknown) => sql<ActorFacts>`
  exists (select 1 from ${people.sql} people where id = ${userId}) as actor_found,
  (select is_official from ${people.sql} people where id = ${userId}) as actor_official,
  (select role from organization_members where user_id = ${userId} and organization_id = ${organizationId}) as actor_role,
  exists (select 1 from organizations where id = ${organizationId}) as organization_found`;
