import { randomBytes, randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { DB } from "../../src/server/platform/db/schema.js";
import { buildUsers, type SessionSigning } from "../../src/server/test/factories.js";
import { createLinkSigner } from "../../src/server/platform/storage/signed-links.js";
import { insertSurvey } from "../../src/server/features/workplace/fixtures.js";
import { SURVEY_QUESTIONS } from "../../src/shared/workplace/climate-survey.js";
import { TEAM_MAX_MEMBERS } from "../../src/shared/constants.js";
import { expectOk } from "../load.js";

/*
 * The frequent writes of issue 62 §2, as jobs both Kindly and the floor peer
 * answer (the same paths and bodies): each call makes fresh data, so a run
 * never meets a limit or a uniqueness rule left by the one before it.
 */

export const WRITES = ["chat send", "thanks", "like", "survey submit", "team join", "push subscription"] as const;
export type WriteLabel = (typeof WRITES)[number];

export interface WriteSetup {
  db: Kysely<DB>;
  signing: SessionSigning;
  /** An employer with an open survey; a portable card series. */
  employer: { id: string; surveyId: string };
  cardSeries: { id: string; organizationId: string };
}

type Job = () => Promise<void>;

const post = (url: string, cookie: string, body: unknown, expected: number, method = "POST"): Job => {
  const text = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = text === undefined ? { cookie } : { cookie, "content-type": "application/json" };
  return () => expectOk(fetch(url, { method, headers, body: text }), expected);
};

/** The employer, its open survey and the card series, made once on the benchmark's schema. */
export async function prepareWrites(db: Kysely<DB>, signing: SessionSigning): Promise<WriteSetup> {
  const employerId = "bench-employer";
  await db
    .insertInto("organizations")
    .values({ id: employerId, name: "Bench Employer", type: "company", industry: "Bench", country: "CA", org_code: "KND-BENCHW" })
    .execute();
  const surveyId = randomUUID();
  await insertSurvey(db, {
    id: surveyId,
    organizationId: employerId,
    periodStart: "2026-01-01",
    periodEnd: "2026-12-31",
    resultsShared: false,
  });
  await db
    .insertInto("card_series")
    .values({
      id: "bench-cards",
      organization_id: employerId,
      name: "Bench cards",
      card_type: "portable",
      name_translations: "{}",
      card_count: 10_000,
      qr_token: "bench-cards-token",
    })
    .execute();
  return { db, signing, employer: { id: employerId, surveyId }, cardSeries: { id: "bench-cards", organizationId: employerId } };
}

let nextCard = 1;

/** `count` jobs of each write against `url`. */
export async function writeJobs(setup: WriteSetup, url: string, count: number): Promise<Map<WriteLabel, Job[]>> {
  const { db, signing } = setup;
  const jobs = new Map<WriteLabel, Job[]>();

  // Chat: five messages each (under the limit of ten a minute).
  const chatters = await buildUsers(db, signing, Math.ceil(count / 5));
  jobs.set(
    "chat send",
    Array.from({ length: count }, (_, i) =>
      post(`${url}/api/chat/messages`, chatters[i % chatters.length]!.cookie, { body: `Merci ${i}` }, 201),
    ),
  );

  // Likes: twenty messages, each liked by its own people.
  const authors = await buildUsers(db, signing, 1);
  const messages = Array.from({ length: 20 }, () => randomUUID());
  await db
    .insertInto("chat_messages")
    .values(messages.map((id) => ({ id, user_id: authors[0]!.id, body: "Liked in the benchmark" })))
    .execute();
  const likers = await buildUsers(db, signing, Math.ceil(count / messages.length));
  jobs.set(
    "like",
    Array.from({ length: count }, (_, i) =>
      post(
        `${url}/api/chat/messages/${messages[i % messages.length]}/like`,
        likers[Math.floor(i / messages.length)]!.cookie,
        undefined,
        200,
        "PUT",
      ),
    ),
  );

  // Thanks: each sender holds a card a giver held before them (their two acts numbered past the counter).
  const people = await buildUsers(db, signing, 2 * count);
  const acts = Array.from({ length: count }, (_, i) => ({
    card: nextCard++,
    giver: people[2 * i]!,
    sender: people[2 * i + 1]!,
    id: randomUUID(),
  }));
  const { rows } = await sql<{ last: string }>`
    update act_counter set last_number = last_number + ${2 * count} where id = 1 returning last_number - ${2 * count} as last`.execute(db);
  const first = Number(rows[0]!.last) + 1;
  const actRows = acts.flatMap((act, i) =>
    (["giver", "sender"] as const).map((role, j) => ({
      id: role === "sender" ? act.id : randomUUID(),
      act_number: first + 2 * i + j,
      user_id: act[role].id,
      organization_id: setup.cardSeries.organizationId,
      card_series_id: setup.cardSeries.id,
      card_number: act.card,
      card_type: "portable" as const,
      scanned_at: new Date(Date.now() - (2 - j) * 3_600_000),
      scan_day: new Date().toISOString().slice(0, 10),
      rarity: "bronze" as const,
      user_pseudo: "Kindly #BEEF",
    })),
  );
  for (let start = 0; start < actRows.length; start += 1000)
    await db
      .insertInto("acts")
      .values(actRows.slice(start, start + 1000))
      .execute();
  jobs.set(
    "thanks",
    acts.map((act) =>
      post(`${url}/api/me/acts/${act.id}/thanks`, act.sender.cookie, { message: "Thank you for the card!", showUsername: false }, 201),
    ),
  );

  // The survey: employees of the employer, each answering once.
  const employees = await buildUsers(db, signing, count);
  await db
    .insertInto("workplace_access")
    .values(employees.map((e) => ({ user_id: e.id, organization_id: setup.employer.id, access_code_id: null })))
    .execute();
  const answers = SURVEY_QUESTIONS.map((_, i) => 1 + (i % 5));
  jobs.set(
    "survey submit",
    employees.map((e) => post(`${url}/api/workplace/survey/${setup.employer.surveyId}/responses`, e.cookie, { answers }, 204)),
  );

  // Teams: walking teams, filled up to their size by invite.
  const seal = createLinkSigner(signing.secret);
  const perTeam = TEAM_MAX_MEMBERS - 1;
  const owners = await buildUsers(db, signing, Math.ceil(count / perTeam));
  const teams = owners.map((owner) => ({ id: randomUUID(), owner }));
  await db
    .insertInto("teams")
    .values(
      teams.map((t) => {
        const name = `Bench walkers ${randomBytes(6).toString("hex")}`;
        return {
          id: t.id,
          kind: "walking" as const,
          name,
          name_key: name.toLowerCase(),
          user_id: t.owner.id,
          organization_id: null,
          password_hash: null,
        };
      }),
    )
    .execute();
  await db
    .insertInto("team_members")
    .values(teams.map((t) => ({ id: randomUUID(), team_id: t.id, user_id: t.owner.id, kind: "walking" as const, display_name: null })))
    .execute();
  const joiners = await buildUsers(db, signing, count);
  jobs.set(
    "team join",
    joiners.map((joiner, i) => {
      const team = teams[Math.floor(i / perTeam)]!;
      return post(
        `${url}/api/teams/join-by-invite`,
        joiner.cookie,
        { invite: `${team.id}.1.${seal.seal(`team-invite:${team.id}:1`)}` },
        200,
      );
    }),
  );

  // Push: ten devices each (the most one person keeps).
  const subscribers = await buildUsers(db, signing, Math.ceil(count / 10));
  const key = (bytes: number) => randomBytes(bytes).toString("base64url");
  jobs.set(
    "push subscription",
    Array.from({ length: count }, (_, i) =>
      post(
        `${url}/api/me/push-subscriptions`,
        subscribers[Math.floor(i / 10)]!.cookie,
        { endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`, keys: { p256dh: key(65), auth: key(16) } },
        201,
      ),
    ),
  );
  return jobs;
}
