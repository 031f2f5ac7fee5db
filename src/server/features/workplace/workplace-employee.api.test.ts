import { randomBytes, randomUUID } from "node:crypto";
import { certificateCodeFrom } from "../../../shared/workplace/certificate-code.js";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { aggregateResponses, SCALE_POINTS } from "../../../shared/workplace/climate-survey.js";
import { TRAINING_MODULE_IDS, type LearningSubject } from "../../../shared/workplace/learning.js";
import { addMember, buildEmployees, buildOrganization, signedInUser } from "../../test/factories.js";
import { TestClient } from "../../test/http-client.js";
import { pdfImages, pdfText, readAsCamera } from "../../test/documents.js";
import { photo } from "../../test/images.js";
import { PageSizes } from "pdf-lib";
import { CERTIFICATE_QR } from "./certificate-pdf.js";
import { startTestServer, testDrivers, useTestServer } from "../../test/test-server.js";
import { answersTo, takeAttempt, type Drawn } from "../../test/learning-attempts.js";
import { insertSurvey } from "./climate-survey-repository.js";
import { insertActionItem, insertMeeting, insertMember } from "./committee-repository.js";
import { insertPolicy } from "./policies-repository.js";

const answersAll = (position: number) => Array.from({ length: 12 }, () => position);

const pathOf = (subject: LearningSubject) =>
  subject === "policy" || subject === "harassment" ? `/api/workplace/quizzes/${subject}` : `/api/workplace/training/${subject}`;
/** One attempt from start to grade: drawn by the server, answered as someone who knows the material would. */
const take = (client: TestClient, subject: LearningSubject, miss: number[] = []) => takeAttempt(client, pathOf(subject), subject, miss);
const today = () => new Date().toISOString().slice(0, 10);

