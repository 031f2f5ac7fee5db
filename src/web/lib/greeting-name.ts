import type { TFunction } from "i18next";

/**
 * The name Kindly greets someone by: their username, except the official
 * account, which is the team that runs Kindly ("Hello, Kindly team!"), not
 * its generated username.
 */
export function greetingName(user: { username: string; isOfficial: boolean }, t: TFunction, asTitle = false): string {
  if (!user.isOfficial) return user.username;
  // In a sentence ("Bonjour, équipe Kindly!") or alone, as a title ("Équipe Kindly").
  return asTitle ? t("common.kindlyTeamTitle") : t("common.kindlyTeam");
}
