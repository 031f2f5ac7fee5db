import { nameIn } from "../../../shared/i18n/localized-text.js";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { HeartHandshake } from "lucide-react";
import { REPORT_REASONS, type ReportReason } from "../../../shared/schemas/community.js";
import { Button } from "../../components/ui/button.js";
import { Card } from "../../components/ui/card.js";
import { errorMessage } from "../../lib/api.js";
import { formatRelativeTime, useNow } from "../../lib/format.js";
import { useReceivedThanks, useReportThanks } from "./api/received-thanks.js";
import { numberFormat } from "../../../shared/i18n/format.js";

/** One thanks can be reported, for a reason, right where it is read. */
function ReportThanks({ id }: { id: string }) {
  const { t } = useTranslation();
  const report = useReportThanks();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason>("harassment");
  if (report.isSuccess) return <p className="text-sm text-slate-700">{t("thanks.reported")}</p>;
  if (!open)
    return (
      <Button variant="ghost" onClick={() => setOpen(true)}>
        {t("thanks.report")}
      </Button>
    );
  return (
    <div className="flex flex-wrap items-end gap-2">
      <label className="text-sm">
        <span className="block font-medium">{t("thanks.reason")}</span>
        <select
          value={reason}
          onChange={(e) => setReason(e.target.value as ReportReason)}
          className="mt-1 rounded-lg border border-slate-300 px-2 py-2"
        >
          {REPORT_REASONS.map((value) => (
            <option key={value} value={value}>
              {t(`thanks.reasons.${value}`)}
            </option>
          ))}
        </select>
      </label>
      <Button variant="secondary" onClick={() => report.mutate({ id, reason })} disabled={report.isPending}>
        {t("thanks.sendReport")}
      </Button>
      {report.error && (
        <p role="alert" className="w-full text-sm text-red-800">
          {errorMessage(report.error)}
        </p>
      )}
    </div>
  );
}

/**
 * The thanks this person received for cards they passed on (issue 26 §4):
 * "N people thanked you", and each note, from "someone you handed a card to"
 * unless its sender chose to be named. Hidden by moderation, a note goes.
 */
export default function ThanksReceived() {
  const { t, i18n } = useTranslation();
  const thanks = useReceivedThanks();
  const now = useNow();
  if (!thanks.data || thanks.data.count === 0) return null;
  const number = numberFormat(i18n.language);
  return (
    <Card id="thanks" aria-labelledby="thanks-heading" className="mb-6">
      <h2 id="thanks-heading" className="flex items-center gap-2 text-lg font-bold">
        <HeartHandshake size={22} aria-hidden className="text-brand" />
        <span data-testid="thanks-count">
          {t("thanks.count", { count: thanks.data.count, formatted: number.format(thanks.data.count) })}
        </span>
      </h2>
      <ul className="mt-3 space-y-3">
        {thanks.data.items.map((item) => (
          <li key={item.id} className="rounded-xl bg-rose-50 p-3">
            <p className="font-semibold">{item.from ? t("thanks.fromNamed", { username: item.from }) : t("thanks.fromSomeone")}</p>
            {item.message && <p className="mt-1 whitespace-pre-line break-words">{item.message}</p>}
            <p className="mt-1 text-sm text-slate-700">
              {nameIn(item.cardName, item.cardTranslations, i18n.language)} ·{" "}
              {formatRelativeTime(new Date(item.createdAt), now, i18n.language)}
            </p>
            {item.message && <ReportThanks id={item.id} />}
          </li>
        ))}
      </ul>
    </Card>
  );
}
