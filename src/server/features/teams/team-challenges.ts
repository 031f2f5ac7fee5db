import { notificationKind } from "../../../shared/schemas/notifications.js";
import { EMAILS } from "./emails.js";
import type { Language } from "../../../shared/i18n/languages.js";
import type { Kysely } from "kysely";
import { newYorkDay, periodKeys } from "../../../shared/acts/new-york-time.js";
import { translate } from "../../../shared/i18n/translate.js";
import type { DB } from "../../platform/db/schema.js";
import { accountEmail } from "../../platform/mail/account-emails.js";
import type { Notice, Notifier } from "../../platform/notify/notifier.js";
import * as repo from "./teams-repository.js";
import { numberFormat } from "../../../shared/i18n/format.js";

/** A team's reached challenge: a push. */
export const TEAM_CHALLENGE_KIND = notificationKind("teamChallenge", { push: true, email: false });

// A monthly team challenge reached (issue 43 §2): celebrated on the team page
// and home (the figures say so), and told once to each member who chose
// team challenge notices. A job looks every minute; the month's row in
// team_challenge_reached makes it once, whichever server looks first.

export function challengeNotice(team: { id: string; name: string; acts: number; goal: number }): Notice {
  const vars = (language: Language) => {
    const number = numberFormat(language);
    return { team: team.name, acts: number.format(team.acts), goal: number.format(team.goal) };
  };
  return {
    kind: TEAM_CHALLENGE_KIND.name,
    push: (language) => ({
      title: translate(language, "notices.teamChallenge.title", vars(language)),
      body: translate(language, "notices.teamChallenge.body", vars(language)),
      url: `/teams/${team.id}`,
      tag: `team-challenge-${team.id}`,
    }),
    email: ({ language, to, username, appUrl }) =>
      accountEmail(EMAILS.teamChallenge, language, to, { username, ...vars(language) }, `${appUrl}/teams/${team.id}`),
  };
}

/** Marks the challenges reached this month and not yet told, and tells their members; returns how many teams. */
export async function celebrateReachedChallenges(deps: { db: Kysely<DB>; notifier: Notifier }, now = new Date()): Promise<number> {
  const month = periodKeys(newYorkDay(now)).month;
  const reached = await repo.claimReachedChallenges(deps.db, month);
  for (const team of reached) {
    const notice = challengeNotice({ id: team.id, name: team.name, acts: team.acts, goal: team.goal });
    for (const userId of team.member_ids) await deps.notifier.notify(userId, notice);
  }
  return reached.length;
}
