import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.js";
import type { Mailer } from "../../platform/mail/mailer.js";
import { AppError } from "../../kernel/app-error.js";
import { drawContest } from "./contest-admin-service.js";
import type { Notifier } from "../../platform/notify/notifier.js";

type DrawDeps = { db: Kysely<DB>; mailer: Mailer; notifier: Notifier; appUrl: string; graceMs: number };

/**
 * Draws every contest whose end and grace have passed and that nobody drew
 * yet (the official account's button stays for the rare case this could not
 * run). Several processes may look at once: the contest's lock lets one draw
 * and the others find it drawn. Returns the contests this call drew.
 */
export async function drawDueContests(deps: DrawDeps, now = new Date()): Promise<string[]> {
  const due = await deps.db
    .selectFrom("contests")
    .select("id")
    .where("drawn_at", "is", null)
    .where("ends_at", "<=", new Date(now.getTime() - deps.graceMs))
    .orderBy("ends_at")
    .execute();
  const drawn: string[] = [];
  for (const { id } of due) {
    try {
      await drawContest(deps, id, now);
      drawn.push(id);
    } catch (error) {
      // Another process drew it first: nothing to do.
      if (error instanceof AppError && error.code === "contest_already_drawn") continue;
      throw error;
    }
  }
  return drawn;
}
