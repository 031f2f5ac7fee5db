import { EMAILS } from "./emails.js";
import type { Kysely } from "kysely";
import type { Language } from "../../../shared/constants.js";
import {
  invitationSignUpPath,
  type OrganizationRequestInput,
  type OrganizationRequestView,
} from "../../../shared/schemas/organizations.js";
import type { DB } from "../../platform/db/schema.js";
import { AppError } from "../../kernel/app-error.js";
import { accountEmail } from "../../platform/mail/account-emails.js";
import type { Mailer } from "../../platform/mail/mailer.js";
import { supportMessage } from "../../platform/mail/support-message.js";
import * as users from "../users/index.js";
import { addMember, upsertInvitation } from "./membership-repository.js";
import { insertOrganization } from "./organization-repository.js";
import * as repo from "./organization-requests-repository.js";

export interface RequestDeps {
  db: Kysely<DB>;
  mailer: Mailer;
  appUrl: string;
  supportEmail: string;
}

/**
 * Stores a registration request (docs/design.md §4.9), tells the support team,
 * and tells the requester what happens next. A visitor may send one; signed
 * in, it is also tied to their account.
 */
export async function submitRequest(
  deps: RequestDeps,
  input: Required<OrganizationRequestInput>,
  userId: string | null,
  language: Language,
): Promise<void> {
  const id = await repo.insertRequest(deps.db, input, userId, language);
  await deps.mailer.send(
    supportMessage(deps.supportEmail, input.email, `[Organisation request] ${input.organizationName}`, {
      Organisation: input.organizationName,
      Contact: `${input.contactName} <${input.email}>`,
      Phone: input.phone,
      Website: input.website || "—",
      Type: input.type,
      Industry: input.industry,
      Plan: input.plan,
      Priority: input.priority,
      Comments: input.description || "—",
      Review: `${deps.appUrl}/admin?tab=requests#request-${id}`,
    }),
  );
  // Someone with an account on the address can follow the request's state in the app; for anyone
  // else the mail itself says what comes next (the approval's link creates the account).
  const hasAccount = Boolean(userId) || Boolean(await users.findUserByEmail(deps.db, input.email));
  await deps.mailer.send(
    accountEmail(
      EMAILS.organizationRequestReceived,
      language,
      input.email,
      { username: input.contactName, organization: input.organizationName },
      hasAccount ? `${deps.appUrl}/register-organization` : undefined,
    ),
  );
}

/** The requests a signed-in person sent, with their state. */
export async function myRequests(db: Kysely<DB>, userId: string): Promise<OrganizationRequestView[]> {
  const me = await users.findMailingDetails(db, userId);
  if (!me) throw new AppError("not_authenticated");
  return repo.listRequestsOf(db, userId, me.email);
}

export async function listRequests(db: Kysely<DB>, status: "pending" | "approved" | "declined") {
  return repo.listRequests(db, status);
}

/**
 * Approves a pending request: creates the organisation and makes the
 * requester its owner (with the business role) when an account with the
 * request's address exists, or mails them an invitation that attaches them
 * once they sign up with it. Decided once, even on two clicks.
 */
export async function approveRequest(deps: RequestDeps, actorId: string, requestId: string) {
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const request = await repo.lockRequest(trx, requestId);
    if (!request) throw new AppError("not_found");
    if (request.status !== "pending") throw new AppError("request_already_decided");
    const account = await users.findUserByEmail(trx, request.email);
    const ownerId = account?.id ?? null;
    let invitationId: string | null = null;
    const organization = await insertOrganization(trx, {
      name: request.organization_name,
      type: request.type,
      industry: request.industry,
      created_by: ownerId,
    });
    if (ownerId) {
      await addMember(trx, organization.id, ownerId, "owner");
      await users.addRole(trx, ownerId, "business");
    } else {
      invitationId = await upsertInvitation(trx, {
        organizationId: organization.id,
        email: request.email,
        role: "owner",
        invitedBy: actorId,
      });
    }
    await repo.markDecided(trx, requestId, { status: "approved", decidedBy: actorId, organizationId: organization.id });
    return { request, organizationId: organization.id, owner: ownerId ? ("attached" as const) : ("invited" as const), invitationId };
  });
  const { request } = outcome;
  await deps.mailer.send(
    accountEmail(
      outcome.owner === "attached" ? EMAILS.organizationApproved : EMAILS.organizationApprovedInvitation,
      request.language,
      request.email,
      { username: request.contact_name, organization: request.organization_name, email: request.email },
      outcome.invitationId
        ? `${deps.appUrl}${invitationSignUpPath(outcome.invitationId)}`
        : `${deps.appUrl}/business-dashboard?org=${outcome.organizationId}`,
    ),
  );
  return { organizationId: outcome.organizationId, owner: outcome.owner };
}

/** Declines a pending request; the reason is mailed to the requester in their language. */
export async function declineRequest(deps: RequestDeps, actorId: string, requestId: string, reason: string): Promise<void> {
  const request = await deps.db.transaction().execute(async (trx) => {
    const found = await repo.lockRequest(trx, requestId);
    if (!found) throw new AppError("not_found");
    if (found.status !== "pending") throw new AppError("request_already_decided");
    await repo.markDecided(trx, requestId, { status: "declined", decidedBy: actorId, reason });
    return found;
  });
  await deps.mailer.send(
    accountEmail(EMAILS.organizationDeclined, request.language, request.email, {
      username: request.contact_name,
      organization: request.organization_name,
      reason,
    }),
  );
}
