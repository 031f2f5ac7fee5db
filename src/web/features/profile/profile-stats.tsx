import { useTranslation } from "react-i18next";
import { LoadingState } from "../../components/ui/card.js";
import { useMyStats } from "./api/get-my-stats.js";
import { AchievementsCard, ActNumbers, MilestoneProgress, OrganizationCard, RarityCollection, StatsOverview } from "./my-stats-sections.js";
import { MyTeamsCard } from "../../components/teams/my-teams-card.js";

/** Everything the profile shows about the person's acts; loaded after the account card. */
export default function ProfileStats() {
  const { t } = useTranslation();
  const stats = useMyStats();
  if (stats.isPending) return <LoadingState label={t("common.loading")} />;
  if (stats.isError)
    return (
      <p role="alert" className="text-slate-700">
        {t("myStats.loadFailed")}
      </p>
    );
  return (
    <div className="grid gap-4">
      <StatsOverview stats={stats.data} />
      <MilestoneProgress stats={stats.data} />
      <ActNumbers stats={stats.data} />
      <RarityCollection stats={stats.data} />
      <AchievementsCard stats={stats.data} />
      <OrganizationCard stats={stats.data} />
      <MyTeamsCard />
    </div>
  );
}
