import { dateFormat, numberFormat } from "../../shared/i18n/format.js";

/** A calendar day ('YYYY-MM-DD') or an instant, as a long date in the app's language. */
export function formatDay(value: string, language: string, style: "long" | "medium" = "long"): string {
  const at = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  return dateFormat(language, { dateStyle: style, timeZone: "America/Toronto" }).format(at);
}

/** A time of day ("14:00", or an hour 0–23) as the reader writes it: "2:00 p.m.", "14 h 00". */
export function formatTimeOfDay(value: string | number, language: string): string {
  const [hour, minute] = typeof value === "number" ? [value, 0] : (value.split(":").map(Number) as [number, number]);
  return dateFormat(language, { hour: "numeric", minute: "2-digit", timeZone: "UTC" }).format(Date.UTC(2026, 0, 1, hour, minute));
}

/** A file size as B, KB or MB with one decimal (the spec's display). */
export function formatFileSize(bytes: number, language: string): string {
  const one = (value: number) => numberFormat(language, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(value);
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${one(bytes / 1024)} KB`;
  return `${one(bytes / (1024 * 1024))} MB`;
}
