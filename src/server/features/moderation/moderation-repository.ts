import { sql, type Kysely, type Transaction } from "kysely";
import type { ReportInput } from "../../../shared/schemas/community.js";
import type { ContentType, DB } from "../../platform/db/schema.js";
import { people } from "../users/read-models.js";

/** Where each kind of content lives; both tables share the moderation columns. */
const TABLES = { message: "chat_messages", post: "gallery_posts", thanks: "thanks", team: "teams" } as const;
/** A team is moderated by its name; its owner is its `user_id`. */
const TEXT_COLUMN = { message: "body", post: "caption", thanks: "message", team: "name" } as const;

export interface ContentRef {
  type: ContentType;
  id: string;
}

/** The reports on an item, gone with the item (its author deleted it). */
export async function deleteReportsOn(trx: Transaction<DB>, item: ContentRef): Promise<void> {
  await trx.deleteFrom("content_reports").where("content_type", "=", item.type).where("content_id", "=", item.id).execute();
}

export async function insertReport(db: Kysely<DB>, id: string, reporterId: string, item: ContentRef, input: ReportInput): Promise<void> {
  await db
    .insertInto("content_reports")
    .values({
      id,
      content_type: item.type,
      content_id: item.id,
      reporter_id: reporterId,
      reason: input.reason,
      details: input.details ?? "",
    })
    .onConflict((c) =>
      c
        .columns(["content_type", "content_id", "reporter_id"])
        .doUpdateSet({ reason: input.reason, details: input.details ?? "", resolved_at: null, resolved_by: null }),
    )
    .execute();
}

export async function recordAction(
  trx: Transaction<DB>,
  action: { id: string; item: ContentRef; authorId: string; action: "hide" | "restore"; reason: string; moderatorId: string },
): Promise<void> {
  await trx
    .insertInto("moderation_actions")
    .values({
      id: action.id,
      content_type: action.item.type,
      content_id: action.item.id,
      author_id: action.authorId,
      action: action.action,
      reason: action.reason,
      moderator_id: action.moderatorId,
    })
    .execute();
}

export async function resolveReports(trx: Transaction<DB>, item: ContentRef, moderatorId: string): Promise<void> {
  await trx
    .updateTable("content_reports")
    .set({ resolved_at: sql`now()`, resolved_by: moderatorId })
    .where("content_type", "=", item.type)
    .where("content_id", "=", item.id)
    .where("resolved_at", "is", null)
    .execute();
}

export interface ModerationRow {
  type: ContentType;
  id: string;
  author: string;
  text: string;
  created_at: Date;
  open_reports: number;
  reasons: string[] | null;
  details: string[] | null;
  last_reported_at: Date | null;
  hidden_at: Date | null;
  hidden_by: string | null;
  hidden_reason: string | null;
  muted_until: Date | null;
}

/**
 * The Moderation tab's lists: "open" is what people reported and nobody has
 * looked at yet (most recently reported first); "hidden" is what the
 * official account hid (most recently hidden first).
 */
export async function listItems(db: Kysely<DB>, view: "open" | "hidden", limit: number, offset: number): Promise<ModerationRow[]> {
  const content = (type: ContentType) => sql`
    select ${type}::text as type, c.id, c.user_id, c.${sql.ref(TEXT_COLUMN[type])} as text, c.created_at, c.hidden_at, c.hidden_reason,
           hider.username as hidden_by
    from ${sql.table(TABLES[type])} c left join ${people.sql} hider on hider.id = c.hidden_by
    ${view === "open" ? sql`where c.hidden_at is null and exists (select 1 from content_reports r where r.content_type = ${type} and r.content_id = c.id and r.resolved_at is null)` : sql`where c.hidden_at is not null`}
  `;
  const { rows } = await sql<ModerationRow>`
    with items as (${content("message")} union all ${content("post")} union all ${content("thanks")} union all ${content("team")})
    select items.type, items.id, author.username as author, items.text, items.created_at, items.hidden_at, items.hidden_by, items.hidden_reason,
           author.muted_until,
           coalesce(reports.open_reports, 0)::int as open_reports, reports.reasons, reports.details, reports.last_reported_at
    from items
    join ${people.sql} author on author.id = items.user_id
    left join lateral (
      select count(*) filter (where r.resolved_at is null) as open_reports,
             array_agg(distinct r.reason) as reasons,
             array_agg(r.details) filter (where r.details <> '') as details,
             max(r.created_at) as last_reported_at
      from content_reports r where r.content_type = items.type and r.content_id = items.id
    ) reports on true
    order by ${view === "open" ? sql`reports.last_reported_at desc` : sql`items.hidden_at desc`}, items.id
    limit ${limit} offset ${offset}
  `.execute(db);
  return rows;
}
