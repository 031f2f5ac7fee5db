import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { ReportInput } from "../../../shared/schemas/community.js";
import type { ModerationItem } from "../../../shared/schemas/moderation.js";
import { MUTE_AFTER_HIDDEN, MUTE_DAYS, MUTE_WINDOW_DAYS } from "../../../shared/constants.js";
import { REPORT_REASONS, type ReportReason } from "../../../shared/schemas/community.js";
import { onePage, pageWindow } from "../../platform/db/paging.js";
import type { ContentType, DB } from "../../platform/db/schema.js";
import { AppError } from "../../kernel/app-error.js";
import * as repo from "./moderation-repository.js";
import type { ContentRef } from "./moderation-repository.js";
import { muteUntil } from "../users/index.js";
import type { ModeratedContent } from "./moderated-content.js";

const DAY_MS = 86_400_000;

interface Context {
  db: Kysely<DB>;
  eventsChannel: string;
  kinds: ModeratedKinds;
}

/** All of an author's hidden items of every kind, hidden since `since`. */
async function hiddenSince(kinds: ModeratedKinds, trx: Transaction<DB>, authorId: string, since: Date): Promise<number> {
  let hidden = 0;
  for (const kind of Object.values(kinds)) hidden += await kind.countHiddenSince(trx, authorId, since);
  return hidden;
}

/** Where each kind of content lives: its owner's side of moderation (moderated-content.ts), handed in by app.ts. */
export type ModeratedKinds = Record<ContentType, ModeratedContent>;

/**
 * Any signed-in person may report a visible item, once (a second report
 * replaces the first); `content` is the owner's side of the item's kind.
 */
export async function reportContent(
  db: Kysely<DB>,
  reporterId: string,
  item: repo.ContentRef,
  input: ReportInput,
  content: ModeratedContent,
): Promise<void> {
  const found = await content.find(db, item.id);
  if (!found || found.hidden) throw new AppError("not_found");
  await repo.insertReport(db, randomUUID(), reporterId, item, input);
}

/**
 * The official account hides an item for everyone, keeping it for the record
 * with who and why; its open reports are settled. An author with three items
 * hidden within 30 days is muted for 7 days from now.
 */
export async function hideContent(
  { db, eventsChannel, kinds }: Context,
  moderatorId: string,
  item: repo.ContentRef,
  reason: string,
  now = new Date(),
) {
  await db.transaction().execute(async (trx) => {
    const content = await kinds[item.type].find(trx, item.id);
    if (!content) throw new AppError("not_found");
    if (content.hidden) return;
    await kinds[item.type].setHidden(trx, eventsChannel, item.id, { by: moderatorId, reason });
    await repo.recordAction(trx, { id: randomUUID(), item, authorId: content.userId, action: "hide", reason, moderatorId });
    await repo.resolveReports(trx, item, moderatorId);
    const hidden = await hiddenSince(kinds, trx, content.userId, new Date(now.getTime() - MUTE_WINDOW_DAYS * DAY_MS));
    if (hidden >= MUTE_AFTER_HIDDEN) await muteUntil(trx, content.userId, new Date(now.getTime() + MUTE_DAYS * DAY_MS));
  });
}

/** Undoes a hide; an author no longer over the limit is unmuted. */
export async function restoreContent({ db, eventsChannel, kinds }: Context, moderatorId: string, item: repo.ContentRef, now = new Date()) {
  await db.transaction().execute(async (trx) => {
    const content = await kinds[item.type].find(trx, item.id);
    if (!content) throw new AppError("not_found");
    if (!content.hidden) return;
    await kinds[item.type].setHidden(trx, eventsChannel, item.id, null);
    await repo.recordAction(trx, { id: randomUUID(), item, authorId: content.userId, action: "restore", reason: "", moderatorId });
    const hidden = await hiddenSince(kinds, trx, content.userId, new Date(now.getTime() - MUTE_WINDOW_DAYS * DAY_MS));
    if (hidden < MUTE_AFTER_HIDDEN) await muteUntil(trx, content.userId, null);
  });
}

/** Reports looked at and found harmless: settled, the item stays. */
export async function dismissReports(
  { db, kinds }: Omit<Context, "eventsChannel">,
  moderatorId: string,
  item: repo.ContentRef,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await kinds[item.type].find(trx, item.id))) throw new AppError("not_found");
    await repo.resolveReports(trx, item, moderatorId);
  });
}

const isReason = (value: string): value is ReportReason => (REPORT_REASONS as readonly string[]).includes(value);

export async function listModeration(db: Kysely<DB>, view: "open" | "hidden", page: number, pageSize: number, now = new Date()) {
  const { limit, offset } = pageWindow(page, pageSize);
  const { items, hasMore } = onePage(await repo.listItems(db, view, limit, offset), pageSize);
  return {
    hasMore,
    items: items.map((row): ModerationItem => ({
      type: row.type,
      id: row.id,
      author: row.author,
      text: row.text,
      thumbnailUrl: row.type === "post" ? `/api/gallery/posts/${row.id}/thumbnail` : null,
      createdAt: new Date(row.created_at).toISOString(),
      openReports: Number(row.open_reports),
      reasons: (row.reasons ?? []).filter(isReason),
      details: row.details ?? [],
      lastReportedAt: row.last_reported_at ? new Date(row.last_reported_at).toISOString() : null,
      hidden: row.hidden_at ? { at: new Date(row.hidden_at).toISOString(), by: row.hidden_by, reason: row.hidden_reason ?? "" } : null,
      authorMutedUntil: row.muted_until && new Date(row.muted_until) > now ? new Date(row.muted_until).toISOString() : null,
    })),
  };
}

/** An item its author deleted takes its reports with it (community calls this before deleting the row). */
export async function forgetReportsOn(trx: Transaction<DB>, item: ContentRef): Promise<void> {
  await repo.deleteReportsOn(trx, item);
}
