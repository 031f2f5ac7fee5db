import type { Kysely } from "kysely";
import { LANGUAGES } from "../../../shared/i18n/languages.js";
import type { LocalizedText } from "../../../shared/i18n/localized-text.js";
import type { DB } from "../../platform/db/schema.js";
import { consentHistory } from "../users/index.js";

/** A contest's name as columns, one per language (contest_en, contest_fr…): CSV files hold scalars. */
const contestNames = (name: LocalizedText) =>
  Object.fromEntries(LANGUAGES.map((language) => [`contest_${language}`, name[language] ?? ""]));

/** One section of an archive: its rows, each a flat record (written as JSON and as CSV). */
export type Rows = Record<string, string | number | boolean | null>[];

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * Everything Kindly holds about one person, section by section; every query
 * is filtered on the person's id, and joins only reach public facts (an
 * organisation's name, a contest's name). Survey answers are not here: they
 * are stored apart from anyone.
 */
export const EXPORT_SECTIONS: { name: string; folder?: string; read: (db: Kysely<DB>, userId: string) => Promise<Rows> }[] = [
  {
    name: "profile",
    read: async (db, userId) => {
      const user = await db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirstOrThrow();
      const roles = await db.selectFrom("user_roles").select("role").where("user_id", "=", userId).execute();
      return [
        {
          id: user.id,
          username: user.username,
          email: user.email,
          email_confirmed: user.email_verified,
          country: user.country,
          language: user.language_preference,
          roles: roles.map((row) => row.role).join(" "),
          show_username_on_leaderboards: user.show_on_leaderboards,
          show_username_on_card_journeys: user.show_on_card_journeys,
          member_since: iso(user.created_at),
          last_sign_in: iso(user.last_sign_in_at),
        },
      ];
    },
  },
  {
    name: "consents",
    read: async (db, userId) =>
      (await consentHistory(db, userId)).map((row) => ({
        document: row.document,
        version: row.version,
        accepted_at: iso(row.accepted_at),
      })),
  },
  {
    name: "acts",
    read: async (db, userId) =>
      (
        await db
          .selectFrom("acts as a")
          .innerJoin("organizations as o", "o.id", "a.organization_id")
          .select([
            "a.act_number",
            "a.scanned_at",
            "a.scan_day",
            "o.name",
            "a.card_type",
            "a.rarity",
            "a.country",
            "a.latitude",
            "a.longitude",
            "a.place_name",
          ])
          .where("a.user_id", "=", userId)
          .orderBy("a.scanned_at")
          .execute()
      ).map((row) => ({
        act_number: row.act_number,
        recorded_at: iso(row.scanned_at),
        day: row.scan_day,
        organisation: row.name,
        card_type: row.card_type,
        rarity: row.rarity,
        country: row.country,
        latitude: row.latitude,
        longitude: row.longitude,
        card_stop_place: row.place_name,
      })),
  },
  {
    // Acts the official account voided after reviewing unusual scans: no longer counted, kept with the reason.
    name: "voided-acts",
    read: async (db, userId) =>
      (
        await db
          .selectFrom("voided_acts as v")
          .innerJoin("organizations as o", "o.id", "v.organization_id")
          .select(["v.act_number", "v.scanned_at", "o.name", "v.card_type", "v.latitude", "v.longitude", "v.reason", "v.voided_at"])
          .where("v.user_id", "=", userId)
          .orderBy("v.scanned_at")
          .execute()
      ).map((row) => ({
        act_number: row.act_number,
        recorded_at: iso(row.scanned_at),
        organisation: row.name,
        card_type: row.card_type,
        latitude: row.latitude,
        longitude: row.longitude,
        reason: row.reason,
        voided_at: iso(row.voided_at),
      })),
  },
  {
    name: "achievements",
    read: async (db, userId) =>
      (
        await db
          .selectFrom("user_achievements")
          .select(["achievement_id", "earned_at"])
          .where("user_id", "=", userId)
          .orderBy("earned_at")
          .execute()
      ).map((row) => ({ achievement: row.achievement_id, earned_at: iso(row.earned_at) })),
  },
  {
    name: "contest-tickets",
    read: async (db, userId) =>
      (
        await db
          .selectFrom("contest_entries as e")
          .innerJoin("contests as c", "c.id", "e.contest_id")
          .select(["c.name", "e.tickets", "e.updated_at"])
          .where("e.user_id", "=", userId)
          .orderBy("e.updated_at")
          .execute()
      ).map((row) => ({ ...contestNames(row.name), tickets: row.tickets, last_ticket_at: iso(row.updated_at) })),
  },
  {
    name: "contest-wins",
    read: async (db, userId) =>
      (
        await db
          .selectFrom("contest_winners as w")
          .innerJoin("contests as c", "c.id", "w.contest_id")
          .select(["c.name", "w.prize_position", "w.emailed_at"])
          .where("w.user_id", "=", userId)
          .execute()
      ).map((row) => ({
        ...contestNames(row.name),
        prize_position: row.prize_position,
        told_at: iso(row.emailed_at),
      })),
  },
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
        sent_at: iso(row.created_at),
        hidden_at: iso(row.hidden_at),
        hidden_reason: row.hidden_reason,
      })),
  },
  {
    name: "thanks-sent",
    read: async (db, userId) =>
      (
        await db
          .selectFrom("thanks as t")
          .innerJoin("acts as a", "a.id", "t.act_id")
          .select(["t.id", "t.message", "t.show_username", "t.created_at", "t.hidden_at", "a.act_number"])
          .where("t.user_id", "=", userId)
          .orderBy("t.created_at")
          .execute()
      ).map((row) => ({
        id: row.id,
        act_number: row.act_number,
        message: row.message,
        named_yourself: row.show_username,
        sent_at: iso(row.created_at),
        hidden_at: iso(row.hidden_at),
      })),
  },
  {
    // Thanks others sent this person: their words, and their name only where they chose to give it.
    name: "thanks-received",
    read: async (db, userId) =>
      (
        await db
          .selectFrom("thanks as t")
          .innerJoin("users as u", "u.id", "t.user_id")
          .select(["t.id", "t.message", "t.show_username", "u.username", "t.created_at", "t.hidden_at"])
          .where("t.giver_id", "=", userId)
          .orderBy("t.created_at")
          .execute()
      ).map((row) => ({
        id: row.id,
        message: row.hidden_at ? "" : row.message,
        from: row.show_username ? row.username : null,
        received_at: iso(row.created_at),
      })),
  },
  {
    name: "gallery-posts",
    read: async (db, userId) =>
      (
        await db
          .selectFrom("gallery_posts as p")
          .leftJoin("acts as a", "a.id", "p.act_id")
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
        posted_at: iso(row.created_at),
        hidden_at: iso(row.hidden_at),
      })),
  },
  {
    name: "reports-made",
    read: async (db, userId) =>
      (
        await db
          .selectFrom("content_reports")
          .select(["content_type", "content_id", "reason", "details", "created_at", "resolved_at"])
          .where("reporter_id", "=", userId)
          .orderBy("created_at")
          .execute()
      ).map((row) => ({
        reported: row.content_type,
        reported_id: row.content_id,
        reason: row.reason,
        details: row.details,
        reported_at: iso(row.created_at),
        resolved_at: iso(row.resolved_at),
      })),
  },
  {
    name: "cards-silenced",
    read: async (db, userId) =>
      (
        await db
          .selectFrom("card_mutes as m")
          .innerJoin("card_series as s", "s.id", "m.card_series_id")
          .select(["s.name", "m.card_number", "m.created_at"])
          .where("m.user_id", "=", userId)
          .execute()
      ).map((row) => ({ card: row.name, card_number: row.card_number, since: iso(row.created_at) })),
  },
  {
    name: "teams",
    // Every membership, ended ones too (they decide which team counted an act), and whether the person owns the team now.
    read: async (db, userId) =>
      (
        await db
          .selectFrom("team_members as m")
          .innerJoin("teams as t", "t.id", "m.team_id")
          .select(["t.name", "t.kind", "t.user_id", "t.closed_at", "m.joined_at", "m.left_at", "m.left_reason"])
          .where("m.user_id", "=", userId)
          .orderBy("m.joined_at")
          .execute()
      ).map((row) => ({
        team: row.name,
        kind: row.kind,
        owner: row.user_id === userId && row.left_at === null,
        joined_at: iso(row.joined_at),
        left_at: iso(row.left_at),
        left_because: row.left_reason,
        team_closed_at: iso(row.closed_at),
      })),
  },
  {
    name: "notification-choices",
    read: async (db, userId) =>
      await db.selectFrom("notification_preferences").select(["kind", "channel", "enabled"]).where("user_id", "=", userId).execute(),
  },
  {
    name: "push-devices",
    // The push service's address and keys identify a device to its vendor: the archive says a device is there, and since when.
    read: async (db, userId) =>
      (
        await db.selectFrom("push_subscriptions").select(["endpoint", "created_at", "last_sent_at"]).where("user_id", "=", userId).execute()
      ).map((row) => ({ push_service: new URL(row.endpoint).host, since: iso(row.created_at), last_notice: iso(row.last_sent_at) })),
  },
  {
    name: "signed-in-devices",
    read: async (db, userId) =>
      (
        await db
          .selectFrom("sessions")
          .select(["created_at", "updated_at", "expires_at", "ip_address", "country", "user_agent"])
          .where("user_id", "=", userId)
          .execute()
      ).map((row) => ({
        signed_in_at: iso(row.created_at),
        last_seen_at: iso(row.updated_at),
        expires_at: iso(row.expires_at),
        ip_address: row.ip_address,
        country: row.country,
        browser: row.user_agent,
      })),
  },
  {
    name: "training-completions",
    folder: "workplace",
    read: async (db, userId) =>
      (await db.selectFrom("training_completions").selectAll().where("user_id", "=", userId).execute()).map((row) => ({
        module: row.module_id,
        attempts: row.attempts,
        score: row.score,
        passed: row.passed,
        completed_at: iso(row.completed_at),
      })),
  },
  {
    name: "legal-name",
    folder: "workplace",
    read: async (db, userId) =>
      (await db.selectFrom("legal_names").selectAll().where("user_id", "=", userId).execute()).map((row) => ({
        legal_name: row.legal_name,
        purpose: row.purpose,
        recorded_at: iso(row.recorded_at),
        updated_at: iso(row.updated_at),
      })),
  },
  {
    name: "learning-attempts",
    folder: "workplace",
    read: async (db, userId) =>
      (await db.selectFrom("learning_attempts").selectAll().where("user_id", "=", userId).orderBy("started_at").execute()).map((row) => ({
        subject: row.subject,
        questions: row.questions.map((question) => question.id).join(" "),
        started_at: iso(row.started_at),
        graded_at: iso(row.graded_at),
        score: row.score,
      })),
  },
  {
    name: "quiz-results",
    folder: "workplace",
    read: async (db, userId) =>
      (
        await db
          .selectFrom("quiz_results as q")
          .innerJoin("organizations as o", "o.id", "q.organization_id")
          .select(["o.name", "q.quiz_id", "q.attempts", "q.score", "q.passed_at"])
          .where("q.user_id", "=", userId)
          .execute()
      ).map((row) => ({ employer: row.name, quiz: row.quiz_id, attempts: row.attempts, score: row.score, passed_at: iso(row.passed_at) })),
  },
  {
    name: "policy-acknowledgments",
    folder: "workplace",
    read: async (db, userId) =>
      (
        await db
          .selectFrom("policy_acknowledgments as p")
          .innerJoin("organizations as o", "o.id", "p.organization_id")
          .select(["o.name", "p.quiz_score", "p.attempts", "p.acknowledged_at"])
          .where("p.user_id", "=", userId)
          .execute()
      ).map((row) => ({
        employer: row.name,
        quiz_score: row.quiz_score,
        attempts: row.attempts,
        acknowledged_at: iso(row.acknowledged_at),
      })),
  },
  {
    name: "certificates",
    folder: "workplace",
    read: async (db, userId) =>
      (await db.selectFrom("certificates").selectAll().where("user_id", "=", userId).orderBy("issued_at").execute()).map((row) => ({
        verification_code: row.code,
        kind: row.kind,
        holder: row.holder_name,
        employer: row.employer_name,
        completed_at: iso(row.completed_at),
        score: row.score,
        issued_at: iso(row.issued_at),
      })),
  },
  {
    name: "committee-feedback",
    folder: "workplace",
    read: async (db, userId) =>
      (
        await db
          .selectFrom("sst_committee_feedback")
          .select(["subject", "message", "category", "is_anonymous", "status", "response", "created_at"])
          .where("user_id", "=", userId)
          .orderBy("created_at")
          .execute()
      ).map((row) => ({
        subject: row.subject,
        message: row.message,
        category: row.category,
        anonymous: row.is_anonymous,
        status: row.status,
        committee_reply: row.response,
        sent_at: iso(row.created_at),
      })),
  },
];

