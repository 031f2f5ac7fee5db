import { createHash, createHmac, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import pg from "pg";
import { createFloorWrites } from "./floor-writes.js";

/**
 * The floor peer (issue 29): the least a server can do for a scan on
 * Kindly's own tables, so the benchmark can tell the machine's cost from the
 * code's. Plain node:http and pg, named prepared statements, nothing else:
 *
 * - a cached session check (the signed cookie's HMAC and one query on a miss);
 * - the code's lookup by its token;
 * - in one transaction, the user's lock and the act's insert into `acts`;
 * - a gapless number from a batch, as Kindly numbers (one counter lock per batch).
 *
 * It answers the frequent writes too, each with its essential SQL only
 * (floor-writes.ts).
 *
 * It keeps none of Kindly's rules (limits, travel, totals, aggregates): it is
 * what those rules are measured against, not a server anyone should run.
 * Started by bench/cpu-path.ts with DATABASE_URL, DATABASE_SCHEMA, PORT,
 * AUTH_SECRET and COOKIE_NAME.
 */
const env = (name: string) =>
  process.env[name] ??
  (() => {
    throw new Error(`${name} is required`);
  })();
const secret = env("AUTH_SECRET");
const cookieName = env("COOKIE_NAME");

const pool = new pg.Pool({
  connectionString: env("DATABASE_URL"),
  max: 10,
  options: `-c search_path=${env("DATABASE_SCHEMA")}`,
  application_name: process.env.PGAPPNAME,
});

const statements = {
  session: { name: "floor_session", text: "select user_id from sessions where token = $1 and expires_at > now()" },
  code: {
    name: "floor_code",
    text: `select l.id, l.organization_id, o.org_code from business_locations l join organizations o on o.id = l.organization_id
           where l.qr_token = $1 and l.is_active`,
  },
  lockUser: { name: "floor_lock_user", text: "select id from users where id = $1 for no key update" },
  insertAct: {
    name: "floor_insert_act",
    text: `insert into acts (id, user_id, organization_id, location_id, card_type, scan_day, rarity, scanned_at, latitude, longitude, user_pseudo)
           values ($1, $2, $3, $4, 'virtual', $5, $6, $7, $8, $9, $10)`,
  },
  lockCounter: { name: "floor_lock_counter", text: "select last_number from act_counter where id = 1 for update" },
  number: {
    name: "floor_number",
    text: `with waiting as (
             select id, row_number() over (order by queued_seq) as position
             from acts where act_number is null order by queued_seq limit 2000
           )
           update acts a set act_number = $1::bigint + w.position from waiting w where a.id = w.id
           returning a.id, a.act_number`,
  },
  advanceCounter: { name: "floor_advance_counter", text: "update act_counter set last_number = $1 where id = 1" },
};

const sessions = new Map<string, { userId: string; until: number }>();

/** The cookie's user, from the cache when this signed value was checked in the last 30 s. */
async function userOf(request: IncomingMessage): Promise<string | null> {
  const cookie = request.headers.cookie ?? "";
  const start = cookie.indexOf(`${cookieName}=`);
  if (start < 0) return null;
  const end = cookie.indexOf(";", start);
  const signed = decodeURIComponent(cookie.slice(start + cookieName.length + 1, end < 0 ? undefined : end));
  const cached = sessions.get(signed);
  if (cached && cached.until > Date.now()) return cached.userId;
  const dot = signed.lastIndexOf(".");
  const token = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1), "base64");
  const expected = createHmac("sha256", secret).update(token).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const { rows } = await pool.query<{ user_id: string }>({ ...statements.session, values: [token] });
  if (!rows[0]) return null;
  sessions.set(signed, { userId: rows[0].user_id, until: Date.now() + 30_000 });
  return rows[0].user_id;
}

// Numbering: each waiting act resolves when a batch has numbered it.
const waiting = new Map<string, (n: number) => void>();
let running = false;
async function numberBatches(): Promise<void> {
  if (running) return;
  running = true;
  try {
    while (waiting.size > 0) {
      const client = await pool.connect();
      try {
        await client.query("begin");
        const { rows } = await client.query<{ last_number: number }>({ ...statements.lockCounter, values: [] });
        const last = Number(rows[0]!.last_number);
        const numbered = await client.query<{ id: string; act_number: string }>({ ...statements.number, values: [last] });
        await client.query({ ...statements.advanceCounter, values: [last + numbered.rows.length] });
        await client.query("commit");
        for (const row of numbered.rows) {
          waiting.get(row.id)?.(Number(row.act_number));
          waiting.delete(row.id);
        }
      } catch (error) {
        await client.query("rollback").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    }
  } finally {
    running = false;
  }
}
const numberOf = (actId: string) =>
  new Promise<number>((resolve) => {
    waiting.set(actId, resolve);
    void numberBatches();
  });

/** A public pseudonym per person, as an act carries one (a hash, like Kindly's). */
const pseudonym = (userId: string) => `Kindly #${createHash("sha256").update(userId).digest("hex").slice(0, 4).toUpperCase()}`;

const RARITIES = ["bronze", "silver", "gold", "platinum"] as const;

async function scan(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const userId = await userOf(request);
  if (!userId) return send(response, 401, { error: "unauthorized" });
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { org: string; loc: string; lat: number; lon: number };
  const { rows } = await pool.query<{ id: string; organization_id: string; org_code: string }>({ ...statements.code, values: [body.loc] });
  const place = rows[0];
  if (!place || place.org_code !== body.org) return send(response, 404, { error: "invalid_qr" });
  const actId = randomUUID();
  const now = new Date();
  const rarity = RARITIES[randomInt(4)]!;
  const client = await pool.connect();
  try {
    await client.query("begin");
    await client.query({ ...statements.lockUser, values: [userId] });
    await client.query({
      ...statements.insertAct,
      values: [
        actId,
        userId,
        place.organization_id,
        place.id,
        now.toISOString().slice(0, 10),
        rarity,
        now,
        body.lat,
        body.lon,
        pseudonym(userId),
      ],
    });
    await client.query("commit");
  } catch (error) {
    await client.query("rollback").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  send(response, 201, { status: "success", actId, actNumber: await numberOf(actId), rarity });
}

function send(response: ServerResponse, status: number, body: object): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(text) });
  response.end(text);
}

const writes = createFloorWrites(secret);

/** One of the frequent writes (floor-writes.ts): the session, the JSON body, the write. */
async function write(
  request: IncomingMessage,
  response: ServerResponse,
  found: NonNullable<ReturnType<typeof writes.match>>,
): Promise<void> {
  const userId = await userOf(request);
  if (!userId) return send(response, 401, { error: "unauthorized" });
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body: unknown = chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : undefined;
  const answer = await found.write(pool, userId, found.params, body);
  if (answer.body === null) {
    response.writeHead(answer.status);
    response.end();
  } else send(response, answer.status, answer.body);
}

const server = createServer((request, response) => {
  const found = writes.match(request.method ?? "GET", request.url ?? "/");
  const route = found
    ? write(request, response, found)
    : request.method === "POST" && request.url === "/api/scans"
      ? scan(request, response)
      : request.url === "/api/health"
        ? Promise.resolve(send(response, 200, { ok: true }))
        : Promise.resolve(send(response, 404, { error: "not_found" }));
  route.catch((error: unknown) => {
    console.error(error);
    if (!response.headersSent) send(response, 500, { error: "internal" });
  });
});
server.keepAliveTimeout = 65_000;
server.listen(Number(env("PORT")), "127.0.0.1");
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => server.close(() => void pool.end().then(() => process.exit(0))));
}
