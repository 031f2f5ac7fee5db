import type { Kysely } from "kysely";
import type { DB } from "../src/server/platform/db/schema.js";
import { makeOfficial } from "../src/server/features/users/index.js";
import { addMember, buildOrganization, buildUsers, type SessionSigning } from "../src/server/test/factories.js";

export const CALLERS = ["visitor", "user", "otherMember", "member", "employee", "official"] as const;
export type Caller = (typeof CALLERS)[number];

export interface Callers {
  /** The organisation whose member and employee these are (its id fills `:organizationId`). */
  organizationId: string;
  /** The session cookie of each caller (none for the visitor). */
  cookies: Record<Caller, string | undefined>;
}

/** One account of each kind the authorisation matrix names, signed in. */
export async function makeCallers(db: Kysely<DB>, signing: SessionSigning): Promise<Callers> {
  const [{ org }, { org: otherOrg }] = [await buildOrganization(db), await buildOrganization(db)];
  const [user, otherMember, member, employee, official] = await buildUsers(db, signing, 5);
  await addMember(db, otherOrg.id, otherMember!.id, "owner");
  await addMember(db, org.id, member!.id, "owner");
  await db.insertInto("workplace_access").values({ user_id: employee!.id, organization_id: org.id, access_code_id: null }).execute();
  await db.transaction().execute((trx) => makeOfficial(trx, official!.id));
  return {
    organizationId: org.id,
    cookies: {
      visitor: undefined,
      user: user!.cookie,
      otherMember: otherMember!.cookie,
      member: member!.cookie,
      employee: employee!.cookie,
      official: official!.cookie,
    },
  };
}