export async function insertExport(db: Kysely<DB>, id: string, userId: string): Promise<void> {
  await db.insertInto("data_exports").values({ id, user_id: userId, status: "building" }).execute();
}

export async function setProgress(db: Kysely<DB>, id: string, progress: number): Promise<void> {
  await db.updateTable("data_exports").set({ progress }).where("id", "=", id).where("status", "=", "building").execute();
}

export async function markReady(
  db: Kysely<DB>,
  id: string,
  storageKey: string,
  sizeBytes: number,
  readyAt: Date,
  expiresAt: Date,
): Promise<void> {
  await db
    .updateTable("data_exports")
    .set({ status: "ready", progress: 100, storage_key: storageKey, size_bytes: sizeBytes, ready_at: readyAt, expires_at: expiresAt })
    .where("id", "=", id)
    .execute();
}

export async function markFailed(db: Kysely<DB>, id: string): Promise<void> {
  await db.updateTable("data_exports").set({ status: "failed" }).where("id", "=", id).execute();
}

export async function latestExport(db: Kysely<DB>, userId: string) {
  return db.selectFrom("data_exports").selectAll().where("user_id", "=", userId).orderBy("created_at", "desc").limit(1).executeTakeFirst();
}

export async function findExport(db: Kysely<DB>, userId: string, id: string) {
  return db.selectFrom("data_exports").selectAll().where("user_id", "=", userId).where("id", "=", id).executeTakeFirst();
}

/** Archives past their 24 hours (their files are removed, the rows kept as "expired"). */
export async function expiredExports(db: Kysely<DB>, now: Date) {
  return db
    .selectFrom("data_exports")
    .select(["id", "storage_key"])
    .where("expires_at", "<", now)
    .where("storage_key", "is not", null)
    .execute();
}

export async function forgetExportFile(db: Kysely<DB>, id: string): Promise<void> {
  await db.updateTable("data_exports").set({ storage_key: null }).where("id", "=", id).execute();
}
