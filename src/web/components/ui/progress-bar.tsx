/**
 * A progress bar named by the words beside it (`label`); `valueText` says the
 * figures when the bar's own numbers would read oddly. Thin in a summary card,
 * thicker where the progress is the page's subject.
 */
export function ProgressBar({
  value,
  max,
  label,
  valueText,
  thin = false,
}: {
  value: number;
  max: number;
  label: string;
  valueText?: string;
  thin?: boolean;
}) {
  const percent = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 0;
  const height = thin ? "h-2" : "h-3";
  return (
    <div
      className={`${height} rounded-full bg-slate-200`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={Math.min(value, max)}
      aria-valuetext={valueText}
    >
      <div className={`${height} rounded-full bg-brand`} style={{ width: `${percent}%` }} />
    </div>
  );
}
