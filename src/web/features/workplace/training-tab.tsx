import { CheckCircle2, Lock } from "lucide-react";
import { useTranslation } from "react-i18next";
import { isModuleUnlocked, MODULE_MINUTES, TRAINING_MODULE_IDS, type TrainingModuleId } from "../../../shared/workplace/learning.js";
import { buttonClass } from "../../components/ui/button.js";
import { Card, LoadingState } from "../../components/ui/card.js";
import { certificateUrl, useTraining } from "./api/workplace.js";
import { RenewalNote } from "./renewal-note.js";
import { formatDay } from "../../lib/format-day.js";
import { moduleContent } from "./learning-content.js";
import { LoadFailed } from "../../components/ui/load-failed.js";
import { TrainingModule } from "./training-module.js";
import { CertificateDownload } from "./legal-name.js";

const STATE_CLASS = {
  not_started: "bg-slate-100 text-slate-800",
  in_progress: "bg-amber-100 text-amber-900",
  completed: "bg-emerald-100 text-emerald-900",
} as const;

/**
 * Five modules in order (a locked one dimmed and not clickable), then the
 * certificate. The open module is in the address, so the area's "continue"
 * card can open it.
 */
export function TrainingTab({ open, onOpen }: { open: TrainingModuleId | null; onOpen: (module: TrainingModuleId | null) => void }) {
  const { t, i18n } = useTranslation();
  const training = useTraining();
  const setOpen = onOpen;
  if (training.isPending) return <LoadingState label={t("workplace.loading")} />;
  if (training.isError) return <LoadFailed onRetry={() => void training.refetch()} />;
  const { modules, certificate } = training.data;
  const passed = new Set(modules.filter((m) => m.state === "completed").map((m) => m.id));

  if (open) {
    const progress = modules.find((m) => m.id === open)!;
    const next = TRAINING_MODULE_IDS[TRAINING_MODULE_IDS.indexOf(open) + 1] ?? null;
    return (
      // A key per module: opening the next one starts it at its reading, not at this one's result.
      <TrainingModule
        key={open}
        moduleId={open}
        completed={progress.state === "completed"}
        next={next}
        onOpen={setOpen}
        onClose={() => setOpen(null)}
      />
    );
  }
  return (
    <div className="space-y-4">
      <Card className="space-y-1">
        <h2 className="text-xl font-bold">{t("workplace.training.title")}</h2>
        <p className="text-slate-700">{t("workplace.training.intro")}</p>
      </Card>
      <ol className="grid gap-3 sm:grid-cols-2">
        {modules.map((module, index) => {
          const unlocked = isModuleUnlocked(module.id, passed);
          const { title } = moduleContent(t, module.id);
          return (
            <li key={module.id}>
              <Card
                className={`flex h-full flex-col gap-2 ${unlocked ? "" : "!border-slate-200 !bg-slate-100"}`}
                aria-disabled={unlocked ? undefined : true}
              >
                <p className="text-xs font-semibold text-slate-600">
                  {index + 1} / {TRAINING_MODULE_IDS.length} · {t("workplace.training.readingTime", { minutes: MODULE_MINUTES })}
                </p>
                <h3 className="font-semibold">{title}</h3>
                <span className={`w-fit rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_CLASS[module.state]}`}>
                  {t(`workplace.training.states.${module.state}`)}
                </span>
                {module.completedAt && (
                  <p className="text-xs text-slate-600">
                    {t("workplace.training.completedOn", { date: formatDay(module.completedAt, i18n.language) })}
                  </p>
                )}
                <div className="mt-auto">
                  {unlocked ? (
                    <button
                      type="button"
                      className={buttonClass(module.state === "completed" ? "secondary" : "primary")}
                      // The visible words first, then which module (several buttons read the same).
                      aria-label={t("common.labelled", {
                        label: module.state === "completed" ? t("workplace.training.reviewCompleted") : t("workplace.training.open"),
                        value: title,
                      })}
                      onClick={() => setOpen(module.id)}
                    >
                      {module.state === "completed" ? <CheckCircle2 size={16} aria-hidden /> : null}
                      {module.state === "completed" ? t("workplace.training.reviewCompleted") : t("workplace.training.open")}
                    </button>
                  ) : (
                    <p className="flex items-center gap-2 text-sm text-slate-700">
                      <Lock size={16} aria-hidden /> {t("workplace.training.locked")}
                    </p>
                  )}
                </div>
              </Card>
            </li>
          );
        })}
      </ol>
      <Card className="space-y-2" aria-labelledby="training-certificate">
        <h3 id="training-certificate" className="text-lg font-bold">
          {t("workplace.training.certificate.title")}
        </h3>
        {certificate ? (
          <>
            <p>
              {t("workplace.training.certificate.earned", {
                name: certificate.holder,
                date: formatDay(certificate.completedAt, i18n.language),
                employer: certificate.employerName,
              })}
            </p>
            <p className="font-mono text-sm">{t("workplace.quiz.verificationCode", { code: certificate.code })}</p>
            <CertificateDownload href={certificateUrl("training")} label={t("workplace.quiz.downloadCertificate")} />
            {/* Renewing is taking the modules again, in order, from the first. */}
            <RenewalNote validity={certificate} onRenew={() => setOpen(TRAINING_MODULE_IDS[0])} />
          </>
        ) : (
          <p className="flex items-center gap-2 text-slate-700">
            <Lock size={16} aria-hidden /> {t("workplace.training.certificate.locked", { count: passed.size })}
          </p>
        )}
      </Card>
    </div>
  );
}
