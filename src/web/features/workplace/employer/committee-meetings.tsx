import { CalendarPlus } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { newYorkDay } from "../../../../shared/acts/new-york-time.js";
import {
  DEFAULT_MEETING_MINUTES,
  MEETING_MINUTES,
  meetingInputSchema,
  type CommitteeAdmin,
  type MeetingInput,
} from "../../../../shared/schemas/compliance.js";
import { Button } from "../../../components/ui/button.js";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.js";
import { Dialog } from "../../../components/ui/dialog.js";
import { SelectField, TextAreaField, TextField } from "../../../components/ui/field.js";
import { showApiError } from "../../../lib/api-errors.js";
import { deviceTimeZone } from "../../../lib/device-time-zone.js";
import { formatDay, formatTimeOfDay } from "../../../lib/format-day.js";
import { useFieldError } from "../../../lib/use-field-error.js";
import { zodResolver } from "../../../lib/zod-resolver.js";
import { meetingCalendarUrl, useCancelMeeting, useEditMeeting, useRecordMeeting } from "./api/compliance.js";

type Meeting = CommitteeAdmin["meetings"][number];

/** Every zone this browser names, with the chosen one whatever it is (a zone saved from another device). */
function zoneOptions(chosen: string) {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return (zones.includes(chosen) ? zones : [chosen, ...zones]).map((zone) => ({ value: zone, label: zone.replaceAll("_", " ") }));
}

const FIELDS = ["title", "date", "time", "durationMinutes", "location", "timeZone", "keyDecisions"] as const;

/** A meeting's facts: a new one (recorded or scheduled) or one being changed. */
function MeetingForm({ organizationId, meeting, onDone }: { organizationId: string; meeting: Meeting | null; onDone: () => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const record = useRecordMeeting(organizationId);
  const edit = useEditMeeting(organizationId);
  const empty: Required<MeetingInput> = {
    title: "",
    date: newYorkDay(new Date()),
    time: "",
    durationMinutes: DEFAULT_MEETING_MINUTES,
    location: "",
    // Where a new meeting is placed unless another zone is chosen.
    timeZone: deviceTimeZone(),
    keyDecisions: "",
  };
  const { register, handleSubmit, formState, setError, reset, watch } = useForm({
    resolver: zodResolver(meetingInputSchema),
    defaultValues: meeting
      ? {
          title: meeting.title,
          date: meeting.date,
          time: meeting.time ?? "",
          durationMinutes: meeting.durationMinutes,
          location: meeting.location,
          timeZone: meeting.timeZone,
          keyDecisions: meeting.keyDecisions,
        }
      : empty,
  });
  const submit = handleSubmit(async (input) => {
    try {
      if (meeting) await edit.mutateAsync({ meetingId: meeting.id, meeting: input });
      else await record.mutateAsync(input);
      toast.success(t(meeting ? "employer.committee.meetingSaved" : "employer.committee.meetingRecorded"));
      if (!meeting) reset(empty);
      onDone();
    } catch (error) {
      showApiError(error, { form: { setError, fields: [...FIELDS] } });
    }
  });
  const busy = record.isPending || edit.isPending;
  const lengths = MEETING_MINUTES.includes(watch("durationMinutes") as (typeof MEETING_MINUTES)[number])
    ? MEETING_MINUTES
    : [...MEETING_MINUTES, watch("durationMinutes")];
  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
      <TextField label={t("employer.committee.meetingTitle")} error={fieldError(formState.errors.title)} {...register("title")} />
      <TextField label={t("employer.committee.meetingDate")} type="date" error={fieldError(formState.errors.date)} {...register("date")} />
      <TextField
        label={t("employer.committee.meetingTime")}
        type="time"
        hint={t("employer.committee.meetingTimeHint")}
        error={fieldError(formState.errors.time)}
        {...register("time")}
      />
      <SelectField
        label={t("employer.committee.duration")}
        options={lengths.map((minutes) => ({ value: String(minutes), label: t("employer.committee.durationMinutes", { count: minutes }) }))}
        error={fieldError(formState.errors.durationMinutes)}
        {...register("durationMinutes", { valueAsNumber: true })}
      />
      <TextField label={t("employer.committee.location")} error={fieldError(formState.errors.location)} {...register("location")} />
      <SelectField
        label={t("employer.committee.timeZone")}
        options={zoneOptions(watch("timeZone") ?? deviceTimeZone())}
        error={fieldError(formState.errors.timeZone)}
        {...register("timeZone")}
      />
      <div className="sm:col-span-2">
        <TextAreaField
          label={t("employer.committee.keyDecisions")}
          rows={4}
          error={fieldError(formState.errors.keyDecisions)}
          {...register("keyDecisions")}
        />
        <p className="mt-1 text-xs text-slate-600">{t("employer.committee.keyDecisionsHint")}</p>
      </div>
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? t("employer.saving") : t(meeting ? "employer.committee.saveMeeting" : "employer.committee.recordMeeting")}
        </Button>
      </div>
    </form>
  );
}

