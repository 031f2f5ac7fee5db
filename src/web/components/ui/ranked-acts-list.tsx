import { useTranslation } from "react-i18next";

/** A short ranking: rank, name and number of acts per row. */
export function RankedActsList({ rows }: { rows: { id: string; rank: number; name: string; acts: number }[] }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <ol className="mt-3 space-y-2">
      {rows.map((row) => (
        <li key={row.id} className="flex items-center justify-between gap-3">
          <span className="flex items-center gap-2">
            <span className="w-6 text-right font-bold text-brand">{row.rank}</span>
            {row.name}
          </span>
          <span className="tabular-nums text-slate-700">{t("common.acts", { count: row.acts, formatted: number.format(row.acts) })}</span>
        </li>
      ))}
    </ol>
  );
}
