import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import type pg from "pg";
import { tallyOf } from "../../src/shared/workplace/climate-survey.js";

/*
 * The floor peer's frequent writes (issue 62 §2): for each, the least SQL
 * that does the write on Kindly's tables, in one round trip where one
 * statement can (two for a team, whose size is counted under its lock). No
 * limits, no moderation, no validation beyond what the SQL itself needs:
 * what Kindly's routes are measured against.
 */

type Answer = { status: number; body: object | null };
export type FloorWrite = (pool: pg.Pool, userId: string, params: string[], body: unknown) => Promise<Answer>;

const EVENTS_CHANNEL = "kindly_floor_events";

const statements = {
  chat: {
    name: "floor_chat_send",
    text: `with author as (select id, username from users where id = $2 and (muted_until is null or muted_until <= now())),
           inserted as (insert into chat_messages (id, user_id, body) select $1, id, $3 from author returning created_at),
           notified as (select pg_notify($4, $5) from inserted)
           select inserted.created_at, author.username from inserted, author, (select count(*) from notified) n`,
  },
  like: {
    name: "floor_like",
    text: `with item as (select id from chat_messages where id = $1 and hidden_at is null),
           changed as (insert into chat_message_likes (message_id, user_id) select id, $2 from item on conflict do nothing returning 1)
           update chat_messages set like_count = like_count + (select count(*) from changed) where id = (select id from item)
           returning like_count, pg_notify($3, $4)`,
  },
  thanks: {
    name: "floor_thanks",
    text: `with act as (
             select a.id, (select p.user_id from acts p
                           where p.card_type = 'portable' and p.card_series_id = a.card_series_id and p.card_number = a.card_number
                             and p.user_id is not null and p.user_id <> a.user_id and p.scanned_at < a.scanned_at
                           order by p.scanned_at desc limit 1) as giver_id
             from acts a where a.id = $2 and a.user_id = $3 and a.card_type = 'portable'
           ), inserted as (
             insert into thanks (id, act_id, user_id, giver_id, message, show_username)
             select $1, id, $3, giver_id, $4, $5 from act where giver_id is not null
             on conflict (act_id) do nothing returning giver_id
           )
           select pg_notify($6, json_build_object('to', giver_id)::text) from inserted`,
  },
  survey: {
    name: "floor_survey",
    text: `with open_survey as (
             select s.id from wellbeing_surveys s
             join workplace_access a on a.organization_id = s.organization_id and a.user_id = $2
             where s.id = $1 and s.is_active
           ), respondent as (
             insert into survey_respondents (survey_id, user_id) select id, $2 from open_survey on conflict do nothing returning survey_id
           )
           insert into survey_answer_tallies as t (survey_id, shard, responses, counts)
           select survey_id, $3, 1, $4::integer[] from respondent
           on conflict (survey_id, shard) do update set
             responses = t.responses + 1,
             counts = (select array_agg(old + new order by i) from unnest(t.counts, excluded.counts) with ordinality as pair(old, new, i))
           returning survey_id`,
  },
  lockTeam: {
    name: "floor_lock_team",
    text: "select id, name, kind, invite_version from teams where id = $1 and closed_at is null for update",
  },
  joinTeam: {
    name: "floor_join_team",
    text: `insert into team_members (id, team_id, user_id, kind)
           select $1, $2, $3, $4 where (select count(*) from team_members where team_id = $2 and left_at is null) < 50`,
  },
  push: {
    name: "floor_push",
    text: `with saved as (
             insert into push_subscriptions (id, user_id, endpoint, p256dh, auth) values ($1, $2, $3, $4, $5)
             on conflict (endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth
             returning id
           )
           delete from push_subscriptions where user_id = $2 and id not in (
             select id from push_subscriptions where user_id = $2 order by created_at desc limit 9
           ) and id not in (select id from saved)`,
  },
};

/** As many tally rows per survey as Kindly spreads its responses over (climate-survey-repository.ts). */
const TALLY_SHARDS = 16;

