import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { numberFormat } from "../../../shared/i18n/format.js";

/** A short ranking: rank, name and number of acts per row; each name a link where `linkTo` says where. */
export function RankedActsList({
  rows,
  linkTo,
}: {
  rows: { id: string; rank: number; name: string; acts: number }[];
  linkTo?: (id: string) => string;
}) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  return (
    <ol className="mt-3 space-y-2">
      {rows.map((row) => (
        <li key={row.id} className="flex items-center justify-between gap-3">
          <span className="flex items-center gap-2">
            <span className="w-6 text-right font-bold text-brand">{row.rank}</span>
            {linkTo ? (
              <Link to={linkTo(row.id)} className="underline decoration-rose-300 underline-offset-2">
                {row.name}
              </Link>
            ) : (
              row.name
            )}
          </span>
          <span className="tabular-nums text-slate-700">{t("common.acts", { count: row.acts, formatted: number.format(row.acts) })}</span>
        </li>
      ))}
    </ol>
  );
}
