import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** One labelled figure in a grid of figures (a `<dl>`). */
export function StatTile({ label, value, icon: Icon }: { label: string; value: ReactNode; icon?: LucideIcon }) {
  return (
    // min-w-0 and a label that may break anywhere: at 200 % text a long word ("Countries", « Organisations »)
    // wraps inside its tile instead of widening the grid past the screen.
    <div className="min-w-0 rounded-xl bg-rose-50 p-3">
      <dt className="flex items-center gap-1.5 text-sm text-slate-700 [overflow-wrap:anywhere]">
        {Icon && <Icon size={16} aria-hidden className="shrink-0 text-brand" />}
        {label}
      </dt>
      <dd className="mt-1 text-xl font-bold tabular-nums text-slate-900">{value}</dd>
    </div>
  );
}