export function createFloorWrites(secret: string): { match(method: string, url: string): { write: FloorWrite; params: string[] } | null } {
  const sealKey = createHmac("sha256", secret).update("kindly seals v1").digest();
  const sealMatches = (value: string, given: string) => {
    const expected = Buffer.from(createHmac("sha256", sealKey).update(value).digest("base64url").slice(0, 22));
    const actual = Buffer.from(given);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  };

  const chatSend: FloorWrite = async (pool, userId, _, body) => {
    const text = (body as { body: string }).body;
    const id = randomUUID();
    const { rows } = await pool.query<{ created_at: Date; username: string }>({
      ...statements.chat,
      values: [id, userId, text, EVENTS_CHANNEL, JSON.stringify({ type: "chat", change: "message", id })],
    });
    if (!rows[0]) return { status: 403, body: { error: "muted" } };
    return {
      status: 201,
      body: {
        id,
        username: rows[0].username,
        body: text,
        createdAt: rows[0].created_at.toISOString(),
        likes: 0,
        likedByMe: false,
        mine: true,
      },
    };
  };

  const like: FloorWrite = async (pool, userId, [messageId]) => {
    const { rows } = await pool.query<{ like_count: number }>({
      ...statements.like,
      values: [messageId, userId, EVENTS_CHANNEL, JSON.stringify({ type: "chat", change: "like", id: messageId })],
    });
    return rows[0] ? { status: 200, body: { liked: true, likes: rows[0].like_count } } : { status: 404, body: { error: "not_found" } };
  };

  const thanks: FloorWrite = async (pool, userId, [actId], body) => {
    const input = body as { message: string; showUsername: boolean };
    const { rows } = await pool.query({
      ...statements.thanks,
      values: [randomUUID(), actId, userId, input.message, input.showUsername, EVENTS_CHANNEL],
    });
    return rows[0] ? { status: 201, body: { ok: true } } : { status: 404, body: { error: "not_found" } };
  };

  const survey: FloorWrite = async (pool, userId, [surveyId], body) => {
    const answers = (body as { answers: number[] }).answers;
    const { rows } = await pool.query({
      ...statements.survey,
      values: [surveyId, userId, Math.floor(Math.random() * TALLY_SHARDS), tallyOf(answers)],
    });
    return rows[0] ? { status: 204, body: null } : { status: 409, body: { error: "survey_already_answered" } };
  };

  const teamJoin: FloorWrite = async (pool, userId, _, body) => {
    const [teamId, version, seal] = (body as { invite: string }).invite.split(".");
    if (!teamId || !version || !seal || !sealMatches(`team-invite:${teamId}:${version}`, seal))
      return { status: 404, body: { error: "invalid" } };
    const client = await pool.connect();
    try {
      await client.query("begin");
      const { rows } = await client.query<{ id: string; name: string; kind: string; invite_version: number }>({
        ...statements.lockTeam,
        values: [teamId],
      });
      const team = rows[0];
      if (!team || String(team.invite_version) !== version) {
        await client.query("rollback");
        return { status: 404, body: { error: "invalid" } };
      }
      const joined = await client.query({ ...statements.joinTeam, values: [randomUUID(), team.id, userId, team.kind] });
      await client.query("commit");
      return joined.rowCount === 1
        ? { status: 200, body: { id: team.id, name: team.name, kind: team.kind } }
        : { status: 409, body: { error: "team_full" } };
    } catch (error) {
      await client.query("rollback").catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };

  const push: FloorWrite = async (pool, userId, _, body) => {
    const input = body as { endpoint: string; keys: { p256dh: string; auth: string } };
    await pool.query({ ...statements.push, values: [randomUUID(), userId, input.endpoint, input.keys.p256dh, input.keys.auth] });
    return { status: 201, body: { ok: true } };
  };

  const routes: [string, RegExp, FloorWrite][] = [
    ["POST", /^\/api\/chat\/messages$/, chatSend],
    ["PUT", /^\/api\/chat\/messages\/([^/]+)\/like$/, like],
    ["POST", /^\/api\/me\/acts\/([^/]+)\/thanks$/, thanks],
    ["POST", /^\/api\/workplace\/survey\/([^/]+)\/responses$/, survey],
    ["POST", /^\/api\/teams\/join-by-invite$/, teamJoin],
    ["POST", /^\/api\/me\/push-subscriptions$/, push],
  ];
  return {
    match(method, url) {
      for (const [routeMethod, pattern, write] of routes) {
        const found = method === routeMethod ? pattern.exec(url) : null;
        if (found) return { write, params: found.slice(1) };
      }
      return null;
    },
  };
}
