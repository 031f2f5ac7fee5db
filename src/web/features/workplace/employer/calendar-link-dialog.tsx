import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { CalendarLink, CommitteeAdmin } from "../../../../shared/schemas/compliance.js";
import { Button } from "../../../components/ui/button.js";
import { Dialog } from "../../../components/ui/dialog.js";
import { TextField } from "../../../components/ui/field.js";
import { showApiError } from "../../../lib/api-errors.js";
import { formatDay } from "../../../lib/format-day.js";
import { useCreateCalendarLink, useRevokeCalendarLink } from "./api/compliance.js";
import { useCopyToClipboard } from "../copy-to-clipboard.js";

type Member = CommitteeAdmin["members"][number];

/**
 * A committee member's calendar link (issue 47 §5): made, shown once (only
 * its hash is kept), replaced or revoked. The member's calendar application
 * subscribes to it and keeps every meeting and survey period up to date.
 */
export function CalendarLinkDialog({ organizationId, member, onClose }: { organizationId: string; member: Member; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const create = useCreateCalendarLink(organizationId);
  const revoke = useRevokeCalendarLink(organizationId);
  const [made, setMade] = useState<CalendarLink | null>(null);
  const make = async () => {
    try {
      setMade(await create.mutateAsync(member.id));
    } catch (error) {
      showApiError(error);
    }
  };
  const revokeLink = async () => {
    try {
      await revoke.mutateAsync(member.id);
      setMade(null);
      toast.success(t("employer.committee.calendarRevoked"));
      onClose();
    } catch (error) {
      showApiError(error);
    }
  };
  const copyToClipboard = useCopyToClipboard();
  const copy = (url: string) => copyToClipboard(url, t("employer.committee.calendarCopied"));
  const active = made !== null || member.calendarLinkSince !== null;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t("employer.committee.calendarTitle")}
      description={t("employer.committee.calendarIntro", { name: member.name })}
    >
      <div className="space-y-3">
        {made ? (
          <>
            <TextField
              label={t("employer.committee.calendarUrl")}
              value={made.url}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              hint={t("employer.committee.calendarShownOnce")}
            />
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => void copy(made.url)}>{t("employer.committee.calendarCopy")}</Button>
              <a
                href={made.subscribeUrl}
                className="inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-semibold text-brand underline"
              >
                {t("employer.committee.calendarSubscribe")}
              </a>
            </div>
          </>
        ) : (
          <p className="text-sm text-slate-700">
            {member.calendarLinkSince
              ? t("employer.committee.calendarSince", { date: formatDay(member.calendarLinkSince, i18n.language, "medium") })
              : t("employer.committee.calendarNone")}
          </p>
        )}
        <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-3">
          <Button variant={active ? "secondary" : "primary"} onClick={() => void make()} disabled={create.isPending}>
            {t(active ? "employer.committee.calendarReplace" : "employer.committee.calendarCreate")}
          </Button>
          {active && (
            <Button variant="danger" onClick={() => void revokeLink()} disabled={revoke.isPending}>
              {t("employer.committee.calendarRevoke")}
            </Button>
          )}
        </div>
      </div>
    </Dialog>
  );
}
