import { sql, type Kysely } from "kysely";
import { LANGUAGES, type Language } from "../../../shared/i18n/languages.js";
import type { AddressSuggestion } from "../../../shared/schemas/geocoding.js";
import type { DB } from "../db/schema.js";
import { AppError } from "../../kernel/app-error.js";
import { toSuggestion, type NominatimPlace } from "./address-parts.js";

/** Answers are kept this long: addresses rarely move, and the provider is asked less. */
const CACHE_DAYS = 30;
/** Past this wait for a turn, the dialog is told geocoding is busy (the pin still works). */
const MAX_QUEUE_MS = 4000;
const TIMEOUT_MS = 5000;

export interface Geocoder {
  search(query: string, language: Language): Promise<AddressSuggestion[]>;
  reverse(lat: number, lon: number, language: Language): Promise<AddressSuggestion | null>;
}

/**
 * Geocoding through a Nominatim-compatible provider, from the server: the
 * browser never talks to it, answers are cached in the database, and this
 * process asks at most once per `minIntervalMs` (Nominatim's usage policy
 * is one request a second, with an identifying User-Agent).
 */
export function createGeocoder(options: { db: Kysely<DB>; baseUrl: string; userAgent: string; minIntervalMs: number }): Geocoder {
  let nextSlot = 0;

  async function takeTurn(): Promise<void> {
    const now = Date.now();
    const wait = Math.max(0, nextSlot - now);
    if (wait > MAX_QUEUE_MS) throw new AppError("geocoding_unavailable");
    nextSlot = Math.max(now, nextSlot) + options.minIntervalMs;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }

  async function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = await options.db
      .selectFrom("geocode_cache")
      .select("answer")
      .where("key", "=", key)
      .where("created_at", ">", sql<Date>`now() - make_interval(days => ${CACHE_DAYS})`)
      .executeTakeFirst();
    if (hit) return JSON.parse(hit.answer) as T;
    const answer = await load();
    await options.db
      .insertInto("geocode_cache")
      .values({ key, answer: JSON.stringify(answer) })
      .onConflict((c) => c.column("key").doUpdateSet({ answer: JSON.stringify(answer), created_at: sql`now()` }))
      .execute();
    return answer;
  }

  async function ask(path: string, params: Record<string, string>, language: Language): Promise<unknown> {
    await takeTurn();
    const url = new URL(path, options.baseUrl.endsWith("/") ? options.baseUrl : `${options.baseUrl}/`);
    for (const [name, value] of Object.entries({ format: "jsonv2", addressdetails: "1", ...params })) url.searchParams.set(name, value);
    try {
      const response = await fetch(url, {
        headers: {
          "user-agent": options.userAgent,
          "accept-language": [language, ...LANGUAGES.filter((other) => other !== language)].join(","),
        },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`geocoding answered ${response.status}`);
      return await response.json();
    } catch {
      throw new AppError("geocoding_unavailable");
    }
  }

  return {
    search(query, language) {
      const normalised = query.trim().replace(/\s+/g, " ").toLowerCase();
      return cached(`search:${language}:${normalised}`, async () => {
        const answer = await ask("search", { q: normalised, limit: "5" }, language);
        return (Array.isArray(answer) ? (answer as NominatimPlace[]) : [])
          .map(toSuggestion)
          .filter((s): s is AddressSuggestion => s !== null);
      });
    },
    reverse(lat, lon, language) {
      // About a metre of precision is plenty for an address, and lets nearby drops share an answer.
      const [la, lo] = [lat.toFixed(5), lon.toFixed(5)];
      return cached(`reverse:${language}:${la},${lo}`, async () => {
        const answer = (await ask("reverse", { lat: la, lon: lo }, language)) as NominatimPlace & { error?: string };
        return answer && !answer.error && answer.display_name ? toSuggestion(answer) : null;
      });
    },
  };
}
