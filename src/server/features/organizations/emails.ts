import { emailTemplates } from "../../platform/mail/account-emails.js";

/** The emails this feature sends (its declaration lists them); their words are under `email.<name>` in server.<language>.json. */
export const EMAILS = emailTemplates({
  organizationRequestReceived: { ignorable: true },
  organizationApproved: {},
  organizationApprovedInvitation: { ignorable: true },
  organizationDeclined: {},
  memberAdded: {},
  memberInvited: { ignorable: true },
});
