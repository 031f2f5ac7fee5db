import { SSO_PENDING_MINUTES } from "../../../shared/constants.js";
import { emailTemplates } from "../../platform/mail/account-emails.js";

/** The emails this feature sends (its declaration lists them); their words are under `email.<name>` in server.<language>.json. */
export const EMAILS = emailTemplates({
  ssoConfirmEmail: { ignorable: true, linkLifetimeSeconds: SSO_PENDING_MINUTES * 60 },
  directoryInvitation: {},
  itHandoff: { ignorable: true },
  surveyInvitation: {},
  surveyReminder: {},
  certificateRenewal: {},
});