describe.each(testDrivers())("the workplace area for employees on %s", (driver) => {
  const suite = useTestServer(driver);

  async function openSurvey(organizationId: string, resultsShared = true) {
    const id = randomUUID();
    await insertSurvey(suite.server.deps.db, { id, organizationId, periodStart: today(), periodEnd: today(), resultsShared });
    return id;
  }

  it("takes each employee's survey once, anonymously, and shows results only from five responses", async () => {
    const { organizationId, employees } = await buildEmployees(suite.server, 6);
    const surveyId = await openSurvey(organizationId);
    const [first, ...others] = employees;
    const state = (await first!.client.get("/api/workplace/survey")).body;
    expect(state.survey).toMatchObject({ id: surveyId, answered: false, resultsShared: true });
    expect(state.schedule).toHaveLength(6);
    expect(state.schedule.every((p: { opens: string }) => p.opens.endsWith("-15") && p.opens >= today())).toBe(true);

    expect((await first!.client.post(`/api/workplace/survey/${surveyId}/responses`, { answers: answersAll(1) })).status).toBe(204);
    const twice = await first!.client.post(`/api/workplace/survey/${surveyId}/responses`, { answers: answersAll(5) });
    expect(twice.body.error.code).toBe("survey_already_answered");
    expect((await first!.client.post(`/api/workplace/survey/${surveyId}/responses`, { answers: [1, 2, 3] })).status).toBe(400);
    expect((await first!.client.post(`/api/workplace/survey/${surveyId}/responses`, { answers: answersAll(6) })).status).toBe(400);
    expect((await first!.client.get("/api/workplace/survey")).body.survey.answered).toBe(true);

    // Four responses: no results, not even for the employer's people.
    for (const employee of others.slice(0, 3)) {
      expect((await employee.client.post(`/api/workplace/survey/${surveyId}/responses`, { answers: answersAll(4) })).status).toBe(204);
    }
    const early = await first!.client.get("/api/workplace/survey/results");
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe("results_not_ready");
    expect((await first!.client.bytes("/api/workplace/survey/results.pdf")).status).toBe(409);
    // What the employee's view reads to show "not ready yet" (never how many answered: that moves one person at a time).
    const waiting = (await first!.client.get("/api/workplace/survey")).body.survey;
    expect(waiting).toMatchObject({ resultsShared: true, resultsReady: false });
    expect(JSON.stringify(waiting)).not.toMatch(/"responses"|:4\b/);

    await others[3]!.client.post(`/api/workplace/survey/${surveyId}/responses`, { answers: answersAll(4) });
    expect((await first!.client.get("/api/workplace/survey")).body.survey.resultsReady).toBe(true);
    const results = (await first!.client.get("/api/workplace/survey/results")).body;
    // 1 everywhere once, 4 everywhere four times; straight categories (1+4·4)·2/10 = 3.4, mixed (3.4 + (5+2·4)/5=2.6)/2 = 3.0.
    expect(results).toMatchObject({ responses: 5, employeesWithAccess: 6, participationPercent: 83 });
    expect(results.categoryAverages).toMatchObject({ recognition: 3.4, motivation: 3.4, stress: 3, harassment: 3 });
    expect(results.overall).toBe(3.1);
    expect(results.redFlags).toEqual([]);

    // Answers exist only as tallies summed over everyone: no row holds one person's answers.
    const tallies = await suite.server.deps.db.selectFrom("survey_answer_tallies").selectAll().where("survey_id", "=", surveyId).execute();
    expect(Object.keys(tallies[0]!).sort()).toEqual(["counts", "responses", "shard", "survey_id"]);
    expect(tallies.reduce((sum, row) => sum + row.responses, 0)).toBe(5);
    const respondents = await suite.server.deps.db.selectFrom("survey_respondents").selectAll().where("survey_id", "=", surveyId).execute();
    expect(Object.keys(respondents[0]!).sort()).toEqual(["survey_id", "user_id"]);

    const pdf = await first!.client.bytes("/api/workplace/survey/results.pdf");
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const text = (await pdfText(pdf.body)).join("\n");
    expect(text).toContain("5 responses");
    expect(text).toContain("Participation: 83% of 6 employees with access");
    expect(text).toContain(`Overall climate score: 3.1 / ${SCALE_POINTS}`);
    // Its period is written as every workplace document writes dates, not as ISO days.
    const longDay = new Intl.DateTimeFormat("en-CA", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${today()}T12:00:00Z`));
    expect(text).toContain(longDay);
    expect(text).not.toContain(today());
    const french = (
      await pdfText((await first!.client.bytes("/api/workplace/survey/results.pdf", { "x-kindly-language": "fr" })).body)
    ).join("\n");
    expect(french).toContain("sur 6 membres du personnel ayant accès");
  });

  it("counts every answer exactly once when many employees answer at the same moment", async () => {
    const { organizationId, employees } = await buildEmployees(suite.server, 40);
    const surveyId = await openSurvey(organizationId);
    const answersOf = (i: number) => Array.from({ length: 12 }, (_, q) => ((i * 7 + q * 3) % 5) + 1);
    const sent = await Promise.all(
      employees.map((e, i) => e.client.post(`/api/workplace/survey/${surveyId}/responses`, { answers: answersOf(i) })),
    );
    expect(sent.map((r) => r.status)).toEqual(employees.map(() => 204));
    const again = await Promise.all(
      employees.slice(0, 10).map((e) => e.client.post(`/api/workplace/survey/${surveyId}/responses`, { answers: answersOf(0) })),
    );
    expect(again.map((r) => r.status)).toEqual(employees.slice(0, 10).map(() => 409));
    const results = (await employees[0]!.client.get("/api/workplace/survey/results")).body;
    const expected = aggregateResponses(employees.map((_, i) => answersOf(i)));
    expect(results).toMatchObject({ responses: 40, overall: expected.overall, categoryAverages: expected.categoryAverages });
  });

  it("keeps results to employees only when the employer shares them, and raises red flags", async () => {
    const { organizationId, employees } = await buildEmployees(suite.server, 5);
    const surveyId = await openSurvey(organizationId, false);
    for (const employee of employees) {
      await employee.client.post(`/api/workplace/survey/${surveyId}/responses`, { answers: answersAll(1) });
    }
    const refused = await employees[0]!.client.get("/api/workplace/survey/results");
    expect(refused.body.error.code).toBe("results_not_shared");
    await suite.server.deps.db.updateTable("wellbeing_surveys").set({ results_shared: true }).where("id", "=", surveyId).execute();
    const results = (await employees[0]!.client.get("/api/workplace/survey/results")).body;
    expect(results.participationPercent).toBe(100);
    expect(results.redFlags).toEqual([
      { category: "recognition", score: 1, severity: "critical" },
      { category: "motivation", score: 1, severity: "critical" },
    ]);
  });

  it("never lets one employer's people see another's survey, policies or committee", async () => {
    const a = await buildEmployees(suite.server, 1);
    const b = await buildEmployees(suite.server, 1);
    const surveyA = await openSurvey(a.organizationId);
    await insertPolicy(suite.server.deps.db, {
      id: randomUUID(),
      organizationId: a.organizationId,
      fileName: "A-policy.pdf",
      storageKey: "policies/none.pdf",
      size: 10,
      uploadedBy: null,
    });
    await insertMember(suite.server.deps.db, {
      id: randomUUID(),
      organizationId: a.organizationId,
      name: "Alice A",
      role: "president",
      electedDate: today(),
    });
    const outsider = b.employees[0]!.client;
    expect((await outsider.get("/api/workplace/survey")).body.survey).toBeNull();
    expect((await outsider.post(`/api/workplace/survey/${surveyA}/responses`, { answers: answersAll(3) })).body.error.code).toBe(
      "survey_not_open",
    );
    expect((await outsider.get("/api/workplace/policies")).body.policies).toEqual([]);
    expect((await outsider.get("/api/workplace/committee")).body.members).toEqual([]);
    expect((await a.employees[0]!.client.get("/api/workplace/committee")).body.members).toEqual([
      expect.objectContaining({ name: "Alice A", role: "president" }),
    ]);
  });

  it("refuses every employee endpoint to someone without access", async () => {
    const stranger = await signedInUser(suite.server);
    const paths = [
      ["GET", "/api/workplace/survey"],
      ["GET", "/api/workplace/survey/results"],
      ["GET", "/api/workplace/survey/results.pdf"],
      ["POST", `/api/workplace/survey/${randomUUID()}/responses`, { answers: answersAll(3) }],
      ["GET", "/api/workplace/training"],
      ["POST", "/api/workplace/training/social-isolation/attempts"],
      ["POST", `/api/workplace/training/social-isolation/attempts/${randomUUID()}/answers`, { answers: [0, 0, 0] }],
      ["GET", "/api/workplace/quizzes"],
      ["POST", "/api/workplace/quizzes/harassment/attempts"],
      ["POST", `/api/workplace/quizzes/harassment/attempts/${randomUUID()}/answers`, { answers: [0, 0, 0, 0, 0] }],
      ["GET", "/api/workplace/certificates/training"],
      ["GET", "/api/workplace/policies"],
      ["GET", "/api/workplace/challenges"],
      ["GET", "/api/workplace/committee"],
      ["POST", "/api/workplace/committee/feedback", { subject: "Hi", message: "There" }],
    ] as const;
    for (const [method, path, body] of paths) {
      const answer = await stranger.client.request(method, path, body);
      expect([path, answer.status, answer.body?.error?.code]).toEqual([path, 403, "workplace_access_required"]);
      const visitor = await new TestClient(suite.server.url).request(method, path, body);
      expect([path, visitor.status]).toEqual([path, 401]);
    }
  });

  it("opens the training modules in order, passes them only at 100 %, and issues a certificate that anyone can check", async () => {
    const { employees, organizationId } = await buildEmployees(suite.server, 1);
    const me = employees[0]!.client;
    expect((await take(me, "demotivation")).body.error.code).toBe("module_locked");

    // A miss says which question was missed, never which option was right.
    const failed = await take(me, "social-isolation", [0]);
    expect(failed.body).toEqual({
      correct: 2,
      total: 3,
      scorePercent: 67,
      passed: false,
      attempts: 1,
      certificateCode: null,
      results: failed.drawn!.questions.map((question, i) => ({ questionId: question.id, right: i !== 0 })),
    });
    expect((await me.get("/api/workplace/training")).body.modules[0]).toMatchObject({ state: "in_progress", attempts: 1 });

    let code: string | null = null;
    for (const id of TRAINING_MODULE_IDS) {
      const passed = (await take(me, id)).body;
      expect(passed).toMatchObject({ passed: true, scorePercent: 100 });
      code = passed.certificateCode;
      if (id !== "stress-management") {
        expect(code).toBeNull();
        expect((await me.bytes("/api/workplace/certificates/training")).status).toBe(409);
      }
    }
    expect(code).toMatch(/^KC-/);
    expect((await take(me, "social-isolation")).body.error.code).toBe("module_already_completed");
    const progress = (await me.get("/api/workplace/training")).body;
    expect(progress.modules.every((m: { state: string }) => m.state === "completed")).toBe(true);
    expect(progress.certificate).toMatchObject({ code, holder: employees[0]!.username });

    // The download asks for the full legal name first, once; it then names the holder everywhere.
    const unnamed = await me.bytes("/api/workplace/certificates/training");
    expect([unnamed.status, JSON.parse(Buffer.from(unnamed.body).toString()).error.code]).toEqual([409, "legal_name_required"]);
    expect((await me.get("/api/workplace/legal-name")).body).toEqual({ legalName: null });
    expect((await me.put("/api/workplace/legal-name", { legalName: " " })).status).toBe(400);
    expect((await me.put("/api/workplace/legal-name", { legalName: "x".repeat(121) })).status).toBe(400);
    expect((await me.put("/api/workplace/legal-name", { legalName: "  Marie-Ève Tremblay-Côté " })).body).toEqual({
      legalName: "Marie-Ève Tremblay-Côté",
    });
    expect((await me.get("/api/workplace/training")).body.certificate.holder).toBe("Marie-Ève Tremblay-Côté");

    // The employer's logo prints on it, beside Kindly's mark.
    const logo = await photo({ width: 300, height: 120, format: "png" });
    await suite.server.deps.storage.put(`logos/${organizationId}.png`, logo, "image/png");
    await suite.server.deps.db
      .updateTable("organizations")
      .set({ logo_key: `logos/${organizationId}.png`, logo_updated_at: new Date() })
      .where("id", "=", organizationId)
      .execute();
    const pdf = await me.bytes("/api/workplace/certificates/training");
    expect(pdf.status).toBe(200);
    expect(await pdfImages(pdf.body)).toHaveLength(1);
    const text = (await pdfText(pdf.body)).join("\n");
    for (const fact of [
      "Marie-Ève Tremblay-Côté",
      code!,
      "Certificate of completion",
      "Duration: 40 minutes",
      "Learning outcomes",
      "Give recognition that is specific, sincere and timely, to effort as well as results",
      "Spot the signs of chronic stress and act on its causes with the team",
      // No signatory named yet when it was issued: it says who issued it for the employer.
      "Issued by Kindly on behalf of",
    ]) {
      expect(text).toContain(fact);
    }
    expect(text).not.toContain(employees[0]!.username);
    // Its verification code, as a phone aimed at that corner of the printed page reads it.
    const { x, y, size } = CERTIFICATE_QR;
    const corner = { x: x - size, y: 0, width: PageSizes.Letter[1] - x + size, height: y + 2 * size };
    expect(await readAsCamera(pdf.body, { page: 1, qrPoints: size, frames: [corner] })).toEqual([
      `${suite.server.deps.config.APP_URL}/verify/${code}`,
    ]);
    const french = (await pdfText((await me.bytes("/api/workplace/certificates/training", { "x-kindly-language": "fr" })).body)).join("\n");
    expect(french).toContain("Certificat de fin de formation");
    expect(french).toContain("Durée : 40 minutes");
    expect(french).toContain("Objectifs d’apprentissage");

    // /verify/{code}: the facts the certificate prints, and nothing else; typed loosely still works.
    const check = await new TestClient(suite.server.url).get(`/api/certificates/${code!.toLowerCase().replace(/-/g, " ")}`);
    expect(check.status).toBe(200);
    expect(Object.keys(check.body).sort()).toEqual([
      "code",
      "completedOn",
      "durationMinutes",
      "employer",
      "expired",
      "expiresOn",
      "holder",
      "kind",
      "signatory",
      "superseded",
      "withdrawnOn",
    ]);
    expect(check.body).toMatchObject({ code, holder: "Marie-Ève Tremblay-Côté", kind: "training", durationMinutes: 40, signatory: null });
    expect((await new TestClient(suite.server.url).get("/api/certificates/KC-0000-0000-0000")).status).toBe(404);
  });

  it("keeps the name each certificate was issued to: a changed legal name issues a new version, the old one verifying as replaced (issue 46 §1)", async () => {
    const { employees, organizationId } = await buildEmployees(suite.server, 1);
    const [employee] = employees;
    const me = employee!.client;
    const visitor = new TestClient(suite.server.url);
    const first = (await take(me, "harassment")).body.certificateCode as string;
    expect(first).toMatch(/^KC-/);
    // The first legal name given is the one the certificate is issued to: the same code names it.
    expect((await me.put("/api/workplace/legal-name", { legalName: "Alex Tremblay" })).status).toBe(200);
    expect((await visitor.get(`/api/certificates/${first}`)).body).toMatchObject({
      code: first,
      holder: "Alex Tremblay",
      superseded: null,
    });

    // Two changes at once go one after the other: each makes a version, and one version is current at the end.
    const names = ["Alex Gagnon", "Alexandra Gagnon"];
    const answers = await Promise.all(names.map((legalName) => me.put("/api/workplace/legal-name", { legalName })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const versions = await suite.server.deps.db
      .selectFrom("certificates")
      .select(["code", "holder_name", "superseded_at", "superseded_by"])
      .where("user_id", "=", employee!.id)
      .where("kind", "=", "harassment")
      .orderBy("issued_at")
      .execute();
    const current = versions.filter((version) => version.superseded_at === null);
    expect(current).toHaveLength(1);
    expect(versions).toHaveLength(3);
    const finalName = (await me.get("/api/workplace/legal-name")).body.legalName as string;
    expect(current[0]!.holder_name).toBe(finalName);

    // The first code still verifies, naming whom it was issued to, replaced on a day by the next version's code;
    // following the chain leads to the current one, which names the person as they are named now.
    let code = first;
    const seen: string[] = [];
    for (;;) {
      const check = await visitor.get(`/api/certificates/${code}`);
      expect(check.status).toBe(200);
      seen.push(check.body.holder);
      if (!check.body.superseded) break;
      expect(check.body.superseded.on.slice(0, 10)).toBe(new Date().toISOString().slice(0, 10));
      expect(check.body.superseded.reason).toBe("renamed");
      code = check.body.superseded.by;
    }
    expect(seen[0]).toBe("Alex Tremblay");
    expect(seen).toHaveLength(3);
    expect(seen.at(-1)).toBe(finalName);
    expect(code).toBe(current[0]!.code);
    // The download is the current version; the employer counts the certificate once.
    const pdf = await me.bytes("/api/workplace/certificates/harassment");
    expect((await pdfText(pdf.body)).join("\n")).toContain(current[0]!.code);
    const counted = await suite.server.deps.db
      .selectFrom("certificates")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("organization_id", "=", organizationId)
      .where("superseded_at", "is", null)
      .executeTakeFirstOrThrow();
    expect(Number(counted.n)).toBe(1);
  });

  it("signs certificates with the signatory the employer names in its settings, as it was when each was issued", async () => {
    const { db } = suite.server.deps;
    const { organizationId, employees } = await buildEmployees(suite.server, 1);
    const owner = await signedInUser(suite.server);
    await addMember(db, organizationId, owner.id, "owner");
    const path = `/api/organizations/${organizationId}/workplace/signatory`;
    expect((await owner.client.get(path)).body).toEqual({ signatory: null });
    expect((await owner.client.put(path, { name: "J", title: "Directrice" })).status).toBe(400);
    expect((await owner.client.put(path, { name: "Jeanne Gagnon", title: "Directrice des ressources humaines" })).status).toBe(200);
    expect((await employees[0]!.client.get(path)).status).toBe(403);

    const me = employees[0]!;
    await me.client.put("/api/workplace/legal-name", { legalName: "Karim Haddad" });
    const code = (await take(me.client, "harassment")).body.certificateCode;
    // A later signatory signs later certificates; this one keeps Jeanne Gagnon.
    await owner.client.put(path, { name: "Paul Roy", title: "Président" });
    const text = (await pdfText((await me.client.bytes("/api/workplace/certificates/harassment")).body)).join("\n");
    for (const fact of [
      "Karim Haddad",
      "Jeanne Gagnon",
      "Directrice des ressources humaines",
      "Duration: 15 minutes",
      "Support a colleague as a witness",
    ]) {
      expect(text).toContain(fact);
    }
    expect(text).not.toContain("Paul Roy");
    expect((await new TestClient(suite.server.url).get(`/api/certificates/${code}`)).body).toMatchObject({
      holder: "Karim Haddad",
      signatory: { name: "Jeanne Gagnon", title: "Directrice des ressources humaines" },
      durationMinutes: 15,
      kind: "harassment",
    });
    expect((await owner.client.delete(path)).body).toEqual({ signatory: null });
  });

  it("keeps verifying certificates issued before legal names and signatories, with their codes", async () => {
    const { db } = suite.server.deps;
    const { organizationId, employees } = await buildEmployees(suite.server, 1);
    const code = certificateCodeFrom(randomBytes(11));
    // As a certificate issued before migration 0024 stands: the username, no signatory.
    await db
      .insertInto("certificates")
      .values({
        id: randomUUID(),
        code,
        kind: "policy",
        user_id: employees[0]!.id,
        organization_id: organizationId,
        holder_name: employees[0]!.username,
        employer_name: "Café d’avant",
        completed_at: new Date("2026-05-04T15:00:00Z"),
        score: 100,
        attempts: 2,
      })
      .execute();
    expect((await new TestClient(suite.server.url).get(`/api/certificates/${code}`)).body).toEqual({
      code,
      holder: employees[0]!.username,
      kind: "policy",
      completedOn: "2026-05-04T15:00:00.000Z",
      employer: "Café d’avant",
      durationMinutes: 20,
      signatory: null,
      superseded: null,
      // Issued before certificates expired, of a kind that does not: no expiry.
      expiresOn: null,
      expired: false,
      withdrawnOn: null,
    });
    // Once its holder gives a legal name, the same code verifies under it.
    await employees[0]!.client.put("/api/workplace/legal-name", { legalName: "Léa Bouchard" });
    expect((await new TestClient(suite.server.url).get(`/api/certificates/${code}`)).body).toMatchObject({ code, holder: "Léa Bouchard" });
  });

  it("draws each attempt from the pool: other questions on the next try, no key before or after grading, answers graded once", async () => {
    const { employees } = await buildEmployees(suite.server, 2);
    const me = employees[0]!.client;
    const start = async () => (await me.post("/api/workplace/quizzes/harassment/attempts")).body as Drawn;

    const first = await start();
    // What the browser gets before grading: question ids and the shown order of their options, nothing that marks the right one.
    expect(Object.keys(first).sort()).toEqual(["attemptId", "questions"]);
    expect(first.questions).toHaveLength(5);
    for (const question of first.questions) {
      expect(Object.keys(question).sort()).toEqual(["id", "options"]);
      expect([...question.options].sort()).toEqual([0, 1, 2, 3]);
    }
    // A reload gives the open attempt back rather than a new draw.
    expect(await start()).toEqual(first);
    // Nobody else can answer it.
    const stranger = await employees[1]!.client.post(`/api/workplace/quizzes/harassment/attempts/${first.attemptId}/answers`, {
      answers: answersTo("harassment", first),
    });
    expect(stranger.status).toBe(404);

    const graded = (
      await me.post(`/api/workplace/quizzes/harassment/attempts/${first.attemptId}/answers`, {
        answers: answersTo("harassment", first, [1]),
      })
    ).body;
    expect(graded.results.map((result: { questionId: string }) => result.questionId)).toEqual(first.questions.map((q) => q.id));
    expect(JSON.stringify(graded)).not.toMatch(/correct(Index|Option)|answer/i);
    // The same answers again, to the same attempt: refused, and not counted.
    const replay = await me.post(`/api/workplace/quizzes/harassment/attempts/${first.attemptId}/answers`, {
      answers: answersTo("harassment", first),
    });
    expect([replay.status, replay.body.error.code]).toEqual([409, "attempt_already_graded"]);

    // The next attempt asks none of the previous one's questions (each topic's pool has three).
    const second = await start();
    expect(second.attemptId).not.toBe(first.attemptId);
    const asked = new Set(first.questions.map((q) => q.id));
    expect(second.questions.filter((q) => asked.has(q.id))).toEqual([]);
    // Over many draws, the right option shows up in every place: the order is shuffled, not fixed.
    const places = new Set<number>();
    for (let i = 0; i < 12; i++) {
      const drawn = (await me.post(`/api/workplace/quizzes/harassment/attempts`)).body as Drawn;
      for (const place of answersTo("harassment", drawn)) places.add(place);
      await me.post(`/api/workplace/quizzes/harassment/attempts/${drawn.attemptId}/answers`, {
        answers: answersTo("harassment", drawn, [0]),
      });
    }
    expect([...places].sort()).toEqual([0, 1, 2, 3]);
    expect((await me.get("/api/workplace/quizzes")).body.quizzes[1]).toMatchObject({
      id: "harassment",
      attempts: 13,
      certificateCode: null,
    });
  });

  it("grades the policy and harassment quizzes, counts attempts, records the acknowledgment and certifies a pass", async () => {
    const { organizationId, employees } = await buildEmployees(suite.server, 1);
    const me = employees[0]!;
    const failed = (await take(me.client, "harassment", [4])).body;
    expect(failed).toMatchObject({ passed: false, scorePercent: 80, attempts: 1, certificateCode: null });
    const passed = (await take(me.client, "harassment")).body;
    expect(passed).toMatchObject({ passed: true, scorePercent: 100, attempts: 2 });
    expect((await take(me.client, "harassment")).body.error.code).toBe("quiz_already_passed");
    await me.client.put("/api/workplace/legal-name", { legalName: "Nadia Rahmani" });
    const text = (await pdfText((await me.client.bytes("/api/workplace/certificates/harassment")).body)).join("\n");
    expect(text).toContain("Harassment prevention certificate");
    expect(text).toContain("2 attempts");
    expect(text).toContain("Score: 100%");
    expect(text).toContain(passed.certificateCode);

    const policyAttempt = (await me.client.post("/api/workplace/quizzes/policy/attempts")).body as Drawn;
    const tooFew = await me.client.post(`/api/workplace/quizzes/policy/attempts/${policyAttempt.attemptId}/answers`, { answers: [0, 0] });
    expect(tooFew.status).toBe(400);
    const policy = (
      await me.client.post(`/api/workplace/quizzes/policy/attempts/${policyAttempt.attemptId}/answers`, {
        answers: answersTo("policy", policyAttempt),
      })
    ).body;
    expect(policy).toMatchObject({ passed: true, attempts: 1 });
    const ack = await suite.server.deps.db.selectFrom("policy_acknowledgments").selectAll().where("user_id", "=", me.id).execute();
    expect(ack).toEqual([expect.objectContaining({ organization_id: organizationId, quiz_score: 100, attempts: 1 })]);
    const state = (await me.client.get("/api/workplace/quizzes")).body.quizzes;
    expect(state.map((q: { id: string; certificateCode: string | null }) => [q.id, q.certificateCode !== null])).toEqual([
      ["policy", true],
      ["harassment", true],
    ]);
  });

  it("lists the employer's active policies newest first, through links that work for one hour and cannot be altered", async () => {
    const { organizationId, employees } = await buildEmployees(suite.server, 1);
    const { deps } = suite.server;
    const pdf = await PDFDocument.create();
    pdf.addPage().drawText("Politique de prévention du harcèlement");
    const bytes = Buffer.from(await pdf.save());
    const older = randomUUID();
    const newer = randomUUID();
    for (const [id, name] of [
      [older, "Code de conduite.pdf"],
      [newer, "Politique harcèlement.pdf"],
    ] as const) {
      await deps.storage.put(`policies/${id}.pdf`, bytes, "application/pdf");
      await insertPolicy(deps.db, {
        id,
        organizationId,
        fileName: name,
        storageKey: `policies/${id}.pdf`,
        size: bytes.length,
        uploadedBy: null,
      });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await deps.db
      .updateTable("workplace_policy_files")
      .set({ uploaded_at: new Date(Date.now() - 86_400_000) })
      .where("id", "=", older)
      .execute();
    const policies = (await employees[0]!.client.get("/api/workplace/policies")).body.policies;
    expect(policies.map((p: { fileName: string }) => p.fileName)).toEqual(["Politique harcèlement.pdf", "Code de conduite.pdf"]);

    const link = new URL(policies[0].url, suite.server.url);
    const expires = Number(link.searchParams.get("expires"));
    expect(expires * 1000 - Date.now()).toBeGreaterThan(3590_000);
    expect(expires * 1000 - Date.now()).toBeLessThanOrEqual(3600_000);
    // The link works without a session…
    const opened = await new TestClient(suite.server.url).bytes(link.pathname + link.search);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("content-type")).toBe("application/pdf");
    expect((await pdfText(opened.body)).join(" ")).toContain("Politique de prévention du harcèlement");
    // …but not for another file, a later expiry or an expired one.
    const other = `/api/workplace/policy-files/${older}${link.search}`;
    expect((await new TestClient(suite.server.url).bytes(other)).status).toBe(404);
    link.searchParams.set("expires", String(expires + 3600));
    expect((await new TestClient(suite.server.url).bytes(link.pathname + link.search)).status).toBe(404);
    const past = deps.signer.sign(`/api/workplace/policy-files/${newer}`, 3600, new Date(Date.now() - 3601_000));
    expect((await new TestClient(suite.server.url).bytes(past)).status).toBe(404);
  });

  it("counts this month's scans for me and my team, from real acts", async () => {
    const { organizationId, employees } = await buildEmployees(suite.server, 3);
    const shop = await buildOrganization(suite.server.deps.db);
    const [me, colleague] = employees;
    for (const person of [me!, me!, colleague!]) {
      await person.client.post("/api/scans", shop.physical);
    }
    // Cards count once per organisation: a second shop for the second act.
    const other = await buildOrganization(suite.server.deps.db);
    await me!.client.post("/api/scans", other.physical);
    const challenges = (await me!.client.get("/api/workplace/challenges")).body;
    expect(challenges).toMatchObject({ target: 15, personal: 2, team: { members: 3, total: 3, goal: 45, averagePerPerson: 1 } });
    expect(organizationId).toBeTruthy();
  });

  it("shows the committee and takes feedback, anonymous feedback keeping no author", async () => {
    const { organizationId, employees } = await buildEmployees(suite.server, 1);
    const { db } = suite.server.deps;
    const me = employees[0]!;
    await insertMember(db, { id: randomUUID(), organizationId, name: "Older Member", role: "secretary", electedDate: "2025-01-10" });
    await insertMember(db, {
      id: randomUUID(),
      organizationId,
      name: "Newer Member",
      role: "worker_representative",
      electedDate: "2026-03-01",
    });
    for (let i = 1; i <= 6; i++) {
      await insertMeeting(db, {
        id: randomUUID(),
        organizationId,
        title: `Meeting ${i}`,
        date: `2026-0${i}-10`,
        keyDecisions: `Decision ${i}`,
      });
    }
    for (const [title, status, due] of [
      ["Later", "pending", "2027-02-01"],
      ["Sooner", "in_progress", "2026-12-01"],
      ["Done", "completed", "2026-10-01"],
    ] as const) {
      await insertActionItem(db, { id: randomUUID(), organizationId, title, priority: "high", status, dueDate: due });
    }
    const view = (await me.client.get("/api/workplace/committee")).body;
    expect(view.members.map((m: { name: string }) => m.name)).toEqual(["Newer Member", "Older Member"]);
    expect(view.meetings.map((m: { title: string }) => m.title)).toEqual(["Meeting 6", "Meeting 5", "Meeting 4", "Meeting 3", "Meeting 2"]);
    expect(view.initiatives.map((i: { title: string }) => i.title)).toEqual(["Sooner", "Later"]);

    expect((await me.client.post("/api/workplace/committee/feedback", { subject: " ", message: "x" })).status).toBe(400);
    const signed = await me.client.post("/api/workplace/committee/feedback", { subject: "Ventilation", message: "The shop is too hot." });
    expect(signed.status).toBe(201);
    const secret = await me.client.post("/api/workplace/committee/feedback", {
      subject: "A manager's tone",
      message: "Meetings have become tense.",
      category: "wellbeing",
      anonymous: true,
    });
    expect(secret.status).toBe(201);
    const stored = await db.selectFrom("sst_committee_feedback").selectAll().where("organization_id", "=", organizationId).execute();
    expect(stored.find((f) => f.subject === "Ventilation")).toMatchObject({ user_id: me.id, category: "wellbeing", is_anonymous: false });
    expect(stored.find((f) => f.is_anonymous)).toMatchObject({ user_id: null });

    // The committee's reply reaches the author of signed feedback; anonymous feedback is nobody's to see.
    await db
      .updateTable("sst_committee_feedback")
      .set({ response: "We ordered fans.", status: "reviewed", reviewed_at: new Date() })
      .execute();
    const mine = (await me.client.get("/api/workplace/committee")).body.myFeedback;
    expect(mine).toEqual([expect.objectContaining({ subject: "Ventilation", response: "We ordered fans.", status: "reviewed" })]);
  });

  it("never names a respondent or an anonymous author in any answer", async () => {
    const { organizationId, employees } = await buildEmployees(suite.server, 5);
    const surveyId = await openSurvey(organizationId);
    const owner = await signedInUser(suite.server);
    await suite.server.deps.db
      .insertInto("organization_members")
      .values({ organization_id: organizationId, user_id: owner.id, role: "owner" })
      .execute();
    const bodies: string[] = [];
    for (const employee of employees) {
      await employee.client.post(`/api/workplace/survey/${surveyId}/responses`, { answers: answersAll(2) });
      await employee.client.post("/api/workplace/committee/feedback", { subject: "Anonymous", message: "Quiet word", anonymous: true });
    }
    const reader = employees[0]!;
    for (const path of [
      "/api/workplace/survey",
      "/api/workplace/survey/results",
      "/api/workplace/committee",
      "/api/workplace/challenges",
    ]) {
      bodies.push((await reader.client.get(path)).text);
    }
    bodies.push((await owner.client.get(`/api/organizations/${organizationId}/workplace/codes`)).text);
    const respondents = employees.slice(1).flatMap((e) => [e.id, e.username]);
    for (const body of bodies) for (const id of respondents) expect(body).not.toContain(id);
  });
});

describe("learning attempts across two processes", () => {
  it("open one attempt and grade it once, however many requests race for it", async () => {
    const first = await startTestServer("postgres");
    const second = await startTestServer("postgres", { database: { url: first.databaseUrl } });
    try {
      const { employees } = await buildEmployees(first, 1);
      const clients = [first, second].map((server) => new TestClient(server.url, { cookie: employees[0]!.cookie }));
      const path = "/api/workplace/training/social-isolation/attempts";
      const started = await Promise.all(Array.from({ length: 6 }, (_, i) => clients[i % 2]!.post(path)));
      expect(new Set(started.map((answer) => answer.body.attemptId)).size).toBe(1);
      const drawn = started[0]!.body as Drawn;
      const answers = answersTo("social-isolation", drawn, [2]);
      const graded = await Promise.all(
        Array.from({ length: 6 }, (_, i) => clients[i % 2]!.post(`${path}/${drawn.attemptId}/answers`, { answers })),
      );
      expect(graded.filter((answer) => answer.status === 200)).toHaveLength(1);
      expect(graded.filter((answer) => answer.status === 409).map((answer) => answer.body.error.code)).toEqual(
        Array.from({ length: 5 }, () => "attempt_already_graded"),
      );
      expect((await clients[1]!.get("/api/workplace/training")).body.modules[0]).toMatchObject({ state: "in_progress", attempts: 1 });
    } finally {
      await second.close();
      await first.close();
    }
  });
});
