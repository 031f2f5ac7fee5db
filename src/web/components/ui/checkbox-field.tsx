/** A checkbox with its label (and an optional hint) beside it, the whole line clickable. */
export function CheckboxField({
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex min-h-11 items-start gap-3 py-1">
      <input
        type="checkbox"
        className="mt-1 h-5 w-5 accent-brand"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>
        <span className="text-slate-900">{label}</span>
        {hint && <span className="block text-sm text-slate-600">{hint}</span>}
      </span>
    </label>
  );
}
