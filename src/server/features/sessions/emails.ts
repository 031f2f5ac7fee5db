import { CONFIRMATION_LINK_HOURS, PASSWORD_RESET_MINUTES } from "../../../shared/constants.js";
import { emailTemplates } from "../../platform/mail/account-emails.js";

/** The emails this feature sends (its declaration lists them); their words are under `email.<name>` in server.<language>.json. */
export const EMAILS = emailTemplates({
  confirmEmail: { ignorable: true, linkLifetimeSeconds: CONFIRMATION_LINK_HOURS * 3600 },
  confirmEmailWithAct: { ignorable: true, linkLifetimeSeconds: CONFIRMATION_LINK_HOURS * 3600 },
  confirmEmailWithPassedCard: { ignorable: true, linkLifetimeSeconds: CONFIRMATION_LINK_HOURS * 3600 },
  resetPassword: { ignorable: true, linkLifetimeSeconds: PASSWORD_RESET_MINUTES * 60 },
});