/** When a meeting is: its day, and its time in its own zone when it has one. */
function MeetingWhen({ meeting }: { meeting: Meeting }) {
  const { t, i18n } = useTranslation();
  const day = formatDay(meeting.date, i18n.language, "medium");
  if (!meeting.time) return day;
  return t("employer.committee.meetingWhen", {
    day,
    time: formatTimeOfDay(meeting.time, i18n.language),
    zone: meeting.timeZone.replaceAll("_", " "),
  });
}

/** The committee's meetings: record or schedule one, change it, cancel it, add it to a calendar. */
export function CommitteeMeetings({ organizationId, meetings }: { organizationId: string; meetings: Meeting[] }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Meeting | null>(null);
  const [cancelling, setCancelling] = useState<Meeting | null>(null);
  const cancel = useCancelMeeting(organizationId);
  const confirmCancel = async () => {
    if (!cancelling) return;
    try {
      await cancel.mutateAsync(cancelling.id);
      toast.success(t("employer.committee.meetingCancelled"));
      setCancelling(null);
    } catch (error) {
      showApiError(error);
    }
  };
  return (
    <div className="space-y-4">
      <MeetingForm organizationId={organizationId} meeting={null} onDone={() => undefined} />
      {meetings.length === 0 ? (
        <p className="text-sm text-slate-700">{t("workplace.committee.noMeetings")}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {meetings.map((meeting) => (
            <li key={meeting.id} className="space-y-1 py-3">
              <p className="font-semibold">
                <span className={meeting.cancelledAt ? "line-through" : undefined}>{meeting.title}</span>{" "}
                {meeting.cancelledAt && (
                  <span className="rounded bg-slate-200 px-1.5 py-0.5 text-xs font-semibold text-slate-800">
                    {t("employer.committee.cancelled")}
                  </span>
                )}
              </p>
              <p className="text-sm text-slate-700">
                <MeetingWhen meeting={meeting} />
                {meeting.time && ` · ${t("employer.committee.durationMinutes", { count: meeting.durationMinutes })}`}
                {meeting.location && ` · ${meeting.location}`}
              </p>
              {meeting.keyDecisions && <p className="whitespace-pre-line text-sm text-slate-800">{meeting.keyDecisions}</p>}
              <div className="flex flex-wrap gap-2 pt-1">
                <a
                  href={meetingCalendarUrl(organizationId, meeting.id)}
                  download
                  className="inline-flex min-h-11 items-center gap-1 rounded-lg px-2 text-sm font-semibold text-brand underline"
                >
                  <CalendarPlus aria-hidden="true" className="size-4" />
                  {t("employer.committee.addToCalendar", { title: meeting.title })}
                </a>
                {!meeting.cancelledAt && (
                  <>
                    <Button variant="secondary" onClick={() => setEditing(meeting)}>
                      {t("employer.committee.editMeeting", { title: meeting.title })}
                    </Button>
                    <Button variant="ghost" onClick={() => setCancelling(meeting)}>
                      {t("employer.committee.cancelMeeting", { title: meeting.title })}
                    </Button>
                  </>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} title={t("employer.committee.editMeetingTitle")}>
        {editing && <MeetingForm organizationId={organizationId} meeting={editing} onDone={() => setEditing(null)} />}
      </Dialog>
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => !open && setCancelling(null)}
        title={t("employer.committee.cancelMeetingTitle")}
        description={t("employer.committee.cancelMeetingText")}
        confirmLabel={t("employer.committee.confirmCancel")}
        dismissLabel={t("employer.committee.keepMeeting")}
        onConfirm={() => void confirmCancel()}
        busy={cancel.isPending}
      />
    </div>
  );
}
