import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { startOfNewYorkDay } from "../../../shared/acts/new-york-time.js";
import { CHAT_PAGE_SIZE, type ChatMessage, type ChatPage, type ChatStats, type LikeResult } from "../../../shared/schemas/community.js";
import { decodeCursor, feedPage } from "../../db/keyset.js";
import type { DB } from "../../db/schema.js";
import { AppError } from "../../http/app-error.js";
import { publish } from "../live/publish.js";
import { assertMayPost } from "../moderation/posting-rights.js";
import { setLike } from "../likes/likes-repository.js";
import * as repo from "./chat-repository.js";

interface Context {
  db: Kysely<DB>;
  eventsChannel: string;
}

const view = (row: repo.MessageRow, viewerId: string | null): ChatMessage => ({
  id: row.id,
  username: row.username,
  body: row.body,
  createdAt: row.created_at.toISOString(),
  likes: row.like_count,
  likedByMe: row.liked_by_me,
  mine: row.user_id === viewerId,
});

/** The newest messages (or those older than `before`), newest first. */
export async function chatPage(db: Kysely<DB>, viewerId: string | null, before: string | undefined): Promise<ChatPage> {
  const rows = await repo.listMessages(db, { viewerId, before: decodeCursor(before), limit: CHAT_PAGE_SIZE + 1 });
  const page = feedPage(rows, CHAT_PAGE_SIZE);
  return { messages: page.items.map((row) => view(row, viewerId)), nextBefore: page.nextBefore };
}

/**
 * Posts a message already validated by the shared schema (trimmed, not empty,
 * at most 1,000 characters, no email address), unless the author is muted.
 */
export async function sendMessage({ db, eventsChannel }: Context, userId: string, body: string): Promise<ChatMessage> {
  const id = randomUUID();
  const createdAt = await db.transaction().execute(async (trx) => {
    await assertMayPost(trx, userId);
    const at = await repo.insertMessage(trx, { id, user_id: userId, body });
    await publish(trx, eventsChannel, { type: "chat", change: "message", id });
    return at;
  });
  const author = await db.selectFrom("users").select("username").where("id", "=", userId).executeTakeFirstOrThrow();
  return { id, username: author.username, body, createdAt: createdAt.toISOString(), likes: 0, likedByMe: false, mine: true };
}

export async function setMessageLike(
  { db, eventsChannel }: Context,
  userId: string,
  messageId: string,
  liked: boolean,
): Promise<LikeResult> {
  const likes = await setLike(db, "message", messageId, userId, liked);
  if (likes === null) throw new AppError("not_found");
  await publish(db, eventsChannel, { type: "chat", change: "like", id: messageId });
  return { liked, likes };
}

/** Authors delete their own messages; nobody else's (the official account hides instead). */
export async function deleteOwnMessage({ db, eventsChannel }: Context, userId: string, messageId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const author = await repo.authorOf(trx, messageId);
    if (author === null) throw new AppError("not_found");
    if (author !== userId) throw new AppError("forbidden");
    await repo.deleteMessage(trx, messageId);
    await publish(trx, eventsChannel, { type: "chat", change: "removed", id: messageId });
  });
}

export async function chatStats(db: Kysely<DB>, now = new Date()): Promise<ChatStats> {
  return repo.chatStats(db, now, startOfNewYorkDay(now));
}
