import { useEffect, useState } from "react";
import { numberFormat, relativeTimeFormat } from "../../shared/i18n/format.js";

/**
 * Distances as people read them in their language: "1,112 m" in English,
 * "1 112 m" in French, then kilometres from 10 km ("12.5 km", "12,5 km").
 */
export function formatDistance(meters: number, language: string): string {
  if (meters < 10_000) {
    return numberFormat(language, { style: "unit", unit: "meter", maximumFractionDigits: 0 }).format(Math.round(meters));
  }
  return numberFormat(language, { style: "unit", unit: "kilometer", maximumFractionDigits: 1 }).format(meters / 1000);
}

const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["minute", 60],
  ["hour", 60 * 60],
  ["day", 24 * 60 * 60],
];

/** "2 min ago", "il y a 2 min", "now": how long ago an instant was, in the largest unit that fits. */
export function formatRelativeTime(at: Date, now: Date, language: string): string {
  const format = relativeTimeFormat(language, { numeric: "auto", style: "short" });
  const seconds = Math.max(0, (now.getTime() - at.getTime()) / 1000);
  if (seconds < 45) return format.format(0, "second");
  let unit: Intl.RelativeTimeFormatUnit = "minute";
  let size = 60;
  for (const [candidate, candidateSize] of RELATIVE_STEPS) {
    if (seconds >= candidateSize) [unit, size] = [candidate, candidateSize];
  }
  return format.format(-Math.max(1, Math.round(seconds / size)), unit);
}

/** The current time, refreshed every `everyMs`, for texts such as "2 min ago" that age. */
export function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
