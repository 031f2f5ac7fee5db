import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../lib/i18n.js";
import { ButtonLink } from "../../components/ui/button.js";
import { Card, LoadingState } from "../../components/ui/card.js";
import { useChallenges } from "./api/workplace.js";
import { LoadFailed } from "../../components/ui/load-failed.js";
import { ProgressBar } from "../../components/ui/progress-bar.js";
import { numberFormat } from "../../../shared/i18n/format.js";

/** My scans this month toward 15, and the team's toward 15 each, from real acts. */
export function ChallengesTab() {
  const { t } = useTranslation();
  const challenges = useChallenges();
  if (challenges.isPending) return <LoadingState label={t("workplace.loading")} />;
  if (challenges.isError) return <LoadFailed onRetry={() => void challenges.refetch()} />;
  const { personal, target, team } = challenges.data;
  const average = numberFormat(currentLanguage()).format(team.averagePerPerson);
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-bold">{t("workplace.challenges.title")}</h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <Card className="space-y-2">
          <h3 className="font-semibold">{t("workplace.challenges.personal")}</h3>
          <p className="text-2xl font-bold">{t("workplace.challenges.personalProgress", { count: personal, target })}</p>
          <ProgressBar value={personal} max={target} label={t("workplace.challenges.personal")} />
          {personal >= target && <p className="text-sm font-semibold text-emerald-700">{t("workplace.challenges.personalDone")}</p>}
        </Card>
        <Card className="space-y-2">
          <h3 className="font-semibold">{t("workplace.challenges.team")}</h3>
          <p className="text-lg font-bold">{t("workplace.challenges.teamProgress", { total: team.total, goal: team.goal, average })}</p>
          <ProgressBar value={team.total} max={team.goal} label={t("workplace.challenges.team")} />
          <p className="text-sm text-slate-700">{t("workplace.challenges.teamMembers", { count: team.members, target })}</p>
        </Card>
      </div>
      <Card className="space-y-2">
        <h3 className="font-semibold">{t("workplace.challenges.takeAction")}</h3>
        <p className="text-slate-700">{t("workplace.challenges.takeActionText")}</p>
        <ButtonLink to="/scan">{t("workplace.challenges.scan")}</ButtonLink>
      </Card>
      <Card className="space-y-1">
        <h3 className="font-semibold">{t("workplace.challenges.reminder")}</h3>
        <p className="text-slate-700">{t("workplace.challenges.reminderText")}</p>
      </Card>
    </div>
  );
}
