import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Card, LoadingState } from "../../components/ui/card.js";
import { Segmented } from "../../components/ui/segmented.js";
import { useSystemStatus } from "./api/figures.js";
import { dateFormat, numberFormat } from "../../../shared/i18n/format.js";

/** What Kindly runs on, the outgoing mail with its failures, and what the rate limiter refused in the last hour. */
export function SystemTab() {
  const { t, i18n } = useTranslation();
  const [failedOnly, setFailedOnly] = useState(false);
  const status = useSystemStatus(failedOnly);
  const number = numberFormat(i18n.language);
  const when = dateFormat(i18n.language, { dateStyle: "short", timeStyle: "medium" });
  const gigabytes = numberFormat(i18n.language, { style: "unit", unit: "gigabyte", maximumFractionDigits: 1 });
  const megabytes = numberFormat(i18n.language, { style: "unit", unit: "megabyte", maximumFractionDigits: 0 });
  const bytes = (value: number) => (value >= 1024 ** 3 ? gigabytes.format(value / 1024 ** 3) : megabytes.format(value / 1024 ** 2));
  if (status.isPending) return <LoadingState label={t("common.loading")} />;
  if (status.error || !status.data) return <Card role="alert">{t("admin.loadFailed")}</Card>;
  const data = status.data;
  const rows: [string, string][] = [
    [t("admin.system.version"), data.version],
    [
      t("admin.system.database"),
      `${data.database.kind === "embedded" ? t("admin.system.embedded", { version: data.database.version }) : t("admin.system.postgresql", { version: data.database.version })}${
        data.database.readReplica ? `, ${t("admin.system.replica")}` : ""
      }`,
    ],
    [t("admin.system.mail"), t(data.mail.transport === "smtp" ? "admin.system.smtp" : "admin.system.outbox", { from: data.mail.from })],
    [
      t("admin.system.storage"),
      t(data.storage.kind === "s3" ? "admin.system.s3" : "admin.system.local", { location: data.storage.location }),
    ],
    [t("admin.system.rateLimiter"), data.rateLimiter === "redis" ? t("admin.system.redis") : t("admin.system.databaseLimiter")],
  ];
  const low = data.disk.filter((disk) => disk.low);
  return (
    <section aria-labelledby="system-title" className="space-y-4">
      <h2 id="system-title" className="text-xl font-bold">
        {t("admin.system.title")}
      </h2>
      {low.map((disk) => (
        <Card key={disk.store} role="alert" className="border-amber-400 bg-amber-50 text-amber-950">
          {t("admin.system.diskLow", { store: t(`admin.system.diskStores.${disk.store}`), free: bytes(disk.freeBytes) })}
        </Card>
      ))}
      <Card>
        <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-semibold">{label}</dt>
              <dd className="break-all text-slate-700">{value}</dd>
            </div>
          ))}
          {data.disk.map((disk) => (
            <div key={disk.store} className="contents">
              <dt className="font-semibold">{t("admin.system.diskFree", { store: t(`admin.system.diskStores.${disk.store}`) })}</dt>
              <dd className="break-all text-slate-700" data-testid="disk-free">
                {t("admin.system.diskValue", { free: bytes(disk.freeBytes), location: disk.location })}
              </dd>
            </div>
          ))}
          <div className="contents">
            <dt className="font-semibold">{t("admin.overview.mailFailures")}</dt>
            <dd className="tabular-nums text-slate-700">{number.format(data.mailFailures)}</dd>
          </div>
        </dl>
      </Card>
      <Card>
        <h3 className="text-lg font-bold">{t("admin.system.refusals")}</h3>
        {data.refusals.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">{t("admin.system.noRefusals")}</p>
        ) : (
          <table className="mt-2 w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-1 pr-3">
                  {t("admin.system.rule")}
                </th>
                <th scope="col" className="py-1 text-right">
                  {t("admin.system.count")}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.refusals.map((row) => (
                <tr key={row.rule} className="border-b border-slate-100">
                  <td className="py-1 pr-3 font-mono">{row.rule}</td>
                  <td className="py-1 text-right tabular-nums">{number.format(row.refusals)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
      <Card className="space-y-3">
        <h3 className="text-lg font-bold">{t("admin.system.mailLog")}</h3>
        <Segmented
          label={t("admin.system.mailLog")}
          value={failedOnly ? "failed" : "all"}
          onChange={(value) => setFailedOnly(value === "failed")}
          options={[
            { value: "all", label: t("admin.system.mailLog") },
            { value: "failed", label: t("admin.system.failedOnly") },
          ]}
        />
        {data.mailLog.length === 0 ? (
          <p className="text-sm text-slate-700">{failedOnly ? t("admin.system.noFailures") : t("admin.system.noMail")}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-slate-200">
                  <th scope="col" className="py-1 pr-3">
                    {t("admin.system.when")}
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    {t("admin.system.to")}
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    {t("admin.system.subject")}
                  </th>
                  <th scope="col" className="py-1">
                    {t("admin.system.status")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.mailLog.map((entry, index) => (
                  <tr key={`${entry.at}-${index}`} className="border-b border-slate-100 align-top">
                    <td className="py-1 pr-3 whitespace-nowrap">{when.format(new Date(entry.at))}</td>
                    <td className="py-1 pr-3">{entry.recipient}</td>
                    <td className="py-1 pr-3">{entry.subject}</td>
                    <td className={`py-1 ${entry.status === "failed" ? "font-semibold text-red-800" : ""}`}>
                      {entry.status === "failed"
                        ? t("common.labelled", { label: t("admin.system.failed"), value: entry.error ?? "" })
                        : t("admin.system.sent")}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </section>
  );
}
