import type { Kysely } from "kysely";
import { HISTORY_PAGE_SIZE, type ActHistory } from "../../../shared/schemas/stats.js";
import type { DB } from "../../platform/db/schema.js";
import * as repo from "./act-history-repository.js";

/**
 * One page of the person's acts, newest first, `HISTORY_PAGE_SIZE` at a time:
 * `before` is the previous page's last act number; `nextBefore` is null on the last page.
 */
export async function myHistory(db: Kysely<DB>, userId: string, before: number | undefined): Promise<ActHistory> {
  // One act more than a page tells whether another page follows.
  const { totalActs, activeDays, acts } = await repo.readHistory(db, userId, before, HISTORY_PAGE_SIZE + 1);
  const page = acts.slice(0, HISTORY_PAGE_SIZE);
  return {
    totalActs,
    activeDays,
    latestActAt: before === undefined ? (page[0]?.scannedAt ?? null) : null,
    acts: page,
    nextBefore: acts.length > HISTORY_PAGE_SIZE ? page[page.length - 1]!.actNumber : null,
  };
}
