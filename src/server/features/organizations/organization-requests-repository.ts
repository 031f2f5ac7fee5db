import { randomUUID } from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import type { Language } from "../../../shared/constants.js";
import type { OrganizationRequestInput, OrganizationRequestView } from "../../../shared/schemas/organizations.js";
import type { DB } from "../../platform/db/schema.js";
import { people } from "../users/read-models.js";

type StoredInput = Required<OrganizationRequestInput>;

export async function insertRequest(db: Kysely<DB>, input: StoredInput, userId: string | null, language: Language): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("organization_requests")
    .values({
      id,
      user_id: userId,
      contact_name: input.contactName,
      organization_name: input.organizationName,
      type: input.type,
      industry: input.industry,
      email: input.email.toLowerCase(),
      phone: input.phone,
      website: input.website,
      description: input.description,
      plan: input.plan,
      priority: input.priority,
      language,
    })
    .execute();
  return id;
}

const viewColumns = [
  "r.id",
  "r.organization_name",
  "r.contact_name",
  "r.email",
  "r.phone",
  "r.website",
  "r.description",
  "r.type",
  "r.industry",
  "r.plan",
  "r.priority",
  "r.status",
  "r.decline_reason",
  "r.created_at",
  "r.decided_at",
] as const;

function requestsWithAccounts(db: Kysely<DB>) {
  return db
    .selectFrom("organization_requests as r")
    .select(viewColumns)
    .select((eb) => eb.exists(eb.selectFrom(people.from(db).as("u")).select("u.id").whereRef("u.email", "=", "r.email")).as("has_account"));
}

type Row = Awaited<ReturnType<ReturnType<typeof requestsWithAccounts>["execute"]>>[number];

function toView(row: Row): OrganizationRequestView {
  return {
    id: row.id,
    organizationName: row.organization_name,
    contactName: row.contact_name,
    email: row.email,
    phone: row.phone,
    website: row.website,
    description: row.description,
    type: row.type,
    industry: row.industry,
    plan: row.plan,
    priority: row.priority,
    status: row.status,
    declineReason: row.decline_reason,
    createdAt: new Date(row.created_at).toISOString(),
    decidedAt: row.decided_at ? new Date(row.decided_at).toISOString() : null,
    requesterHasAccount: Boolean(row.has_account),
  };
}

/** Requests in a state, newest first (pending ones oldest first: the queue to work through). */
export async function listRequests(db: Kysely<DB>, status: "pending" | "approved" | "declined"): Promise<OrganizationRequestView[]> {
  const rows = await requestsWithAccounts(db)
    .where("r.status", "=", status)
    .orderBy("r.created_at", status === "pending" ? "asc" : "desc")
    .limit(200)
    .execute();
  return rows.map(toView);
}

/** The requests someone made: signed in when sending, or sent with their (confirmed) address. */
export async function listRequestsOf(db: Kysely<DB>, userId: string, email: string): Promise<OrganizationRequestView[]> {
  const rows = await requestsWithAccounts(db)
    .where((eb) => eb.or([eb("r.user_id", "=", userId), eb("r.email", "=", email.toLowerCase())]))
    .orderBy("r.created_at", "desc")
    .limit(50)
    .execute();
  return rows.map(toView);
}

/** The request, locked until the decision commits (two clicks on Approve decide once). */
export async function lockRequest(trx: Transaction<DB>, requestId: string) {
  return trx.selectFrom("organization_requests").selectAll().where("id", "=", requestId).forUpdate().executeTakeFirst();
}

export async function markDecided(
  trx: Transaction<DB>,
  requestId: string,
  decision: { status: "approved" | "declined"; decidedBy: string; organizationId?: string; reason?: string },
): Promise<void> {
  await trx
    .updateTable("organization_requests")
    .set({
      status: decision.status,
      decided_by: decision.decidedBy,
      decided_at: sql`now()`,
      organization_id: decision.organizationId ?? null,
      decline_reason: decision.reason ?? null,
    })
    .where("id", "=", requestId)
    .execute();
}
