import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { reportQuerySchema, type ReportQuery } from "../../../../shared/schemas/compliance.js";
import { Button } from "../../../components/ui/button.js";
import { Card } from "../../../components/ui/card.js";
import { TextField } from "../../../components/ui/field.js";
import { reportUrl } from "./api/compliance.js";
import { newYorkDay } from "../../../../shared/acts/new-york-time.js";

/** The last twelve months, the usual span of a prevention file. */
function defaultPeriod() {
  const to = new Date();
  const from = new Date(to);
  from.setFullYear(from.getFullYear() - 1);
  return { from: newYorkDay(from), to: newYorkDay(to) };
}

type Kind = "compliance" | "cnesst";

/**
 * Fetches the PDF and hands it to the browser as a download, so a failure
 * shows as a message on this page instead of an error page in a new tab.
 */
async function downloadPdf(url: string): Promise<boolean> {
  const response = await fetch(url, { credentials: "same-origin" }).catch(() => null);
  if (!response?.ok) return false;
  const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "report.pdf";
  const link = document.createElement("a");
  link.href = URL.createObjectURL(await response.blob());
  link.download = name;
  link.click();
  // The click has started the download; the object URL is no longer needed after it.
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
  return true;
}

/**
 * Reports: the compliance report and the CNESST file for a chosen period,
 * built by the server from the organisation's records and downloaded as PDFs.
 */
export function ReportsSection({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState(defaultPeriod);
  const checked = reportQuerySchema.safeParse(period);
  const error = checked.success ? undefined : t(checked.error.issues[0]!.message as never);
  const [busy, setBusy] = useState<Kind | null>(null);
  const download = async (kind: Kind, query: ReportQuery) => {
    setBusy(kind);
    const done = await downloadPdf(reportUrl(organizationId, kind, query));
    setBusy(null);
    if (!done) toast.error(t(`employer.reports.failed.${kind}`));
  };
  return (
    <Card className="space-y-4">
      <h3 className="font-bold">{t("employer.reports.title")}</h3>
      <p className="text-sm text-slate-700">{t("employer.reports.intro")}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t("employer.reports.from")}
          type="date"
          value={period.from}
          onChange={(e) => setPeriod((current) => ({ ...current, from: e.target.value }))}
        />
        <TextField
          label={t("employer.reports.to")}
          type="date"
          value={period.to}
          error={error}
          onChange={(e) => setPeriod((current) => ({ ...current, to: e.target.value }))}
        />
      </div>
      {checked.success ? (
        <div className="flex flex-wrap gap-2">
          {(["compliance", "cnesst"] as const).map((kind) => (
            <Button
              key={kind}
              variant={kind === "compliance" ? "primary" : "secondary"}
              disabled={busy !== null}
              onClick={() => void download(kind, checked.data)}
            >
              {busy === kind ? t("employer.reports.generating") : t(`employer.reports.${kind}`)}
            </Button>
          ))}
        </div>
      ) : (
        <p className="text-sm text-slate-700">{t("employer.reports.chooseValid")}</p>
      )}
    </Card>
  );
}
