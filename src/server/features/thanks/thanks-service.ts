import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { ReceivedThanks, ThanksInput, ThanksStatus } from "../../../shared/schemas/thanks.js";
import type { DB } from "../../platform/db/schema.js";
import { AppError } from "../../kernel/app-error.js";
import type { TaskQueue } from "../../platform/jobs/task-queue.js";
import { assertMayPost } from "../moderation/index.js";
import * as repo from "./thanks-repository.js";

// Thanks back to the giver (issue 26 §4): whoever records an act with a
// portable card may thank the person who held that card before them, once
// per act, with an optional note under the chat's rules. The giver never
// learns who unless the sender chose to say.

/** A day's thanks per person: plenty for real gratitude, too few to spam with. */
export const THANKS_PER_DAY = 10;
const RECEIVED_SHOWN = 20;

export async function thanksStatus(db: Kysely<DB>, userId: string, actId: string): Promise<ThanksStatus> {
  const act = await repo.findThankableAct(db, actId, userId);
  if (!act) throw new AppError("not_found");
  return { status: act.thanked ? "sent" : act.giver_id ? "available" : "none" };
}

export interface ThanksDeps {
  db: Kysely<DB>;
  eventsChannel: string;
  tasks: TaskQueue;
}

/** The queued task that tells the giver (thanks-tasks.ts): their id, and the notice's facts. */
export interface ThanksNoticeTask {
  giverId: string;
  id: string;
  cardName: string;
  cardTranslations: Partial<Record<string, string>>;
  note: string;
  from: string | null;
}
export const THANKS_NOTICE_TASK = "thanks-notice";

/**
 * Sends the thanks: refused for another's act, a card nobody held before, a
 * muted account, past the day's limit, or a second time (the unique index
 * settles two at once). The giver hears it live in the app at once; their
 * devices and mailbox, as they chose (notifications), after the answer: the
 * notice is queued with the thanks, in its transaction, so a crash in
 * between loses neither.
 */
export async function sendThanks(deps: ThanksDeps, userId: string, actId: string, input: ThanksInput, now = new Date()): Promise<void> {
  const thanksId = randomUUID();
  await deps.db.transaction().execute(async (trx) => {
    // Under the sender's lock: parallel thanks are counted one after the other against the day's limit.
    const sender = await repo.lockSender(trx, userId);
    const mayPost = !sender.mutedUntil || sender.mutedUntil <= now;
    const outcome = await repo.recordThanks(trx, {
      id: thanksId,
      actId,
      userId,
      message: input.message,
      showUsername: input.showUsername,
      mayPost,
      since: new Date(now.getTime() - 86_400_000),
      limit: THANKS_PER_DAY,
      channel: deps.eventsChannel,
    });
    const { act } = outcome;
    if (!outcome.sent) {
      if (!act?.giver_id) throw new AppError("not_found");
      if (act.thanked) throw new AppError("thanks_already_sent");
      if (!mayPost) await assertMayPost(trx, userId, now);
      if (outcome.sentSince >= THANKS_PER_DAY) {
        throw new AppError("rate_limited", { messageKey: "rateLimits.thanks", vars: { count: THANKS_PER_DAY } });
      }
      // Written by another request between the read and the write: the unique index said no.
      throw new AppError("thanks_already_sent");
    }
    const task: ThanksNoticeTask = {
      giverId: act!.giver_id!,
      id: thanksId,
      cardName: act!.card_name,
      cardTranslations: act!.card_translations,
      note: input.message,
      from: input.showUsername ? sender.username : null,
    };
    await deps.tasks.enqueue(trx, THANKS_NOTICE_TASK, task);
  });
}

export async function receivedThanks(db: Kysely<DB>, giverId: string): Promise<ReceivedThanks> {
  const { items, count } = await repo.listReceived(db, giverId, RECEIVED_SHOWN);
  return {
    count,
    items: items.map((row) => ({
      id: row.id,
      message: row.message,
      from: row.show_username && !row.deletion_requested_at ? row.username : null,
      cardName: row.card_name,
      cardTranslations: row.card_translations,
      createdAt: new Date(row.created_at).toISOString(),
    })),
  };
}

/** Only the giver sees a thanks, so only the giver may report it. */
export async function assertMayReportThanks(db: Kysely<DB>, thanksId: string, userId: string): Promise<void> {
  if (!(await repo.isReceivedBy(db, thanksId, userId))) throw new AppError("not_found");
}
