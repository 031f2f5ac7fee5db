import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { startOfNewYorkDay } from "../../../shared/acts/new-york-time.js";
import {
  CHAT_PAGE_SIZE,
  type ChatMessage,
  type CommunityEvent,
  type ChatPage,
  type ChatStats,
  type LikeResult,
} from "../../../shared/schemas/community.js";
import { decodeCursor, feedPage } from "../../platform/db/keyset.js";
import type { DB } from "../../platform/db/schema.js";
import { AppError } from "../../kernel/app-error.js";
import type { EventCache } from "../../platform/live/event-cache.js";
import { publish } from "../../platform/live/publish.js";
import { assertMayPost, forgetReportsOn } from "../moderation/index.js";
import { setLike } from "./likes-repository.js";
import type { LimitInStatement } from "../../platform/rate-limit/rate-limit-rules.js";
import * as repo from "./chat-repository.js";

interface Context {
  db: Kysely<DB>;
  eventsChannel: string;
}

const view = (row: repo.MessageRow, viewerId: string | null, likedByMe: boolean): ChatMessage => ({
  id: row.id,
  username: row.username,
  body: row.body,
  createdAt: row.created_at.toISOString(),
  likes: row.like_count,
  likedByMe,
  mine: row.user_id === viewerId,
});

/**
 * The newest messages (or those older than `before`), newest first. The
 * newest page is the same for everyone but for "liked by me": it comes from
 * the shared cache (emptied by every chat event), and the reader's likes
 * are looked up among its ids.
 */
export async function chatPage(
  db: Kysely<DB>,
  viewerId: string | null,
  before: string | undefined,
  newest: EventCache<repo.MessageRow[]>,
): Promise<ChatPage> {
  const cursor = decodeCursor(before);
  const load = () => repo.listMessages(db, { before: cursor, limit: CHAT_PAGE_SIZE + 1 });
  const rows = cursor ? await load() : await newest.get(load);
  const page = feedPage(rows, CHAT_PAGE_SIZE);
  const liked = viewerId
    ? await repo.likedAmong(
        db,
        viewerId,
        page.items.map((row) => row.id),
      )
    : new Set<string>();
  return { messages: page.items.map((row) => view(row, viewerId, liked.has(row.id))), nextBefore: page.nextBefore };
}

/**
 * Posts a message already validated by the shared schema (trimmed, not empty,
 * at most 1,000 characters, no email address), unless the author is muted or
 * past the chat's limit (`limit`, counted by the same statement).
 */
export async function sendMessage(
  { db, eventsChannel }: Context,
  userId: string,
  body: string,
  limit: LimitInStatement | null,
): Promise<ChatMessage> {
  const id = randomUUID();
  const event: CommunityEvent = { type: "chat", change: "message", id };
  const { sent, hit } = await repo.insertMessage(
    db,
    { id, userId, body },
    { channel: eventsChannel, payload: JSON.stringify(event) },
    limit,
  );
  limit?.check(hit);
  if (!sent) {
    await assertMayPost(db, userId);
    throw new AppError("not_authenticated");
  }
  return { id, username: sent.username, body, createdAt: sent.created_at.toISOString(), likes: 0, likedByMe: false, mine: true };
}

export async function setMessageLike(
  { db, eventsChannel }: Context,
  userId: string,
  messageId: string,
  liked: boolean,
  limit: LimitInStatement | null,
): Promise<LikeResult> {
  const event = { channel: eventsChannel, payload: { type: "chat", change: "like", id: messageId } as const };
  const likes = await setLike(db, "message", messageId, userId, liked, event, limit);
  if (likes === null) throw new AppError("not_found");
  return { liked, likes };
}

/** Authors delete their own messages; nobody else's (the official account hides instead). */
export async function deleteOwnMessage({ db, eventsChannel }: Context, userId: string, messageId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const author = await repo.authorOf(trx, messageId);
    if (author === null) throw new AppError("not_found");
    if (author !== userId) throw new AppError("forbidden");
    await forgetReportsOn(trx, { type: "message", id: messageId });
    await repo.deleteMessage(trx, messageId);
    await publish(trx, eventsChannel, { type: "chat", change: "removed", id: messageId });
  });
}

export async function chatStats(db: Kysely<DB>, now = new Date()): Promise<ChatStats> {
  return repo.chatStats(db, now, startOfNewYorkDay(now));
}
