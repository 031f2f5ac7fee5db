import { useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { COUNTRY_CODES, countryName } from "../../../shared/countries.js";

interface CountrySelectProps {
  value: string | undefined;
  onChange: (code: string) => void;
  error?: string;
  label: string;
  hint?: string;
}

const normalize = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

/**
 * A searchable country picker (ARIA combobox with a listbox): type to
 * filter, arrows to move, Enter to choose, Escape to close. Names follow the
 * current language.
 */
export function CountrySelect({ value, onChange, error, label, hint }: CountrySelectProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);

  const countries = useMemo(() => {
    const collator = new Intl.Collator(i18n.language);
    return COUNTRY_CODES.map((code) => ({ code, name: countryName(code, i18n.language) })).sort((a, b) => collator.compare(a.name, b.name));
  }, [i18n.language]);
  const matches = useMemo(() => {
    const q = normalize(query.trim());
    if (!q) return countries;
    const found = countries.filter((c) => normalize(c.name).includes(q) || c.code.toLowerCase() === q);
    // Names that start with what was typed come first ("can" → Canada before Vatican City).
    const starts = (c: { name: string }) => (normalize(c.name).startsWith(q) ? 0 : 1);
    return found.sort((a, b) => starts(a) - starts(b));
  }, [countries, query]);

  const selected = countries.find((c) => c.code === value);
  const shown = open ? query : selected ? `${selected.name} (${selected.code})` : "";

  const choose = (code: string) => {
    onChange(code);
    setOpen(false);
    setQuery("");
  };
  const move = (delta: number) => {
    const next = Math.max(0, Math.min(matches.length - 1, active + delta));
    setActive(next);
    listRef.current?.children[next]?.scrollIntoView({ block: "nearest" });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      if (!open) setOpen(true);
      else move(1);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      move(-1);
    } else if (event.key === "Enter" && open) {
      event.preventDefault();
      const match = matches[active];
      if (match) choose(match.code);
    } else if (event.key === "Escape") {
      setOpen(false);
      setQuery("");
    }
  };

  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className="relative space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && matches[active] ? `${id}-${matches[active].code}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        placeholder={open ? t("country.search") : t("country.placeholder")}
        value={shown}
        onFocus={() => {
          setOpen(true);
          setActive(0);
        }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base placeholder:text-slate-500 focus:border-brand focus:outline focus:outline-2 focus:outline-brand/30 aria-[invalid=true]:border-red-600"
      />
      {open && (
        <ul
          id={listId}
          ref={listRef}
          role="listbox"
          aria-label={label}
          className="absolute z-30 mt-1 max-h-64 w-full overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          {matches.length === 0 ? (
            <li role="presentation" className="px-3 py-2 text-sm text-slate-600">
              {t("country.noResults", { query })}
            </li>
          ) : (
            matches.map((country, index) => (
              <li
                key={country.code}
                id={`${id}-${country.code}`}
                role="option"
                aria-selected={country.code === value}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(country.code)}
                className={`flex cursor-pointer items-center gap-2 px-3 py-2 text-sm ${index === active ? "bg-rose-100" : ""}`}
              >
                <span aria-hidden className="w-8 shrink-0 font-mono text-xs font-semibold text-slate-600">
                  {country.code}
                </span>
                {country.name}
              </li>
            ))
          )}
        </ul>
      )}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
