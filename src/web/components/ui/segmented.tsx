import { useHydrated } from "../../lib/use-hydrated.js";

/** A row of toggle buttons, one pressed: a choice among a few options (a period, a board). */
export function Segmented<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: { value: T; label: string; disabled?: boolean }[];
  value: T;
  onChange: (value: T) => void;
}) {
  const hydrated = useHydrated();
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-2">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={option.value === value}
          disabled={option.disabled || !hydrated}
          onClick={() => onChange(option.value)}
          className={`min-h-11 rounded-full px-4 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-70 ${option.value === value ? "bg-brand text-white" : "border border-slate-300 bg-white text-slate-900 hover:bg-slate-50"}`}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
