import { Tabs } from "radix-ui";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import {
  endTermInputSchema,
  feedbackReplyInputSchema,
  memberInputSchema,
  type CommitteeAdmin,
  type MemberInput,
} from "../../../../shared/schemas/compliance.js";
import { COMMITTEE_ROLES, FEEDBACK_STATUSES } from "../../../../shared/schemas/workplace.js";
import { Button } from "../../../components/ui/button.js";
import { Card } from "../../../components/ui/card.js";
import { Dialog } from "../../../components/ui/dialog.js";
import { SelectField, TextAreaField, TextField } from "../../../components/ui/field.js";
import { StatTile } from "../../../components/ui/stat-tile.js";
import { showApiError } from "../../../lib/api-errors.js";
import { formatDay } from "../../../lib/format-day.js";
import { useFieldError } from "../../../lib/use-field-error.js";
import { zodResolver } from "../../../lib/zod-resolver.js";
import { useAddMember, useCommitteeAdmin, useEditMember, useEndTerm, useReplyToFeedback } from "./api/compliance.js";
import { QueryState } from "./query-state.js";
import { CalendarLinkDialog } from "./calendar-link-dialog.js";
import { CommitteeMeetings } from "./committee-meetings.js";
import { newYorkDay } from "../../../../shared/acts/new-york-time.js";
import { SectionPanel } from "../../../components/ui/section-tabs.js";

const PARTS = ["overview", "members", "meetings", "decisions", "feedback"] as const;
type Member = CommitteeAdmin["members"][number];
type Feedback = CommitteeAdmin["feedback"][number];
const today = () => newYorkDay(new Date());

function Overview({ committee }: { committee: CommitteeAdmin }) {
  const { t, i18n } = useTranslation();
  const o = committee.overview;
  return (
    <dl className="grid gap-3 sm:grid-cols-3">
      <StatTile label={t("employer.committee.activeMembers")} value={o.activeMembers} />
      <StatTile label={t("employer.committee.meetingsYear")} value={o.meetingsLast12Months} />
      <StatTile
        label={t("employer.committee.lastMeeting")}
        value={o.lastMeetingOn ? formatDay(o.lastMeetingOn, i18n.language, "medium") : t("employer.committee.never")}
      />
      <StatTile label={t("employer.committee.decisionsCount")} value={o.decisions} />
      <StatTile
        label={t("employer.committee.feedbackCounts")}
        value={t("employer.committee.feedbackValue", {
          new: o.feedbackNew,
          inProgress: o.feedbackInProgress,
          reviewed: o.feedbackReviewed,
        })}
      />
      <StatTile
        label={t("employer.committee.actionsCounts")}
        value={t("employer.committee.actionsValue", { open: o.actionsOpen, completed: o.actionsCompleted })}
      />
    </dl>
  );
}

function MemberForm({ organizationId, member, onDone }: { organizationId: string; member: Member | null; onDone: () => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const add = useAddMember(organizationId);
  const edit = useEditMember(organizationId);
  const empty: MemberInput = { name: "", role: "worker_representative", electedDate: "", contactEmail: "", contactPhone: "" };
  const { register, handleSubmit, formState, setError, reset } = useForm({
    resolver: zodResolver(memberInputSchema),
    defaultValues: member
      ? {
          name: member.name,
          role: member.role,
          electedDate: member.electedOn,
          contactEmail: member.contactEmail,
          contactPhone: member.contactPhone,
        }
      : empty,
  });
  const submit = handleSubmit(async (input) => {
    try {
      if (member) await edit.mutateAsync({ memberId: member.id, member: input });
      else await add.mutateAsync(input);
      toast.success(t(member ? "employer.committee.memberSaved" : "employer.committee.memberAdded"));
      reset(empty);
      onDone();
    } catch (error) {
      showApiError(error, {
        form: { setError, fields: ["name", "role", "electedDate", "contactEmail", "contactPhone"] },
        fallback: member ? undefined : t("employer.committee.memberFailed"),
      });
    }
  });
  const busy = add.isPending || edit.isPending;
  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
      <TextField label={t("employer.committee.fullName")} error={fieldError(formState.errors.name)} {...register("name")} />
      <SelectField
        label={t("employer.committee.role")}
        options={COMMITTEE_ROLES.map((role) => ({ value: role, label: t(`workplace.committee.roles.${role}`) }))}
        error={fieldError(formState.errors.role)}
        {...register("role")}
      />
      <TextField
        label={t("employer.committee.electedDate")}
        type="date"
        error={fieldError(formState.errors.electedDate)}
        {...register("electedDate")}
      />
      <TextField
        label={t("employer.committee.contactEmail")}
        type="email"
        error={fieldError(formState.errors.contactEmail)}
        {...register("contactEmail")}
      />
      <TextField
        label={t("employer.committee.contactPhone")}
        type="tel"
        error={fieldError(formState.errors.contactPhone)}
        {...register("contactPhone")}
      />
      <div className="self-end">
        <Button type="submit" disabled={busy}>
          {busy ? t("employer.saving") : t(member ? "employer.committee.saveMember" : "employer.committee.addMember")}
        </Button>
      </div>
    </form>
  );
}

