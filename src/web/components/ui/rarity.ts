import type { Rarity } from "../../../shared/acts/rarity.js";

/** Colours of each rarity, chosen for text contrast (WCAG AA) on their background. */
export const RARITY_STYLES: Record<Rarity, string> = {
  platinum: "bg-indigo-100 text-indigo-900",
  gold: "bg-amber-100 text-amber-900",
  silver: "bg-slate-200 text-slate-900",
  bronze: "bg-orange-100 text-orange-900",
};
