import { FileText } from "lucide-react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "../../components/ui/button.js";
import { Card, LoadingState } from "../../components/ui/card.js";
import { usePolicies, useQuizzes } from "./api/workplace.js";
import { formatDay, formatFileSize } from "../../lib/format-day.js";
import { LoadFailed } from "../../components/ui/load-failed.js";
import { QuizCard } from "./quiz-card.js";

/** The employer's policy PDFs, then the policy quiz and the harassment-prevention quiz. */
export function PoliciesTab() {
  const { t, i18n } = useTranslation();
  const policies = usePolicies();
  const quizzes = useQuizzes();
  return (
    <div className="space-y-4">
      <Card className="space-y-3">
        <h2 className="text-xl font-bold">{t("workplace.policies.title")}</h2>
        {policies.isPending && <LoadingState label={t("workplace.loading")} />}
        {policies.isError && <LoadFailed onRetry={() => void policies.refetch()} />}
        {policies.data?.policies.length === 0 && <p className="text-slate-700">{t("workplace.policies.none")}</p>}
        {policies.data && policies.data.policies.length > 0 && (
          <>
            <ul className="divide-y divide-slate-100">
              {policies.data.policies.map((policy) => (
                <li key={policy.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <div className="flex items-center gap-2">
                    <FileText size={18} className="text-brand" aria-hidden />
                    <div>
                      <p className="font-semibold">{policy.fileName}</p>
                      <p className="text-xs text-slate-600">
                        {t("workplace.policies.added", {
                          date: formatDay(policy.uploadedAt, i18n.language),
                          size: formatFileSize(policy.size, i18n.language),
                        })}
                      </p>
                    </div>
                  </div>
                  <a className={buttonClass("secondary")} href={policy.url} target="_blank" rel="noopener noreferrer">
                    {t("workplace.policies.view")}
                    <span className="sr-only">: {policy.fileName}</span>
                  </a>
                </li>
              ))}
            </ul>
            <p className="text-xs text-slate-600">{t("workplace.policies.linkNote")}</p>
          </>
        )}
      </Card>
      {quizzes.isPending && <LoadingState label={t("workplace.loading")} />}
      {quizzes.isError && <LoadFailed onRetry={() => void quizzes.refetch()} />}
      {quizzes.data?.quizzes.map((quiz) => (
        <QuizCard key={quiz.id} quizId={quiz.id} state={quiz} />
      ))}
    </div>
  );
}
