import { countryName } from "../../../shared/countries.js";

/**
 * A country's ISO code in a small badge, its name on hover and for assistive
 * tech. (Emoji flags show as empty boxes where the system has no emoji font,
 * as on Windows.)
 */
export function CountryBadge({ code, language }: { code: string; language: string }) {
  return (
    <abbr
      title={countryName(code, language)}
      className="inline-block rounded bg-slate-100 px-1.5 py-0.5 align-middle font-mono text-xs font-semibold text-slate-700 no-underline"
    >
      {code.toUpperCase()}
    </abbr>
  );
}
