import { EMAIL_RECOVERY_VALIDITY_MINUTES } from "../../../shared/constants.js";
import { emailTemplates } from "../../platform/mail/account-emails.js";

/** The emails this feature sends (its declaration lists them); their words are under `email.<name>` in server.<language>.json. */
export const EMAILS = emailTemplates({
  recoverEmail: { ignorable: true, linkLifetimeSeconds: EMAIL_RECOVERY_VALIDITY_MINUTES * 60 },
  emailChangedOld: {},
  emailChangedNew: { ignorable: true, linkLifetimeSeconds: EMAIL_RECOVERY_VALIDITY_MINUTES * 60 },
});
