import { useTranslation } from "react-i18next";
import { Card, LoadingState } from "../../components/ui/card.js";
import { useCommittee } from "./api/workplace.js";
import { FeedbackForm } from "./feedback-form.js";
import { formatDay } from "../../lib/format-day.js";
import { LoadFailed } from "../../components/ui/load-failed.js";

const STATUS_CLASS = {
  pending: "bg-yellow-100 text-yellow-900",
  in_progress: "bg-sky-100 text-sky-900",
  completed: "bg-emerald-100 text-emerald-900",
} as const;

/** The health-and-safety committee: members, meetings, initiatives, and feedback with the replies to mine. */
export function CommitteeTab() {
  const { t, i18n } = useTranslation();
  const committee = useCommittee();
  if (committee.isPending) return <LoadingState label={t("workplace.loading")} />;
  if (committee.isError) return <LoadFailed onRetry={() => void committee.refetch()} />;
  const { members, meetings, initiatives, myFeedback } = committee.data;
  const day = (value: string) => formatDay(value, i18n.language);
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-bold">{t("workplace.committee.title")}</h2>
      <Card className="space-y-2">
        <h3 className="font-semibold">{t("workplace.committee.members")}</h3>
        {members.length === 0 ? (
          <p className="text-slate-700">{t("workplace.committee.noMembers")}</p>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2">
            {members.map((member) => (
              <li key={member.id} className="rounded-lg border border-slate-200 p-3">
                <p className="font-semibold">{member.name}</p>
                <p className="text-sm text-slate-700">{t(`workplace.committee.roles.${member.role}`)}</p>
                <p className="text-xs text-slate-600">{t("workplace.committee.electedOn", { date: day(member.electedOn) })}</p>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card className="space-y-2">
        <h3 className="font-semibold">{t("workplace.committee.meetings")}</h3>
        {meetings.length === 0 ? (
          <p className="text-slate-700">{t("workplace.committee.noMeetings")}</p>
        ) : (
          <ul className="space-y-2">
            {meetings.map((meeting) => (
              <li key={meeting.id} className="rounded-lg border border-slate-200 p-3">
                <p className="font-semibold">
                  {meeting.title} · <span className="font-normal text-slate-700">{day(meeting.date)}</span>
                </p>
                {meeting.keyDecisions && (
                  <p className="mt-1 whitespace-pre-wrap text-sm">
                    <span className="block font-semibold">{t("workplace.committee.keyDecisions")}</span>
                    {meeting.keyDecisions}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card className="space-y-2">
        <h3 className="font-semibold">{t("workplace.committee.initiatives")}</h3>
        {initiatives.length === 0 ? (
          <p className="text-slate-700">{t("workplace.committee.noInitiatives")}</p>
        ) : (
          <ul className="space-y-2">
            {initiatives.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-3">
                <span className="font-semibold">{item.title}</span>
                <span className="flex flex-wrap gap-2 text-xs">
                  <span className={`rounded-full px-2 py-0.5 font-semibold ${STATUS_CLASS[item.status]}`}>
                    {t(`workplace.committee.statuses.${item.status}`)}
                  </span>
                  <span className="rounded-full bg-slate-100 px-2 py-0.5">{t(`workplace.committee.priorities.${item.priority}`)}</span>
                  <span>{item.dueOn ? t("workplace.committee.due", { date: day(item.dueOn) }) : t("workplace.committee.noDue")}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card className="space-y-3">
        <FeedbackForm />
        {myFeedback.length > 0 && (
          <section className="space-y-2" aria-labelledby="my-feedback">
            <h3 id="my-feedback" className="font-semibold">
              {t("workplace.committee.myFeedback")}
            </h3>
            <ul className="space-y-2">
              {myFeedback.map((item) => (
                <li key={item.id} className="rounded-lg border border-slate-200 p-3 text-sm">
                  <p className="font-semibold">
                    {item.subject} · {t(`workplace.committee.feedbackStatuses.${item.status}`)}
                  </p>
                  <p className="text-xs text-slate-600">{t("workplace.committee.sentOn", { date: day(item.createdAt) })}</p>
                  <p className="mt-1">
                    <span className="block font-semibold">{t("workplace.committee.reply")}</span>
                    {item.response ?? t("workplace.committee.noReply")}
                  </p>
                </li>
              ))}
            </ul>
          </section>
        )}
      </Card>
    </div>
  );
}
