import { Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button.js";
import { showApiError } from "../../lib/api-errors.js";
import { exportFileUrl, useLatestExport, useRequestExport } from "./api/data-export.js";
import { dateFormat, numberFormat } from "../../../shared/i18n/format.js";

/** "Download my data": ask for an archive, follow it being built, download it for 24 hours. */
export function DataExportPanel() {
  const { t, i18n } = useTranslation();
  const latest = useLatestExport();
  const request = useRequestExport();
  const current = latest.data?.export ?? null;
  const building = current?.status === "building";
  const ask = () => request.mutate(undefined, { onError: (error) => showApiError(error, { fallback: t("profile.dataExport.failed") }) });
  const size = (bytes: number) =>
    numberFormat(i18n.language, {
      style: "unit",
      unit: bytes < 1_000_000 ? "kilobyte" : "megabyte",
      maximumFractionDigits: 1,
    }).format(bytes < 1_000_000 ? bytes / 1000 : bytes / 1_000_000);
  const until = (iso: string) => dateFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

  return (
    <div className="mt-4 border-t border-rose-100 pt-4">
      <h3 className="font-semibold">{t("profile.dataExport.title")}</h3>
      <p className="mt-1 text-sm text-slate-600">{t("profile.dataExport.intro")}</p>
      {building && current && (
        <div className="mt-3">
          <p id="export-progress-label" className="text-sm text-slate-700">
            {t("profile.dataExport.building", { percent: current.progress })}
          </p>
          <div
            role="progressbar"
            aria-labelledby="export-progress-label"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={current.progress}
            className="mt-1 h-2 overflow-hidden rounded-full bg-rose-100"
          >
            <div className="h-full bg-brand transition-[width]" style={{ width: `${current.progress}%` }} />
          </div>
        </div>
      )}
      {current?.status === "ready" && current.expiresAt && current.sizeBytes !== null && (
        <p className="mt-3">
          <a
            href={exportFileUrl(current.id)}
            download
            className="inline-flex min-h-11 items-center gap-2 rounded-xl bg-brand px-4 font-semibold text-white hover:bg-brand-dark"
          >
            <Download size={18} aria-hidden />
            {t("profile.dataExport.download", { size: size(current.sizeBytes) })}
          </a>
          <span className="mt-1 block text-sm text-slate-600">{t("profile.dataExport.until", { date: until(current.expiresAt) })}</span>
        </p>
      )}
      {current?.status === "failed" && (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {t("profile.dataExport.buildFailed")}
        </p>
      )}
      {!building && (
        <Button variant="secondary" className="mt-3" onClick={ask} disabled={request.isPending || latest.isPending}>
          {current?.status === "ready" ? t("profile.dataExport.again") : t("profile.dataExport.ask")}
        </Button>
      )}
    </div>
  );
}
