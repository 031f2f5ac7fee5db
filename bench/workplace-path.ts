import { randomUUID } from "node:crypto";
import { buildUsers } from "../src/server/test/factories.js";
import { buildOrganization } from "../src/server/test/factories.js";
import { loadCertificatePdf } from "../src/server/features/workplace/index.js";
import { insertSurvey, surveyTallies } from "../src/server/features/workplace/fixtures.js";
import { dropSchema, freshSchema, openSchema, startBenchServer } from "./bench-server.js";
import { expectOk, percentile, row, runConcurrently } from "./load.js";

const EMPLOYEES = 500;
const CLIENTS = 50;
const CERTIFICATES = 30;

/** Positions 1–5 for the twelve questions, varied per person. */
const answersOf = (person: number) => Array.from({ length: 12 }, (_, q) => ((person + q) % 5) + 1);

export async function workplacePath(): Promise<void> {
  console.log(`\nWorkplace: ${EMPLOYEES} employees answer the climate survey, ${CLIENTS} at a time; certificates, PostgreSQL`);
  const schema = await freshSchema("kindly_bench_workplace");
  const server = await startBenchServer(schema, 3951);
  const database = await openSchema(schema);
  try {
    const { db } = database;
    const { org } = await buildOrganization(db, { name: "Coopérative Bienveillante" });
    const people = await buildUsers(db, server.signing, EMPLOYEES);
    await db
      .insertInto("workplace_access")
      .values(people.map((p) => ({ user_id: p.id, organization_id: org.id, access_code_id: null })))
      .execute();
    const surveyId = randomUUID();
    await insertSurvey(db, {
      id: surveyId,
      organizationId: org.id,
      periodStart: "2026-11-15",
      periodEnd: "2027-01-14",
      resultsShared: true,
    });
    // Warm-up on the same path: reading the survey state (session lookup, access check).
    await runConcurrently(
      CLIENTS,
      people.slice(0, CLIENTS).map((p) => () => expectOk(fetch(`${server.url}/api/workplace/survey`, { headers: { cookie: p.cookie } }))),
    );

    /** Person `i` answers; `expected` is 204 the first time, 409 after. */
    const submit = (person: (typeof people)[number], i: number, expected: number) => () =>
      expectOk(
        fetch(`${server.url}/api/workplace/survey/${surveyId}/responses`, {
          method: "POST",
          headers: { cookie: person.cookie, "content-type": "application/json" },
          body: JSON.stringify({ answers: answersOf(i) }),
        }),
        expected,
      );
    const submissions = people.map((person, i) => submit(person, i, 204));
    // What this machine gives any request at this concurrency: no database, a tiny answer.
    const floor = await runConcurrently(
      CLIENTS,
      Array.from({ length: 500 }, () => () => expectOk(fetch(`${server.url}/api/public-config`))),
    );
    const run = await runConcurrently(CLIENTS, submissions);
    const responses = await surveyTallies(db, surveyId);
    const respondents = await db
      .selectFrom("survey_respondents")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("survey_id", "=", surveyId)
      .executeTakeFirstOrThrow();
    // Everyone a second time: each must be refused, and nothing added.
    const again = await runConcurrently(
      CLIENTS,
      people.slice(0, 100).map((person, i) => submit(person, i, 409)),
    );
    const after = await surveyTallies(db, surveyId);
    // Every answer of every person, once: 12 per response in the tallies.
    const answersCounted = after.counts.reduce((sum, n) => sum + n, 0);
    console.log(
      `  ${EMPLOYEES} submissions in ${run.seconds.toFixed(1)} s; tallied ${responses.responses} responses (${answersCounted} answers) and ${Number(respondents.n)} respondents; ` +
        `${again.latencies.length} second tries refused, responses still ${after.responses}`,
    );
    row(
      `(floor: GET /api/public-config, ${CLIENTS} clients, p95; p50 ${percentile(floor.latencies, 50).toFixed(1)})`,
      `${percentile(floor.latencies, 95).toFixed(1)} ms`,
      "(reference)",
    );
    row(
      `survey submit, ${CLIENTS} concurrent clients, p95 (p50 ${percentile(run.latencies, 50).toFixed(1)})`,
      `${percentile(run.latencies, 95).toFixed(1)} ms`,
      "≤ 30 ms",
    );
    row("survey answers counted once each", `${answersCounted}/${EMPLOYEES * 12}`, `${EMPLOYEES * 12}/${EMPLOYEES * 12}`);

    // A training certificate: in the server (HTTP, the holder's request) and the drawing alone.
    const holder = people[0]!;
    await db
      .insertInto("certificates")
      .values({
        id: randomUUID(),
        code: "KC-0123-4567-89AB",
        kind: "training",
        user_id: holder.id,
        organization_id: org.id,
        holder_name: "Marie-Ève Tremblay",
        employer_name: org.name,
        completed_at: new Date(),
        score: 100,
        attempts: null,
        signatory_name: "Jean Gagnon",
        signatory_title: "Directeur des ressources humaines",
      })
      .execute();
    // The legal name a certificate download asks for first.
    await db.insertInto("legal_names").values({ user_id: holder.id, legal_name: "Marie-Ève Tremblay", purpose: "certificates" }).execute();
    const download = () => expectOk(fetch(`${server.url}/api/workplace/certificates/training`, { headers: { cookie: holder.cookie } }));
    await download();
    const http = await runConcurrently(
      1,
      Array.from({ length: CERTIFICATES }, () => download),
    );
    const drawing: number[] = [];
    const { certificatePdf } = await loadCertificatePdf();
    for (let i = 0; i < CERTIFICATES; i++) {
      const t0 = performance.now();
      await certificatePdf(
        {
          kind: "training",
          code: "KC-0123-4567-89AB",
          holder: "Marie-Ève Tremblay",
          employer: org.name,
          employerLogo: null,
          completedAt: new Date(),
          expiresAt: null,
          durationMinutes: 40,
          signatory: { name: "Jean Gagnon", title: "Directeur des ressources humaines" },
          score: 100,
          attempts: null,
          verifyUrl: "http://localhost:3000/verify/KC-0123-4567-89AB",
        },
        "fr",
      );
      drawing.push(performance.now() - t0);
    }
    row(
      `training certificate PDF over HTTP, p95 of ${CERTIFICATES} (p50 ${percentile(http.latencies, 50).toFixed(1)})`,
      `${percentile(http.latencies, 95).toFixed(1)} ms`,
      "≤ 200 ms",
    );
    row(
      `(certificate drawing alone, p95; p50 ${percentile(drawing, 50).toFixed(1)})`,
      `${percentile(drawing, 95).toFixed(1)} ms`,
      "(reference)",
    );
  } finally {
    await database.close();
    await server.stop();
    await dropSchema(schema);
  }
}
