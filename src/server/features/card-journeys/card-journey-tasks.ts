import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.js";
import type { TaskHandler } from "../../platform/jobs/task-queue.js";
import type { Notifier } from "../../platform/notify/notifier.js";
import { CARD_MOVED_TASK, type CardMovedTask } from "../scan/index.js";
import { announceCardMove } from "./card-journeys-service.js";

/**
 * The tasks card journeys do (platform/jobs/task-queue.ts): a portable
 * card's act queues its travels notice in the act's own transaction, and
 * this tells its earlier holders. Run again after a crash, it tells nobody
 * twice: the card's notice of the day is claimed with the notifications it
 * stores, in one transaction.
 */
export function cardJourneyTasks(deps: { db: Kysely<DB>; notifier: Notifier }): Record<string, TaskHandler> {
  return {
    [CARD_MOVED_TASK]: async (payload) => {
      const task = payload as CardMovedTask;
      await announceCardMove(deps, { seriesId: task.seriesId, cardNumber: task.cardNumber }, task.moverId, new Date(task.at));
    },
  };
}
