import type { TaskHandler } from "../../platform/jobs/task-queue.js";
import type { Notifier } from "../../platform/notify/notifier.js";
import { thanksNotice } from "./thanks-notice.js";
import { THANKS_NOTICE_TASK, type ThanksNoticeTask } from "./thanks-service.js";

/**
 * The tasks a thanks queues (platform/jobs/task-queue.ts): the giver's
 * notice, on the channels they chose; a push or mail server that fails
 * throws, and the queue tries again later.
 */
export function thanksTasks(deps: { notifier: Notifier }): Record<string, TaskHandler> {
  return {
    [THANKS_NOTICE_TASK]: async (payload) => {
      const task = payload as ThanksNoticeTask;
      await deps.notifier.notify(task.giverId, thanksNotice(task), { strict: true });
    },
  };
}
