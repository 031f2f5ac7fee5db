import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import {
  GALLERY_PAGE_SIZE,
  type GalleryPage,
  type GalleryPost,
  type GalleryPostFields,
  type GalleryStats,
  type LikeResult,
  type LinkableAct,
} from "../../../shared/schemas/community.js";
import { decodeCursor, feedPage } from "../../platform/db/keyset.js";
import type { DB } from "../../platform/db/schema.js";
import { AppError } from "../../kernel/app-error.js";
import { publish } from "../../platform/live/publish.js";
import { assertMayPost, forgetReportsOn } from "../moderation/index.js";
import type { FileStorage } from "../../platform/storage/file-storage.js";
import { processPhoto } from "../../platform/images/image-processing.js";
import { oneAtATime } from "../../platform/images/processing-slots.js";
import { setLike } from "./likes-repository.js";
import type { LimitInStatement } from "../../platform/rate-limit/rate-limit-rules.js";
import * as repo from "./gallery-repository.js";

interface Context {
  db: Kysely<DB>;
  eventsChannel: string;
  storage: FileStorage;
}

export const imageUrl = (postId: string) => `/api/gallery/posts/${postId}/image`;
export const thumbnailUrl = (postId: string) => `/api/gallery/posts/${postId}/thumbnail`;

const view = (row: repo.PostRow, viewerId: string | null): GalleryPost => ({
  id: row.id,
  username: row.username,
  caption: row.caption,
  createdAt: row.created_at.toISOString(),
  likes: row.like_count,
  likedByMe: row.liked_by_me,
  shares: row.share_count,
  mine: row.user_id === viewerId,
  act:
    row.act_number !== null && row.organization_name !== null ? { number: row.act_number, organizationName: row.organization_name } : null,
  image: { url: imageUrl(row.id), width: row.image_width, height: row.image_height },
  thumbnail: { url: thumbnailUrl(row.id), width: row.thumb_width, height: row.thumb_height },
});

export async function galleryPage(db: Kysely<DB>, viewerId: string | null, before: string | undefined): Promise<GalleryPage> {
  const rows = await repo.listPosts(db, { viewerId, before: decodeCursor(before), limit: GALLERY_PAGE_SIZE + 1 });
  const page = feedPage(rows, GALLERY_PAGE_SIZE);
  return { posts: page.items.map((row) => view(row, viewerId)), nextBefore: page.nextBefore };
}

export async function galleryPost(db: Kysely<DB>, viewerId: string | null, postId: string): Promise<GalleryPost> {
  const row = await repo.findVisiblePost(db, postId, viewerId);
  if (!row) throw new AppError("not_found");
  return view(row, viewerId);
}

/**
 * Shares a photo: the rules that need no image first (muted, the linked act
 * is the author's own), then the image is verified and re-encoded
 * (image-processing.ts), then both files are stored and the post is
 * written. If writing the post fails, the stored files are removed: nothing
 * is kept of a failed upload.
 */
export async function createPost(
  { db, eventsChannel, storage }: Context,
  userId: string,
  fields: GalleryPostFields,
  upload: Buffer,
): Promise<GalleryPost> {
  await assertMayPost(db, userId);
  if (fields.actId && !(await repo.ownNumberedAct(db, userId, fields.actId))) {
    throw new AppError("invalid_input", { field: "actId", messageKey: "validation.chooseOne" });
  }
  const photo = await oneAtATime(() => processPhoto(upload));
  const id = randomUUID();
  const imageKey = `gallery/${id}.${photo.image.extension}`;
  const thumbKey = `gallery/${id}-thumb.webp`;
  try {
    await storage.put(imageKey, photo.image.body, photo.image.type);
    await storage.put(thumbKey, photo.thumbnail.body, photo.thumbnail.type);
    await db.transaction().execute(async (trx) => {
      await assertMayPost(trx, userId);
      await repo.insertPost(trx, {
        id,
        user_id: userId,
        caption: fields.caption,
        act_id: fields.actId ?? null,
        image_key: imageKey,
        image_type: photo.image.type,
        image_width: photo.image.width,
        image_height: photo.image.height,
        thumb_key: thumbKey,
        thumb_type: photo.thumbnail.type,
        thumb_width: photo.thumbnail.width,
        thumb_height: photo.thumbnail.height,
      });
      await publish(trx, eventsChannel, { type: "gallery", change: "post", id });
    });
  } catch (error) {
    await Promise.allSettled([storage.delete(imageKey), storage.delete(thumbKey)]);
    throw error;
  }
  return galleryPost(db, userId, id);
}

export async function setPostLike(
  { db, eventsChannel }: Pick<Context, "db" | "eventsChannel">,
  userId: string,
  postId: string,
  liked: boolean,
  limit: LimitInStatement | null,
): Promise<LikeResult> {
  const event = { channel: eventsChannel, payload: { type: "gallery", change: "like", id: postId } as const };
  const likes = await setLike(db, "post", postId, userId, liked, event, limit);
  if (likes === null) throw new AppError("not_found");
  return { liked, likes };
}

export async function countShare(
  { db, eventsChannel }: Pick<Context, "db" | "eventsChannel">,
  postId: string,
): Promise<{ shares: number }> {
  const shares = await repo.countShare(db, postId);
  if (shares === null) throw new AppError("not_found");
  await publish(db, eventsChannel, { type: "gallery", change: "share", id: postId });
  return { shares };
}

/** Authors delete their own posts, files included; nobody else's (the official account hides instead). */
export async function deleteOwnPost({ db, eventsChannel, storage }: Context, userId: string, postId: string): Promise<void> {
  const files = await repo.postFiles(db, postId);
  if (!files) throw new AppError("not_found");
  if (files.user_id !== userId) throw new AppError("forbidden");
  await db.transaction().execute(async (trx) => {
    await forgetReportsOn(trx, { type: "post", id: postId });
    await repo.deletePost(trx, postId);
    await publish(trx, eventsChannel, { type: "gallery", change: "removed", id: postId });
  });
  await Promise.all([storage.delete(files.image_key), storage.delete(files.thumb_key)]);
}

/**
 * A post's image or thumbnail, with the type the server detected when it
 * stored it. A hidden post's files are for the official account only.
 */
export async function postFile(
  { db, storage }: Pick<Context, "db" | "storage">,
  postId: string,
  which: "image" | "thumbnail",
  viewer: { isOfficial: () => Promise<boolean> },
): Promise<{ body: Buffer; type: string }> {
  const files = await repo.postFiles(db, postId);
  if (!files || (files.hidden_at && !(await viewer.isOfficial()))) throw new AppError("not_found");
  const [key, type] = which === "image" ? [files.image_key, files.image_type] : [files.thumb_key, files.thumb_type];
  const body = await storage.get(key);
  if (!body) throw new AppError("not_found");
  return { body, type };
}

export async function galleryStats(db: Kysely<DB>): Promise<GalleryStats> {
  return repo.galleryStats(db);
}

export async function linkableActs(db: Kysely<DB>, userId: string): Promise<LinkableAct[]> {
  const rows = await repo.recentOwnActs(db, userId, 50);
  return rows.map((row) => ({
    id: row.id,
    number: row.act_number,
    organizationName: row.organization_name,
    scannedAt: row.scanned_at.toISOString(),
  }));
}