function EndTermForm({ organizationId, member, onDone }: { organizationId: string; member: Member; onDone: () => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const endTerm = useEndTerm(organizationId);
  const { register, handleSubmit, formState, setError } = useForm({
    resolver: zodResolver(endTermInputSchema),
    defaultValues: { termEndDate: today() },
  });
  const submit = handleSubmit(async (input) => {
    try {
      await endTerm.mutateAsync({ memberId: member.id, termEndDate: input.termEndDate });
      toast.success(t("employer.committee.termEnded"));
      onDone();
    } catch (error) {
      showApiError(error, { form: { setError, fields: ["termEndDate"] } });
    }
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <TextField
        label={t("employer.committee.termEndDate")}
        type="date"
        error={fieldError(formState.errors.termEndDate)}
        {...register("termEndDate")}
      />
      <Button type="submit" variant="danger" disabled={endTerm.isPending}>
        {t("employer.committee.endTerm", { name: member.name })}
      </Button>
    </form>
  );
}

function Members({ organizationId, members }: { organizationId: string; members: Member[] }) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState<Member | null>(null);
  const [ending, setEnding] = useState<Member | null>(null);
  const [linking, setLinking] = useState<Member | null>(null);
  return (
    <div className="space-y-4">
      <MemberForm organizationId={organizationId} member={null} onDone={() => undefined} />
      {members.length === 0 ? (
        <p className="text-sm text-slate-700">{t("employer.committee.noMembers")}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {members.map((member) => (
            <li key={member.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div>
                <p className="font-semibold">
                  {member.name} <span className="font-normal text-slate-700">· {t(`workplace.committee.roles.${member.role}`)}</span>
                </p>
                <p className="text-sm text-slate-600">
                  {t("workplace.committee.electedOn", { date: formatDay(member.electedOn, i18n.language, "medium") })}
                  {member.termEndOn &&
                    ` · ${t("employer.committee.termEndsOn", { date: formatDay(member.termEndOn, i18n.language, "medium") })}`}
                  {!member.active && ` · ${t("employer.committee.former")}`}
                  {member.contactEmail && ` · ${member.contactEmail}`}
                  {member.contactPhone && ` · ${member.contactPhone}`}
                  {member.calendarLinkSince && ` · ${t("employer.committee.calendarActive")}`}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button variant="secondary" onClick={() => setEditing(member)}>
                  {t("employer.committee.editMember", { name: member.name })}
                </Button>
                {member.active && (
                  <Button variant="secondary" onClick={() => setLinking(member)}>
                    {t("employer.committee.calendarLink", { name: member.name })}
                  </Button>
                )}
                {member.active && (
                  <Button variant="ghost" onClick={() => setEnding(member)}>
                    {t("employer.committee.endTerm", { name: member.name })}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} title={t("employer.committee.editTitle")}>
        {editing && <MemberForm organizationId={organizationId} member={editing} onDone={() => setEditing(null)} />}
      </Dialog>
      {linking && <CalendarLinkDialog organizationId={organizationId} member={linking} onClose={() => setLinking(null)} />}
      <Dialog
        open={ending !== null}
        onOpenChange={(open) => !open && setEnding(null)}
        title={t("employer.committee.endTermTitle")}
        description={t("employer.committee.endTermText")}
      >
        {ending && <EndTermForm organizationId={organizationId} member={ending} onDone={() => setEnding(null)} />}
      </Dialog>
    </div>
  );
}

function Decisions({ decisions }: { decisions: CommitteeAdmin["decisions"] }) {
  const { t, i18n } = useTranslation();
  if (decisions.length === 0) return <p className="text-sm text-slate-700">{t("employer.committee.noDecisions")}</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {decisions.map((decision, index) => (
        <li key={`${decision.meetingId}-${index}`} className="py-2">
          <p>{decision.decision}</p>
          <p className="text-sm text-slate-600">
            {decision.meetingTitle} · {formatDay(decision.date, i18n.language, "medium")}
          </p>
        </li>
      ))}
    </ul>
  );
}

function FeedbackReply({ organizationId, feedback }: { organizationId: string; feedback: Feedback }) {
  const { t, i18n } = useTranslation();
  const fieldError = useFieldError();
  const reply = useReplyToFeedback(organizationId);
  const { register, handleSubmit, formState, setError } = useForm({
    resolver: zodResolver(feedbackReplyInputSchema),
    defaultValues: { status: feedback.status, response: feedback.response ?? "" },
  });
  const submit = handleSubmit(async (input) => {
    try {
      await reply.mutateAsync({ feedbackId: feedback.id, reply: input });
      toast.success(t("employer.committee.replySaved"));
    } catch (error) {
      showApiError(error, { form: { setError, fields: ["status", "response"] } });
    }
  });
  return (
    <li className="space-y-2 rounded-xl border border-slate-200 p-3">
      <div>
        <h4 className="font-semibold">{feedback.subject}</h4>
        <p className="text-sm text-slate-600">
          {t(`workplace.committee.feedback.categories.${feedback.category}`)} ·{" "}
          {feedback.anonymous || !feedback.author ? t("employer.committee.anonymous") : feedback.author} ·{" "}
          {formatDay(feedback.createdAt, i18n.language, "medium")}
        </p>
      </div>
      <p className="whitespace-pre-line text-sm text-slate-800">{feedback.message}</p>
      <form onSubmit={submit} noValidate className="grid gap-2 sm:grid-cols-[12rem_1fr]">
        <SelectField
          label={t("employer.committee.feedbackStatus")}
          options={FEEDBACK_STATUSES.map((status) => ({ value: status, label: t(`workplace.committee.feedbackStatuses.${status}`) }))}
          {...register("status")}
        />
        <TextAreaField
          label={feedback.anonymous ? t("employer.committee.noteAnonymous") : t("employer.committee.reply")}
          rows={2}
          error={fieldError(formState.errors.response)}
          {...register("response")}
        />
        <div className="sm:col-span-2">
          <Button type="submit" variant="secondary" disabled={reply.isPending}>
            {t("employer.committee.saveReply", { subject: feedback.subject })}
          </Button>
        </div>
      </form>
    </li>
  );
}

/** The SST committee: overview, members, meetings, decisions and the feedback inbox. */
export function CommitteeSection({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const committee = useCommitteeAdmin(organizationId);
  const [part, setPart] = useState<(typeof PARTS)[number]>("overview");
  return (
    <Card>
      <h3 className="mb-3 font-bold">{t("workplace.committee.title")}</h3>
      <QueryState query={committee}>
        {(data) => (
          <Tabs.Root value={part} onValueChange={(value) => setPart(value as (typeof PARTS)[number])}>
            <Tabs.List aria-label={t("workplace.committee.title")} className="flex flex-wrap gap-1 border-b border-slate-200">
              {PARTS.map((name) => (
                <Tabs.Trigger
                  key={name}
                  value={name}
                  className="min-h-11 border-b-2 border-transparent px-3 text-sm font-semibold text-slate-700 data-[state=active]:border-brand data-[state=active]:text-brand"
                >
                  {t(`employer.committee.parts.${name}`)}
                  {name === "feedback" && data.overview.feedbackNew > 0 && ` (${data.overview.feedbackNew})`}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <div className="pt-4">
              <SectionPanel value="overview">
                <Overview committee={data} />
              </SectionPanel>
              <SectionPanel value="members">
                <Members organizationId={organizationId} members={data.members} />
              </SectionPanel>
              <SectionPanel value="meetings">
                <CommitteeMeetings organizationId={organizationId} meetings={data.meetings} />
              </SectionPanel>
              <SectionPanel value="decisions">
                <Decisions decisions={data.decisions} />
              </SectionPanel>
              <SectionPanel value="feedback">
                {data.feedback.length === 0 ? (
                  <p className="text-sm text-slate-700">{t("employer.committee.noFeedback")}</p>
                ) : (
                  <ul className="space-y-3">
                    {data.feedback.map((feedback) => (
                      <FeedbackReply key={feedback.id} organizationId={organizationId} feedback={feedback} />
                    ))}
                  </ul>
                )}
              </SectionPanel>
            </div>
          </Tabs.Root>
        )}
      </QueryState>
    </Card>
  );
}
