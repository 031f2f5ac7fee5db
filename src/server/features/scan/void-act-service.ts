import type { Kysely } from "kysely";
import { streaksFromDays } from "../../../shared/acts/streaks.js";
import type { DB } from "../../platform/db/schema.js";
import { AppError } from "../../kernel/app-error.js";
import { countIntoSharedAggregates, lockCounter } from "./act-numbering-repository.js";
import { lockUser, readScanDays } from "./scan-repository.js";
import type { PublicReadCache } from "../../http/public-read-cache.js";
import * as repo from "./void-act-repository.js";
import { takeBackTicket, ticketInDrawnContest } from "../contests/index.js";

/**
 * Voids an act with a reason (the official account, from the review queue):
 * it stops counting everywhere — the global total, the person's totals,
 * streaks, ranks, day and tickets, the organisation's and the country's
 * boards and figures — in one transaction. Its number stays taken. Locks are
 * taken in the scan's order (the person, then the counter), so a void never
 * deadlocks with a scan or a numbering batch.
 */
export async function voidAct(
  deps: { db: Kysely<DB>; publicCache: PublicReadCache },
  actorId: string,
  actId: string,
  reason: string,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const owner = await repo.findActUser(trx, actId);
    if (!owner) throw new AppError((await repo.isVoided(trx, actId)) ? "act_already_voided" : "not_found");
    if (owner.userId) await lockUser(trx, owner.userId);
    await lockCounter(trx);
    // Read again under the locks: a racing void may have moved it meanwhile.
    const act = await repo.lockActForVoid(trx, actId);
    if (!act) throw new AppError("act_already_voided");
    if (!act.numbered) throw new AppError("act_not_numbered");
    if (act.userId && (await ticketInDrawnContest(trx, act.scannedAt))) throw new AppError("act_in_drawn_contest");
    await repo.moveToVoided(trx, actId, reason, actorId);
    await countIntoSharedAggregates(trx, [act], -1);
    if (act.userId) {
      await repo.uncountForPerson(trx, act);
      await takeBackTicket(trx, act.userId, act.scannedAt);
      await repo.setStreaks(trx, act.userId, streaksFromDays(await readScanDays(trx, act.userId)));
    }
  });
  deps.publicCache.clear();
}
