import { buildOrganization, buildUsers, userInput } from "../src/server/test/factories.js";
import { loadShareImage } from "../src/server/features/share/index.js";
import { resolveShortLink } from "../src/server/platform/mail/short-links.js";
import type { ShareFormat } from "../src/shared/schemas/share.js";
import { dropSchema, freshSchema, openSchema, startBenchServer } from "./bench-server.js";
import { percentile, row, timeAndMemory } from "./load.js";

const CLAIMS = 200;
const CONFIRMATIONS = 40;
const RENDERS = 30;

const post = (url: string, body: unknown, cookie?: string) =>
  fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

async function timed(work: () => Promise<Response>, expected: number): Promise<number> {
  const started = performance.now();
  const response = await work();
  const body = await response.text();
  if (response.status !== expected) throw new Error(`expected ${expected}, got ${response.status}: ${body.slice(0, 200)}`);
  return performance.now() - started;
}

/**
 * Sign-up to first act (issue 26): a stranger's scan kept signed out, then
 * claimed. Measured one request at a time, as a person meets it: the claim
 * itself (POST /api/scans/pending/claim, the step the confirmation runs),
 * and the whole confirmation that signs in and records the act.
 */
async function claimAtConfirmation(): Promise<void> {
  console.log(`\nFirst minute: a card kept while signed out, claimed at confirmation, PostgreSQL`);
  const schema = await freshSchema("kindly_bench_first_minute");
  const server = await startBenchServer(schema, 3951, { RATE_LIMIT_SCALE: "1000" });
  const database = await openSchema(schema);
  try {
    const codes = await buildOrganization(database.db);
    const keep = async () => {
      const response = await post(`${server.url}/api/scans/pending`, codes.physical);
      if (response.status !== 201) throw new Error(`keeping a scan answered ${response.status}`);
      return ((await response.json()) as { token: string }).token;
    };
    const people = await buildUsers(database.db, server.signing, CLAIMS);
    const claims: number[] = [];
    for (const person of people) {
      const token = await keep();
      claims.push(await timed(() => post(`${server.url}/api/scans/pending/claim`, { token }, person.cookie), 200));
    }

    const confirmations: number[] = [];
    for (let i = 0; i < CONFIRMATIONS; i++) {
      const token = await keep();
      const user = userInput();
      if ((await post(`${server.url}/api/auth/sign-up`, { ...user, claim: token })).status !== 201) throw new Error("sign-up failed");
      const mail = await database.db
        .selectFrom("dev_outbox")
        .select("text_body")
        .where("to_address", "=", user.email)
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow();
      // The mail's link is written short (/l/<id>): the address it leads to holds the token.
      const short = new URL(mail.text_body.match(/https?:\/\/\S+\/l\/[\w-]+/)![0]);
      const link = new URL((await resolveShortLink(database.db, short.pathname.slice(3)))!, short);
      confirmations.push(
        await timed(() => post(`${server.url}/api/auth/confirm-email`, { token: link.searchParams.get("token"), claim: token }), 200),
      );
    }
    row("claim of a kept scan, p95 (one at a time)", `${percentile(claims, 95).toFixed(1)} ms`, "≤ 50 ms");
    row("  median", `${percentile(claims, 50).toFixed(1)} ms`, "(none)");
    row("confirmation with its claim, p95 (signs in too)", `${percentile(confirmations, 95).toFixed(1)} ms`, "(none)");
  } finally {
    await database.close();
    await server.stop();
    await dropSchema(schema);
  }
}

/** One render's time and memory. */
async function measureRender(format: ShareFormat, actNumber: number): Promise<{ ms: number; megabytes: number }> {
  const { renderShareImage } = await loadShareImage();
  const act = {
    actNumber,
    rarity: "gold" as const,
    organizationName: "Café Soleil — Québec",
    day: "2026-11-25",
    cardType: "portable" as const,
    username: null,
  };
  return timeAndMemory(() => renderShareImage(act, format, actNumber % 2 ? "fr" : "en", "https://kindly.example"));
}

/** The share image (issue 26 §3): drawn fresh each time (the server keeps recent ones; this measures a miss). */
export async function shareImageRender(): Promise<void> {
  console.log(`\nShare images: satori + sharp, ${RENDERS} renders of each format after a warm-up`);
  for (const format of ["preview", "story"] as const) {
    await measureRender(format, 1); // fonts and libraries load once
    const runs: { ms: number; megabytes: number }[] = [];
    for (let i = 0; i < RENDERS; i++) runs.push(await measureRender(format, 100_000 + i));
    row(
      `share image ${format}, render p95`,
      `${percentile(
        runs.map((r) => r.ms),
        95,
      ).toFixed(1)} ms`,
      "≤ 150 ms",
    );
    row(`share image ${format}, memory per render (max)`, `${Math.max(...runs.map((r) => r.megabytes)).toFixed(1)} MB`, "≤ 50 MB");
  }
}

export async function firstMinutePath(): Promise<void> {
  await claimAtConfirmation();
}
