import { useState, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { REPORT_REASONS, type ReportInput, type ReportReason } from "../../../shared/schemas/community.js";
import { Button } from "../../components/ui/button.js";
import { Dialog } from "../../components/ui/dialog.js";
import { TextAreaField } from "../../components/ui/field.js";
import { errorMessage } from "../../lib/api.js";

/** Reporting a message or a post: a reason from the list and optional details. */
export function ReportDialog({
  open,
  onOpenChange,
  send,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  send: (report: ReportInput) => Promise<unknown>;
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState<ReportReason>("spam");
  const [details, setDetails] = useState("");
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      await send({ reason, ...(details.trim() ? { details: details.trim() } : {}) });
      toast.success(t("community.reportSent"));
      onOpenChange(false);
      setDetails("");
    } catch (error) {
      toast.error(errorMessage(error) || t("community.reportFailed"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("community.reportTitle")}
      description={t("community.reportIntro")}
      returnFocusTo={returnFocusTo}
    >
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-slate-900">{t("community.reportReason")}</legend>
          <div className="space-y-1">
            {REPORT_REASONS.map((value) => (
              <label key={value} className="flex min-h-11 items-center gap-3 rounded-lg px-2 hover:bg-slate-50">
                <input
                  type="radio"
                  name="reason"
                  value={value}
                  checked={reason === value}
                  onChange={() => setReason(value)}
                  className="h-4 w-4 accent-brand"
                />
                {t(`community.reasons.${value}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <TextAreaField
          label={t("community.reportDetails")}
          rows={3}
          maxLength={500}
          value={details}
          onChange={(event) => setDetails(event.target.value)}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" disabled={busy}>
            {t("community.reportSend")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
