import { sql, type Kysely, type Transaction } from "kysely";
import type { DB, GalleryPostsTable } from "../../platform/db/schema.js";
import { olderThan, type FeedCursor } from "../../platform/db/keyset.js";
import { people } from "../users/read-models.js";
import { publishedOrganizations } from "../organizations/read-models.js";
import { publishedActs } from "../scan/read-models.js";

export interface PostRow {
  id: string;
  user_id: string;
  username: string;
  caption: string;
  created_at: Date;
  like_count: number;
  share_count: number;
  liked_by_me: boolean;
  act_number: number | null;
  organization_name: string | null;
  image_width: number;
  image_height: number;
  thumb_width: number;
  thumb_height: number;
}

function postsQuery(db: Kysely<DB>, viewerId: string | null) {
  return db
    .selectFrom("gallery_posts as p")
    .innerJoin(people.from(db).as("u"), "u.id", "p.user_id")
    .leftJoin(publishedActs.from(db).as("a"), "a.id", "p.act_id")
    .leftJoin(publishedOrganizations.from(db).as("o"), "o.id", "a.organization_id")
    .select([
      "p.id",
      "p.user_id",
      "u.username",
      "p.caption",
      "p.created_at",
      "p.like_count",
      "p.share_count",
      "a.act_number",
      "o.name as organization_name",
      "p.image_width",
      "p.image_height",
      "p.thumb_width",
      "p.thumb_height",
    ])
    .select(
      viewerId
        ? sql<boolean>`exists (select 1 from gallery_post_likes l where l.post_id = p.id and l.user_id = ${viewerId})`.as("liked_by_me")
        : sql<boolean>`false`.as("liked_by_me"),
    )
    .where("p.hidden_at", "is", null);
}

const toRow = (
  row: Omit<PostRow, "created_at" | "act_number"> & { created_at: Date | string; act_number: number | string | null },
): PostRow => ({
  ...row,
  created_at: new Date(row.created_at),
  like_count: Number(row.like_count),
  share_count: Number(row.share_count),
  act_number: row.act_number === null ? null : Number(row.act_number),
});

/** Visible posts, newest first. */
export async function listPosts(db: Kysely<DB>, options: { viewerId: string | null; before: FeedCursor | null; limit: number }) {
  let query = postsQuery(db, options.viewerId).orderBy("p.created_at", "desc").orderBy("p.id", "desc").limit(options.limit);
  if (options.before) query = query.where(olderThan("p", options.before));
  return (await query.execute()).map(toRow);
}

export async function findVisiblePost(db: Kysely<DB>, postId: string, viewerId: string | null): Promise<PostRow | null> {
  const row = await postsQuery(db, viewerId).where("p.id", "=", postId).executeTakeFirst();
  return row ? toRow(row) : null;
}

export async function insertPost(
  trx: Transaction<DB>,
  post: Omit<GalleryPostsTable, "like_count" | "share_count" | "created_at" | "hidden_at" | "hidden_by" | "hidden_reason">,
) {
  await trx
    .insertInto("gallery_posts")
    .values({ ...post, hidden_at: null, hidden_by: null, hidden_reason: null })
    .execute();
}

/** The act must be the author's own and numbered (docs/design.md §4.5). */
export async function ownNumberedAct(db: Kysely<DB> | Transaction<DB>, userId: string, actId: string): Promise<boolean> {
  const row = await db
    .selectFrom(publishedActs.from(db).as("acts"))
    .select("id")
    .where("id", "=", actId)
    .where("user_id", "=", userId)
    .where("act_number", "is not", null)
    .executeTakeFirst();
  return row !== undefined;
}

/** The author's latest acts, for the "link to one of my acts" choice. */
export async function recentOwnActs(db: Kysely<DB>, userId: string, limit: number) {
  const rows = await db
    .selectFrom(publishedActs.from(db).as("a"))
    .innerJoin(publishedOrganizations.from(db).as("o"), "o.id", "a.organization_id")
    .select(["a.id", "a.act_number", "o.name as organization_name", "a.scanned_at"])
    .where("a.user_id", "=", userId)
    .where("a.act_number", "is not", null)
    .orderBy("a.scanned_at", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, act_number: Number(row.act_number), scanned_at: new Date(row.scanned_at) }));
}

export async function countShare(db: Kysely<DB>, postId: string): Promise<number | null> {
  const row = await db
    .updateTable("gallery_posts")
    .set({ share_count: sql`share_count + 1` })
    .where("id", "=", postId)
    .where("hidden_at", "is", null)
    .returning("share_count")
    .executeTakeFirst();
  return row ? Number(row.share_count) : null;
}

/** What serving a post's files needs: where they are, what they are, and whether the post is hidden. */
export async function postFiles(db: Kysely<DB>, postId: string) {
  return db
    .selectFrom("gallery_posts")
    .select(["user_id", "image_key", "image_type", "thumb_key", "thumb_type", "hidden_at"])
    .where("id", "=", postId)
    .executeTakeFirst();
}

export async function deletePost(trx: Transaction<DB>, postId: string): Promise<void> {
  await trx.deleteFrom("gallery_posts").where("id", "=", postId).execute();
}

export async function galleryStats(db: Kysely<DB>): Promise<{ photos: number; likes: number; shares: number }> {
  const row = await db
    .selectFrom("gallery_posts")
    .select((eb) => [
      eb.fn.countAll<string>().as("photos"),
      sql<string>`coalesce(sum(like_count), 0)`.as("likes"),
      sql<string>`coalesce(sum(share_count), 0)`.as("shares"),
    ])
    .where("hidden_at", "is", null)
    .executeTakeFirstOrThrow();
  return { photos: Number(row.photos), likes: Number(row.likes), shares: Number(row.shares) };
}
