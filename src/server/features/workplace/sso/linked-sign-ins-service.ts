import type { Kysely } from "kysely";
import type { LinkedSignIn } from "../../../../shared/schemas/workplace.js";
import type { DB } from "../../../platform/db/schema.js";
import { AppError } from "../../../kernel/app-error.js";
import { resetTokenOwner } from "../../auth/index.js";
import type { Auth } from "../../sessions/index.js";
import * as repo from "./sso-repository.js";

/*
 * The employers' sign-ins linked to an account, which its owner sees and may
 * cut off (issue 58 §1): from their security settings, and from a password
 * reset — the moment someone takes an account back, an identity provider
 * somebody else linked must not keep a way in.
 */

export async function linkedSignIns(db: Kysely<DB>, userId: string): Promise<LinkedSignIn[]> {
  return (await repo.identitiesOf(db, userId)).map((row) => ({
    organizationId: row.organization_id,
    employerName: row.employer_name,
    linkedAt: new Date(row.created_at).toISOString(),
  }));
}

export async function unlinkSignIn(db: Kysely<DB>, userId: string, organizationId: string): Promise<void> {
  if (!(await repo.deleteIdentity(db, userId, organizationId))) throw new AppError("not_found");
}

async function ownerOfReset(auth: Auth, token: string): Promise<string> {
  const userId = await resetTokenOwner(auth, token);
  if (!userId) throw new AppError("invalid_token");
  return userId;
}

/** The sign-ins linked to the account a (still valid) reset link is for. */
export async function linkedSignInsForReset(deps: { db: Kysely<DB>; auth: Auth }, token: string): Promise<LinkedSignIn[]> {
  return linkedSignIns(deps.db, await ownerOfReset(deps.auth, token));
}

export async function unlinkSignInForReset(deps: { db: Kysely<DB>; auth: Auth }, token: string, organizationId: string): Promise<void> {
  await unlinkSignIn(deps.db, await ownerOfReset(deps.auth, token), organizationId);
}
