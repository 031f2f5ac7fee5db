import type { Kysely } from "kysely";
import { randomInt } from "node:crypto";
import type { StreakState } from "../../../shared/acts/streaks.js";
import type { KindMessage } from "../../../shared/schemas/scans.js";
import type { AchievementsTable, DB } from "../../platform/db/schema.js";

// What every scan draws from: the achievements and the kind messages. Only
// migrations write them (they ship with the code), so each process reads
// them once per database and a scan asks no query for them.

type AchievementRule = Pick<AchievementsTable, "id" | "criteria_type" | "criteria_value">;

interface Catalogue {
  achievements: AchievementRule[];
  kindMessages: KindMessage[];
}

const catalogues = new WeakMap<Kysely<DB>, Promise<Catalogue>>();

async function readCatalogue(db: Kysely<DB>): Promise<Catalogue> {
  const [achievements, messages] = await Promise.all([
    db.selectFrom("achievements").select(["id", "criteria_type", "criteria_value"]).execute(),
    db.selectFrom("kind_messages").select("message").where("is_active", "=", true).execute(),
  ]);
  return { achievements, kindMessages: messages.map((row) => row.message as KindMessage) };
}

/** The catalogue of this database, read on first use (a failed read is tried again next time). */
export function scanCatalogue(db: Kysely<DB>): Promise<Catalogue> {
  let catalogue = catalogues.get(db);
  if (!catalogue) {
    catalogue = readCatalogue(db);
    catalogues.set(db, catalogue);
    catalogue.catch(() => catalogues.delete(db));
  }
  return catalogue;
}

export interface AchievementTotals {
  totalActs: number;
  platinum: number;
  streak: StreakState;
}

/** Every achievement these totals meet (a current-streak one by the streak now, as it was earned). */
export function achievementsMet(rules: AchievementRule[], totals: AchievementTotals): string[] {
  const reached = {
    total_acts: totals.totalActs,
    current_streak: totals.streak.current,
    longest_streak: totals.streak.longest,
    platinum_count: totals.platinum,
  } as const;
  return rules.filter((rule) => rule.criteria_value <= reached[rule.criteria_type]).map((rule) => rule.id);
}

/** A kind message drawn at random, or null when none is active. */
export function drawKindMessage(messages: KindMessage[]): KindMessage | null {
  return messages.length === 0 ? null : messages[randomInt(messages.length)]!;
}
