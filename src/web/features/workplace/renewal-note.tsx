import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button.js";
import { formatDay } from "../../lib/format-day.js";

/**
 * How long a certificate holds, under it (issue 47 §4): the day it is valid
 * until, or once its renewal is open, that it is due (or expired) and a button
 * that starts the training again.
 */
export function RenewalNote({ validity, onRenew }: { validity: { expiresOn: string | null; renewalOpen: boolean }; onRenew?: () => void }) {
  const { t, i18n } = useTranslation();
  if (!validity.expiresOn) return null;
  const date = formatDay(validity.expiresOn, i18n.language);
  if (!validity.renewalOpen) return <p className="text-sm text-slate-700">{t("workplace.renewal.validUntil", { date })}</p>;
  const expired = new Date(validity.expiresOn).getTime() <= Date.now();
  return (
    <div className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3">
      <p className="text-sm font-semibold text-amber-900">{t(expired ? "workplace.renewal.expired" : "workplace.renewal.due", { date })}</p>
      {onRenew && <Button onClick={onRenew}>{t("workplace.renewal.renew")}</Button>}
    </div>
  );
}
