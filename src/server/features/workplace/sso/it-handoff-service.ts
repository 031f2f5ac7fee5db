import { EMAILS } from "../emails.js";
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { LANGUAGES, type Language } from "../../../../shared/i18n/languages.js";
import { IT_HANDOFF_DAYS } from "../../../../shared/constants.js";
import type { ItHandoff, ItHandoffInput } from "../../../../shared/schemas/workplace.js";
import { AppError } from "../../../kernel/app-error.js";
import type { DB } from "../../../platform/db/schema.js";
import { accountEmail } from "../../../platform/mail/account-emails.js";
import { formatDay } from "../../../platform/format/quebec-dates.js";
import type { Mailer } from "../../../platform/mail/mailer.js";
import { requireOrganizationAccess } from "../../organizations/index.js";
import { findMailingDetails } from "../../users/index.js";
import { organizationName } from "../directory/directory-repository.js";
import { scimBaseUrl } from "../directory/directory-service.js";
import { CALLBACK_PATH, hashOf, signInPath } from "./sso-service.js";
import * as repo from "./it-handoff-repository.js";

/*
 * "Send to your IT person" (issue 61 §2). The settings of single sign-on and
 * of the staff directory speak to IT; the employer's HR person sends an
 * expiring link to whoever runs their identity provider. The link's page
 * shows this employer's own values written into the guide for Microsoft Entra
 * ID, Okta and Google Workspace, and nothing else: no setting can be changed
 * from it, no token read, nobody signed in. The token lives in the mail only
 * (the table keeps its hash).
 */

export interface ItHandoffDeps {
  db: Kysely<DB>;
  mailer: Mailer;
  appUrl: string;
}

/** The IT person's page (web: it-setup-page.tsx). */
export const itSetupPath = (token: string) => `/it-setup/${token}`;

export async function sendItHandoff(deps: ItHandoffDeps, userId: string, organizationId: string, input: ItHandoffInput) {
  await requireOrganizationAccess(deps.db, userId, organizationId, "manage");
  const token = randomBytes(24).toString("base64url");
  const expiresAt = new Date(Date.now() + IT_HANDOFF_DAYS * 86_400_000);
  const email = input.email.toLowerCase();
  await repo.insertHandoff(deps.db, {
    tokenHash: hashOf(token),
    organizationId,
    email,
    language: input.language,
    sentBy: userId,
    expiresAt,
  });
  const [sender, employer] = await Promise.all([findMailingDetails(deps.db, userId), organizationName(deps.db, organizationId)]);
  const url = `${deps.appUrl}${itSetupPath(token)}`;
  await deps.mailer.send(
    accountEmail(
      EMAILS.itHandoff,
      input.language,
      email,
      {
        sender: sender?.username ?? employer,
        organization: employer,
        date: formatDay(input.language, expiresAt),
      },
      url,
    ),
  );
  return { url, expiresAt: expiresAt.toISOString() };
}

/** What the link's page shows, while the link lasts; an unknown or expired link is not found. */
export async function readItHandoff(deps: ItHandoffDeps, token: string, now = new Date()): Promise<ItHandoff> {
  const found = /^[\w-]{20,64}$/.test(token) ? await repo.findOpenHandoff(deps.db, hashOf(token), now) : undefined;
  if (!found) throw new AppError("not_found", { messageKey: "itHandoff.gone" });
  const language = (LANGUAGES as readonly string[]).includes(found.language) ? (found.language as Language) : LANGUAGES[0];
  return {
    organizationName: found.organization_name,
    language,
    expiresAt: new Date(found.expires_at).toISOString(),
    redirectUri: `${deps.appUrl}${CALLBACK_PATH}`,
    signInUrl: `${deps.appUrl}${signInPath(found.organization_id)}`,
    scimUrl: scimBaseUrl(deps.appUrl),
    ssoConfigured: Boolean(found.sso_configured),
    directoryConnected: Boolean(found.directory_connected),
  };
}
