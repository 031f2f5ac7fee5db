import { isoMoment, type PersonalData } from "../../platform/personal-data.js";
import { publishedActs } from "../scan/read-models.js";

/** The person's chat messages and gallery posts (with their photos), and their likes. */
export const personalData: PersonalData = {
  exportFor: [
    {
      name: "chat-messages",
      read: async (db, userId) =>
        (
          await db
            .selectFrom("chat_messages")
            .select(["id", "body", "like_count", "created_at", "hidden_at", "hidden_reason"])
            .where("user_id", "=", userId)
            .orderBy("created_at")
            .execute()
        ).map((row) => ({
          id: row.id,
          message: row.body,
          likes: row.like_count,
          sent_at: isoMoment(row.created_at),
          hidden_at: isoMoment(row.hidden_at),
          hidden_reason: row.hidden_reason,
        })),
    },
    {
      name: "gallery-posts",
      read: async (db, userId) =>
        (
          await db
            .selectFrom("gallery_posts as p")
            .leftJoin(publishedActs.from(db).as("a"), "a.id", "p.act_id")
            .select([
              "p.id",
              "p.caption",
              "p.image_key",
              "p.image_type",
              "a.act_number",
              "p.like_count",
              "p.share_count",
              "p.created_at",
              "p.hidden_at",
            ])
            .where("p.user_id", "=", userId)
            .orderBy("p.created_at")
            .execute()
        ).map((row) => ({
          id: row.id,
          caption: row.caption,
          photo: `photos/${row.id}.${row.image_type.split("/")[1] ?? "jpg"}`,
          photo_key: row.image_key, // read by the archive builder to add the photo; not written out
          act_number: row.act_number,
          likes: row.like_count,
          shares: row.share_count,
          posted_at: isoMoment(row.created_at),
          hidden_at: isoMoment(row.hidden_at),
        })),
    },
  ],
  filesOf: async (trx, person) =>
    (await trx.selectFrom("gallery_posts").select(["image_key", "thumb_key"]).where("user_id", "=", person).execute()).flatMap((row) => [
      row.image_key,
      row.thumb_key,
    ]),
  eraseFor: async (trx, person) => {
    // Others' likes of the person's messages and posts go with them (the foreign keys cascade).
    await trx.deleteFrom("chat_message_likes").where("user_id", "=", person).execute();
    await trx.deleteFrom("chat_messages").where("user_id", "=", person).execute();
    await trx.deleteFrom("gallery_post_likes").where("user_id", "=", person).execute();
    await trx.deleteFrom("gallery_posts").where("user_id", "=", person).execute();
  },
};
