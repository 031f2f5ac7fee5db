import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PartyPopper } from "lucide-react";
import { TEAM_KINDS } from "../../../shared/schemas/teams.js";
import { Card } from "../ui/card.js";
import { ProgressBar } from "../ui/progress-bar.js";
import { useMyTeams } from "./teams-api.js";
import { numberFormat } from "../../../shared/i18n/format.js";

/**
 * Home's view of the person's teams (issue 43 §2): this month's acts, the
 * rank, and the challenge's progress, celebrated once reached. Nothing for
 * someone in no team (the profile offers teams).
 */
export function MyTeamsProgress() {
  const { t, i18n } = useTranslation();
  const teams = useMyTeams();
  const mine = TEAM_KINDS.flatMap((kind) => (teams.data?.[kind] ? [teams.data[kind]] : []));
  if (mine.length === 0) return null;
  const number = numberFormat(i18n.language);
  return (
    <Card aria-labelledby="home-teams-heading">
      <h3 id="home-teams-heading" className="text-lg font-bold">
        {t("teams.homeTitle")}
      </h3>
      <ul className="mt-2 space-y-4">
        {mine.map((team) => {
          const words = team.challenge
            ? t("teamPage.challengeProgress", {
                acts: number.format(team.challenge.acts),
                goal: number.format(team.challenge.goal),
                count: team.challenge.goal,
                target: number.format(team.challenge.target),
              })
            : null;
          return (
            <li key={team.id}>
              <Link to={`/teams/${team.id}`} className="font-semibold text-slate-900 underline decoration-rose-300 underline-offset-2">
                {team.name}
              </Link>
              <p className="text-sm text-slate-700">
                {t(`teams.kinds.${team.kind}`)} ·{" "}
                {t("teams.monthActs", { count: team.monthActs, formatted: number.format(team.monthActs) })}
                {team.rank !== null && <> · {t("teams.rank", { rank: number.format(team.rank) })}</>}
              </p>
              {team.challenge && words && (
                <div className="mt-2 space-y-1">
                  <ProgressBar
                    value={team.challenge.acts}
                    max={team.challenge.goal}
                    label={t("teamPage.challenge")}
                    valueText={words}
                    thin
                  />
                  <p className="text-sm text-slate-700">{words}</p>
                  {team.challenge.reached && (
                    <p className="flex items-center gap-2 text-sm font-semibold text-emerald-800">
                      <PartyPopper size={16} aria-hidden />
                      {t("teamPage.challengeReached")}
                    </p>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
