import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { GEOCODE_DEBOUNCE_MS, GEOCODE_MIN_CHARACTERS, type AddressSuggestion } from "../../../shared/schemas/geocoding.js";
import { ApiError } from "../../lib/api.js";
import { searchAddresses } from "./api/geocoding.js";

/**
 * The address field with suggestions (a combobox): suggestions from the 2nd
 * character, 300 ms after typing stops; arrows move, Enter chooses, Escape closes.
 */
export function AddressSearch({
  value,
  onChange,
  onChoose,
  error,
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  onChoose: (suggestion: AddressSuggestion) => void;
  error?: string;
  label: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [suggestions, setSuggestions] = useState<AddressSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState<"idle" | "searching" | "unavailable" | "empty">("idle");
  const typed = useRef(false);

  useEffect(() => {
    if (!typed.current || value.trim().length < GEOCODE_MIN_CHARACTERS) {
      setSuggestions([]);
      return;
    }
    let cancelled = false;
    const timer = setTimeout(async () => {
      setStatus("searching");
      try {
        const answer = await searchAddresses(value.trim());
        if (cancelled) return;
        setSuggestions(answer.suggestions);
        setStatus(answer.suggestions.length ? "idle" : "empty");
        setOpen(true);
        setActive(-1);
      } catch (failure) {
        if (cancelled) return;
        setSuggestions([]);
        setStatus(failure instanceof ApiError && failure.code === "rate_limited" ? "idle" : "unavailable");
      }
    }, GEOCODE_DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [value]);

  const choose = (suggestion: AddressSuggestion) => {
    typed.current = false;
    onChoose(suggestion);
    setOpen(false);
    setSuggestions([]);
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (!open || suggestions.length === 0) return;
    if (event.key === "ArrowDown") setActive((a) => (a + 1) % suggestions.length);
    else if (event.key === "ArrowUp") setActive((a) => (a <= 0 ? suggestions.length - 1 : a - 1));
    else if (event.key === "Enter" && active >= 0) choose(suggestions[active]!);
    else if (event.key === "Escape") setOpen(false);
    else return;
    event.preventDefault();
  };
  const listId = `${id}-list`;
  const describedBy = [error ? `${id}-error` : null, status !== "idle" ? `${id}-status` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="relative space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open && suggestions.length > 0}
        aria-controls={listId}
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        value={value}
        onChange={(e) => {
          typed.current = true;
          onChange(e.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base focus:border-brand focus:outline focus:outline-2 focus:outline-brand/30 aria-[invalid=true]:border-red-600"
      />
      {open && suggestions.length > 0 && (
        <ul
          id={listId}
          role="listbox"
          aria-label={t("dashboard.locations.suggestions")}
          className="absolute z-[1000] mt-1 max-h-64 w-full overflow-y-auto rounded-lg border border-slate-200 bg-white shadow-lg"
        >
          {suggestions.map((suggestion, index) => (
            <li
              key={suggestion.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(suggestion)}
              className={`cursor-pointer px-3 py-2 text-sm ${index === active ? "bg-rose-50" : "hover:bg-slate-50"}`}
            >
              <span className="block font-semibold">{suggestion.mainText}</span>
              <span className="block text-slate-600">{suggestion.secondaryText}</span>
            </li>
          ))}
        </ul>
      )}
      {status !== "idle" && (
        <p id={`${id}-status`} role="status" className={`text-sm ${status === "unavailable" ? "text-amber-800" : "text-slate-600"}`}>
          {t(`dashboard.locations.search.${status}`)}
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
