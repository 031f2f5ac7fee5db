import type en from "../../src/shared/i18n/messages/en/app.json";

/*
 * Every page a person opens by its address, with the message its tab title is
 * made of: the English journey (participant-polish.spec.ts) and the French one
 * (french.spec.ts) open each, check its title and pass axe on it.
 */

type Messages = typeof en;

/** Pages anyone can open, signed out. */
export const PUBLIC_PAGES: [string, (m: Messages) => string][] = [
  ["/", (m) => m.titles.home],
  ["/map", (m) => m.nav.map],
  ["/scan", (m) => m.nav.scan],
  ["/leaderboards", (m) => m.nav.leaderboards],
  ["/contests", (m) => m.nav.contests],
  ["/faq", (m) => m.nav.faq],
  ["/game-rules", (m) => m.nav.gameRules],
  ["/privacy", (m) => m.nav.privacy],
  ["/terms", (m) => m.nav.terms],
  ["/contact", (m) => m.nav.contact],
  ["/register-organization", (m) => m.nav.forOrganizations],
  ["/auth", (m) => m.titles.signIn],
  ["/forgot-password", (m) => m.titles.forgotPassword],
  ["/forgot-email", (m) => m.titles.forgotEmail],
  ["/no-such-page", (m) => m.titles.notFound],
];

/** Pages of a signed-in person. */
export const SIGNED_IN_PAGES: [string, (m: Messages) => string][] = [
  ["/profile", (m) => m.nav.profile],
  ["/act-history", (m) => m.nav.actHistory],
  ["/settings/notifications", (m) => m.titles.notificationSettings],
];

/** The tab title a page whose title is made of `words` has: home's is whole, every other page's names Kindly after it. */
export function expectedTitle(messages: Messages, words: string): string {
  return words === messages.titles.home ? words : messages.titles.page.replace("{{page}}", words);
}
