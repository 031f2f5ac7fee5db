import { ClipboardList, GraduationCap, HeartHandshake } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { TRAINING_MODULE_IDS, isModuleUnlocked, type TrainingModuleId } from "../../../shared/workplace/learning.js";
import { Button } from "../../components/ui/button.js";
import { Card } from "../../components/ui/card.js";
import { ProgressBar } from "../../components/ui/progress-bar.js";
import { formatDay } from "../../lib/format-day.js";
import { useChallenges, useSurveyState, useTraining } from "./api/workplace.js";
import { moduleContent } from "./learning-content.js";
import { YouSaidWeDid } from "./you-said-we-did.js";

function TodayCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  const id = `today-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <Card className="flex flex-col gap-2" aria-labelledby={id}>
      <h3 id={id} className="flex items-center gap-2 font-bold">
        {icon}
        {title}
      </h3>
      {children}
    </Card>
  );
}

/** The open survey first: answer it while it is open; otherwise when the next one opens. */
function SurveyToDo({ onOpen }: { onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  const state = useSurveyState();
  let body: ReactNode = <p className="text-sm text-slate-600">{t("workplace.loading")}</p>;
  if (state.isError) body = <p className="text-sm text-slate-700">{t("workplace.today.loadFailed")}</p>;
  else if (state.data) {
    const { survey, schedule } = state.data;
    if (survey && !survey.answered) {
      body = (
        <>
          <p className="font-semibold">{t("workplace.today.surveyOpen", { date: formatDay(survey.periodEnd, i18n.language) })}</p>
          <p className="text-sm text-slate-700">{t("workplace.today.surveyOpenText")}</p>
          <Button className="mt-auto w-fit" onClick={onOpen}>
            {t("workplace.today.answerSurvey")}
          </Button>
        </>
      );
    } else if (survey) body = <p>{t("workplace.today.surveyAnswered")}</p>;
    else if (schedule[0]) body = <p>{t("workplace.today.noSurvey", { date: formatDay(schedule[0].opens, i18n.language) })}</p>;
    else body = <p>{t("workplace.today.noSurveyPlanned")}</p>;
  }
  return (
    <TodayCard icon={<ClipboardList size={18} className="text-brand" aria-hidden />} title={t("workplace.today.survey")}>
      {body}
    </TodayCard>
  );
}

/** Training progress and the module to take next. */
function TrainingToDo({ onOpen }: { onOpen: (module: TrainingModuleId | null) => void }) {
  const { t } = useTranslation();
  const training = useTraining();
  let body: ReactNode = <p className="text-sm text-slate-600">{t("workplace.loading")}</p>;
  if (training.isError) body = <p className="text-sm text-slate-700">{t("workplace.today.loadFailed")}</p>;
  else if (training.data) {
    const passed = new Set(training.data.modules.filter((m) => m.state === "completed").map((m) => m.id));
    const next = TRAINING_MODULE_IDS.find((id) => !passed.has(id) && isModuleUnlocked(id, passed)) ?? null;
    const progress = t("workplace.today.trainingProgress", { count: passed.size, total: TRAINING_MODULE_IDS.length });
    body = (
      <>
        <p>{progress}</p>
        <ProgressBar
          thin
          value={passed.size}
          max={TRAINING_MODULE_IDS.length}
          label={progress}
          valueText={t("workplace.challenges.progressLabel", { value: passed.size, max: TRAINING_MODULE_IDS.length })}
        />
        {next ? (
          <Button className="mt-auto w-fit" onClick={() => onOpen(next)}>
            {t("workplace.today.continue", { title: moduleContent(t, next).title })}
          </Button>
        ) : (
          <>
            <p className="text-sm text-slate-700">{t("workplace.today.trainingDone")}</p>
            <Button variant="secondary" className="mt-auto w-fit" onClick={() => onOpen(null)}>
              {t("workplace.today.openTraining")}
            </Button>
          </>
        )}
      </>
    );
  }
  return (
    <TodayCard icon={<GraduationCap size={18} className="text-brand" aria-hidden />} title={t("workplace.today.training")}>
      {body}
    </TodayCard>
  );
}

/** This month's personal challenge. */
function ChallengeToDo({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  const challenges = useChallenges();
  let body: ReactNode = <p className="text-sm text-slate-600">{t("workplace.loading")}</p>;
  if (challenges.isError) body = <p className="text-sm text-slate-700">{t("workplace.today.loadFailed")}</p>;
  else if (challenges.data) {
    const { personal, target } = challenges.data;
    const progress = t("workplace.challenges.personalProgress", { count: personal, target });
    body = (
      <>
        <p>{personal >= target ? t("workplace.challenges.personalDone") : progress}</p>
        <ProgressBar
          thin
          value={personal}
          max={target}
          label={progress}
          valueText={t("workplace.challenges.progressLabel", { value: personal, max: target })}
        />
        <Button variant="secondary" className="mt-auto w-fit" onClick={onOpen}>
          {t("workplace.today.seeChallenges")}
        </Button>
      </>
    );
  }
  return (
    <TodayCard icon={<HeartHandshake size={18} className="text-brand" aria-hidden />} title={t("workplace.today.challenge")}>
      {body}
    </TodayCard>
  );
}

/**
 * What the area opens on, in order: the survey to answer, the training's
 * next module, this month's challenge; the reference tabs come after.
 */
export function WorkplaceToday({
  openTab,
}: {
  openTab: (tab: "surveys" | "training" | "challenges", module?: TrainingModuleId | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="workplace-today" className="mb-6 space-y-3">
      <h2 id="workplace-today" className="text-xl font-bold">
        {t("workplace.today.title")}
      </h2>
      <div className="grid gap-3 md:grid-cols-3">
        <SurveyToDo onOpen={() => openTab("surveys")} />
        <TrainingToDo onOpen={(module) => openTab("training", module)} />
        <ChallengeToDo onOpen={() => openTab("challenges")} />
      </div>
      <YouSaidWeDid />
    </section>
  );
}
