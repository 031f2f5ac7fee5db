import { randomUUID } from "node:crypto";
import { pdfText } from "../../../test/documents.js";
import { describe, expect, it } from "vitest";
import { addDays, newYorkDay } from "../../../../shared/acts/new-york-time.js";
import { POLICY_MAX_BYTES } from "../../../../shared/schemas/compliance.js";
import { answersScoring, buildEmployer } from "../../../test/compliance-fixtures.js";
import { outboxFor } from "../../../test/factories.js";
import { TestClient } from "../../../test/http-client.js";
import { fileForm, samplePdf } from "../../../test/pdf-fixtures.js";
import { testDrivers, useTestServer } from "../../../test/test-server.js";
import { MANAGER_QUIZ, MANAGER_TOPICS } from "../../../../shared/workplace/learning.js";
import { answersTo, takeAttempt } from "../../../test/learning-attempts.js";
import { runSurveyCalendar } from "./survey-admin-service.js";

describe.each(testDrivers())("the employer's health and well-being tabs on %s", (driver) => {
  const suite = useTestServer(driver);
  const answer = (client: TestClient, surveyId: string, answers: number[]) =>
    client.post(`/api/workplace/survey/${surveyId}/responses`, { answers });

  it("runs a survey period: invitations, results only from five, in steps of five, kept as history with a trend", async () => {
    const { owner, employees, base } = await buildEmployer(suite.server, 12);
    // Email notifications are opt-in: all but the last employee asked for them.
    for (const e of employees.slice(0, -1))
      expect(
        (await e.client.put("/api/me/notifications/settings", { kind: "workplaceSurveys", channel: "email", enabled: true })).status,
      ).toBe(200);
    expect((await owner.client.get(`${base}/surveys`)).body).toMatchObject({ employeesWithAccess: 12, employeesToEmail: 11 });
    const opened = await owner.client.post(`${base}/surveys`, { resultsShared: true });
    expect(opened.status).toBe(201);
    const surveyId = opened.body.surveyId as string;
    expect((await owner.client.post(`${base}/surveys`, {})).body.error.code).toBe("survey_already_open");
    // Every employee who asked for mail is invited, in their language, with a link to the survey; the other is not mailed.
    const invited = async (email: string) =>
      (await outboxFor(suite.server, email)).some((m) => m.text_body.includes("/workplace-wellbeing?tab=survey"));
    for (const e of employees.slice(0, -1)) expect(await invited(e.email)).toBe(true);
    expect(await invited(employees.at(-1)!.email)).toBe(false);

    for (const e of employees.slice(0, 4)) expect((await answer(e.client, surveyId, answersScoring({ stress: 1 }))).status).toBe(204);
    expect((await owner.client.get(`${base}/surveys/${surveyId}/results`)).body.error.code).toBe("results_not_ready");
    const beforeFive = (await owner.client.get(`${base}/surveys`)).body;
    expect(beforeFive.periods[0].figures).toBeNull();

    await answer(employees[4]!.client, surveyId, answersScoring({ stress: 1 }));
    const atFive = (await owner.client.get(`${base}/surveys/${surveyId}/results`)).body;
    expect(atFive.responses).toBe(5);
    expect(atFive.categoryAverages.stress).toBe(1);
    expect(atFive.redFlags).toEqual([{ category: "stress", score: 1, severity: "critical" }]);
    expect(atFive.questionScores.workload).toBe(1);
    expect(atFive.participationPercent).toBe(Math.round((5 / 12) * 100));

    // A sixth answer must not change what anyone sees: 5 and 6 would single the sixth person out.
    await answer(employees[5]!.client, surveyId, answersScoring({ stress: 5 }));
    for (const path of [`${base}/surveys/${surveyId}/results`]) expect((await owner.client.get(path)).body).toEqual(atFive);
    expect((await employees[0]!.client.get("/api/workplace/survey/results")).body.responses).toBe(5);
    for (const e of employees.slice(6, 9)) await answer(e.client, surveyId, answersScoring({ stress: 5 }));
    expect((await owner.client.get(`${base}/surveys/${surveyId}/results`)).body.responses).toBe(5);
    await answer(employees[9]!.client, surveyId, answersScoring({ stress: 5 }));
    const atTen = (await owner.client.get(`${base}/surveys/${surveyId}/results`)).body;
    expect(atTen.responses).toBe(10);
    expect(atTen.categoryAverages.stress).toBe(3);

    // An eleventh answer, then the close: the kept figures stay those of ten.
    await answer(employees[10]!.client, surveyId, answersScoring({ stress: 5 }));
    expect((await owner.client.post(`${base}/surveys/${surveyId}/close`)).status).toBe(204);
    expect((await owner.client.post(`${base}/surveys/${surveyId}/close`)).body.error.code).toBe("survey_not_open");
    const history = (await owner.client.get(`${base}/surveys`)).body;
    expect(history.periods[0]).toMatchObject({ surveyId, open: false, trend: null, figures: { responses: 10, overall: atTen.overall } });

    // The next period: five answer better; its trend is an improvement.
    const next = (await owner.client.post(`${base}/surveys`, { resultsShared: false })).body.surveyId as string;
    for (const e of employees.slice(0, 5)) await answer(e.client, next, answersScoring({ stress: 4 }));
    const both = (await owner.client.get(`${base}/surveys`)).body.periods;
    expect(both.map((p: { surveyId: string }) => p.surveyId)).toEqual([next, surveyId]);
    expect(both[0].trend).toBe("improvement");
    // Results not shared: employees are refused, the employer is not.
    expect((await employees[0]!.client.get("/api/workplace/survey/results")).body.error.code).toBe("results_not_shared");
    expect((await owner.client.put(`${base}/surveys/${next}/sharing`, { resultsShared: true })).status).toBe(204);
    expect((await employees[0]!.client.get("/api/workplace/survey/results")).status).toBe(200);
  });

  it("keeps a period with fewer than five responses without any figure", async () => {
    const { owner, employees, base } = await buildEmployer(suite.server, 4);
    const surveyId = (await owner.client.post(`${base}/surveys`, {})).body.surveyId as string;
    for (const e of employees) await answer(e.client, surveyId, answersScoring({ harassment: 1 }));
    await owner.client.post(`${base}/surveys/${surveyId}/close`);
    const row = await suite.server.deps.db
      .selectFrom("survey_aggregates")
      .selectAll()
      .where("survey_id", "=", surveyId)
      .executeTakeFirstOrThrow();
    expect(row.overall_score).toBeNull();
    expect(row.category_averages).toBeNull();
    expect((await owner.client.get(`${base}/surveys`)).body.periods[0].figures).toBeNull();
    expect((await owner.client.get(`${base}/surveys/${surveyId}/results`)).body.error.code).toBe("results_not_ready");
  });

  it("reminds those who have not answered before the close, once, and closes a period that is over", async () => {
    const { owner, employees, base, organizationId } = await buildEmployer(suite.server, 3);
    for (const e of employees)
      await e.client.put("/api/me/notifications/settings", { kind: "workplaceSurveys", channel: "email", enabled: true });
    const surveyId = (await owner.client.post(`${base}/surveys`, {})).body.surveyId as string;
    await answer(employees[0]!.client, surveyId, answersScoring({}));
    const survey = await suite.server.deps.db
      .selectFrom("wellbeing_surveys")
      .select("period_end")
      .where("id", "=", surveyId)
      .executeTakeFirstOrThrow();
    const deps = { db: suite.server.deps.db, notifier: suite.server.deps.notifier };
    const reminders = async (email: string) => (await outboxFor(suite.server, email)).filter((m) => /closes/.test(m.subject)).length;

    await runSurveyCalendar(deps, new Date(`${addDays(survey.period_end, -10)}T16:00:00Z`));
    expect(await reminders(employees[1]!.email)).toBe(0);
    await runSurveyCalendar(deps, new Date(`${addDays(survey.period_end, -2)}T16:00:00Z`));
    await runSurveyCalendar(deps, new Date(`${addDays(survey.period_end, -1)}T16:00:00Z`));
    expect(await reminders(employees[1]!.email)).toBe(1);
    expect(await reminders(employees[2]!.email)).toBe(1);
    expect(await reminders(employees[0]!.email)).toBe(0);

    await runSurveyCalendar(deps, new Date(`${addDays(survey.period_end, 1)}T16:00:00Z`));
    const closed = await suite.server.deps.db
      .selectFrom("wellbeing_surveys")
      .select("is_active")
      .where("id", "=", surveyId)
      .executeTakeFirstOrThrow();
    expect(closed.is_active).toBe(false);
    expect(
      await suite.server.deps.db
        .selectFrom("survey_aggregates")
        .select("responses")
        .where("organization_id", "=", organizationId)
        .execute(),
    ).toHaveLength(1);
  });

  it("moves actions only pending → in progress → completed → pending, and links them to a red flag", async () => {
    const { owner, employees, base } = await buildEmployer(suite.server, 5);
    const missing = await owner.client.post(`${base}/actions`, { title: "  " });
    expect(missing.status).toBe(400);
    expect(missing.body.error.field).toBe("title");
    const frMissing = await owner.client.post(`${base}/actions`, { title: "" }, { "x-kindly-language": "fr" });
    expect(frMissing.body.error.message).toContain("Le titre est requis");

    const id = (await owner.client.post(`${base}/actions`, { title: "Quiet room", priority: "critical", dueDate: "2027-01-31" })).body.id;
    const move = (status: string) => owner.client.put(`${base}/actions/${id}/status`, { status });
    expect((await move("completed")).body.error.code).toBe("action_transition_invalid");
    expect((await move("in_progress")).status).toBe(204);
    expect((await move("in_progress")).body.error.code).toBe("action_transition_invalid");
    expect((await move("completed")).status).toBe(204);
    let item = (await owner.client.get(`${base}/actions`)).body.actions[0];
    expect(item.status).toBe("completed");
    expect(item.completedAt).not.toBeNull();
    expect((await move("pending")).status).toBe(204);
    item = (await owner.client.get(`${base}/actions`)).body.actions[0];
    expect(item).toMatchObject({ status: "pending", completedAt: null });
    // Two people starting it at once: exactly one succeeds.
    const both = await Promise.all([move("in_progress"), move("in_progress")]);
    expect(both.map((r) => r.status).sort()).toEqual([204, 409]);

    // A red flag of a period, then a better next period: the action shows it improved.
    const first = (await owner.client.post(`${base}/surveys`, {})).body.surveyId;
    for (const e of employees) await answer(e.client, first, answersScoring({ isolation: 2 }));
    const notFlag = await owner.client.post(`${base}/actions`, { title: "X", redFlag: { surveyId: first, category: "stress" } });
    expect(notFlag.body.error.field).toBe("redFlag");
    const linked = (
      await owner.client.post(`${base}/actions`, { title: "Lunch buddies", redFlag: { surveyId: first, category: "isolation" } })
    ).body.id;
    const linkedItem = () => owner.client.get(`${base}/actions`).then((r) => r.body.actions.find((a: { id: string }) => a.id === linked));
    expect((await linkedItem()).redFlag).toMatchObject({ category: "isolation", score: 2, nextScore: null, outcome: "not_measured" });
    await owner.client.post(`${base}/surveys/${first}/close`);
    const second = (await owner.client.post(`${base}/surveys`, {})).body.surveyId;
    for (const e of employees) await answer(e.client, second, answersScoring({ isolation: 4 }));
    expect((await linkedItem()).redFlag).toMatchObject({ score: 2, nextScore: 4, outcome: "improved" });
    expect((await owner.client.request("DELETE", `${base}/actions/${linked}`)).status).toBe(204);
    expect((await owner.client.request("DELETE", `${base}/actions/${linked}`)).status).toBe(404);
  });

  it("takes policy PDFs by their content, at most 5 MB, behind one-hour signed links, and soft-deletes them", async () => {
    const { owner, employees, base, organizationId } = await buildEmployer(suite.server, 2);
    const upload = (bytes: Buffer, name: string) => owner.client.upload(`${base}/policies`, fileForm(bytes, name));
    const html = await upload(Buffer.from("<html><script>alert(1)</script></html>"), "policy.pdf");
    expect(html.status).toBe(422);
    expect(html.body.error.code).toBe("policy_file_invalid");
    const fakeHeader = await upload(Buffer.from("%PDF-1.7\nnot really a pdf"), "policy.pdf");
    expect(fakeHeader.body.error.code).toBe("policy_file_invalid");
    const good = await samplePdf("Harassment policy");
    const padded = Buffer.concat([good, Buffer.alloc(POLICY_MAX_BYTES + 1 - good.length, 0x20)]);
    const tooBig = await upload(padded, "big.pdf");
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error.field).toBe("file");
    const atLimit = await upload(padded.subarray(0, POLICY_MAX_BYTES), "exactly-5-mb.pdf");
    expect(atLimit.status).toBe(201);
    const stored = await upload(good, "../../etc/Harassment policy.pdf");
    expect(stored.status).toBe(201);
    const row = await suite.server.deps.db
      .selectFrom("workplace_policy_files")
      .selectAll()
      .where("id", "=", stored.body.id)
      .executeTakeFirstOrThrow();
    expect(row.storage_key).toBe(`policies/${organizationId}/${stored.body.id}.pdf`);
    expect(row.file_name).toBe("Harassment policy.pdf");

    const listed = (await owner.client.get(`${base}/policies`)).body;
    expect(listed.policies.map((p: { fileName: string }) => p.fileName)).toEqual(["Harassment policy.pdf", "exactly-5-mb.pdf"]);
    expect(listed.acknowledgment).toEqual({ employees: 2, acknowledged: 0, percent: 0, compliant: false });
    const url = new URL(listed.policies[0].url, "http://kindly.test");
    const anyone = new TestClient(suite.server.url);
    const opened = await anyone.bytes(url.pathname + url.search);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("content-type")).toBe("application/pdf");
    expect(opened.body.equals(good)).toBe(true);
    // Tampered expiry or signature: not found.
    const expires = Number(url.searchParams.get("expires"));
    expect((await anyone.bytes(`${url.pathname}?expires=${expires + 3600}&signature=${url.searchParams.get("signature")}`)).status).toBe(
      404,
    );
    expect(
      (await anyone.bytes(`${url.pathname}?expires=${expires}&signature=AAAA${url.searchParams.get("signature")!.slice(4)}`)).status,
    ).toBe(404);
    // The same link an hour and a second later: refused (the clock is the signer's input, not waited for).
    const signer = suite.server.deps.signer;
    const issued = new Date((expires - 3600) * 1000);
    expect(signer.verify(url.pathname, expires, url.searchParams.get("signature")!, new Date(issued.getTime() + 3599_000))).toBe(true);
    expect(signer.verify(url.pathname, expires, url.searchParams.get("signature")!, new Date(issued.getTime() + 3600_000))).toBe(false);

    // Employees see it too; a deleted policy disappears and its link stops working.
    expect((await employees[0]!.client.get("/api/workplace/policies")).body.policies).toHaveLength(2);
    expect((await owner.client.request("DELETE", `${base}/policies/${stored.body.id}`)).status).toBe(204);
    expect((await employees[0]!.client.get("/api/workplace/policies")).body.policies).toHaveLength(1);
    expect((await anyone.bytes(url.pathname + url.search)).status).toBe(404);
    expect(
      (
        await suite.server.deps.db
          .selectFrom("workplace_policy_files")
          .select("is_active")
          .where("id", "=", stored.body.id)
          .executeTakeFirstOrThrow()
      ).is_active,
    ).toBe(false);
  });

  it("manages the committee: required fields, terms, meetings and decisions, and replies the author sees", async () => {
    const { owner, employees, base } = await buildEmployer(suite.server, 2);
    const incomplete = await owner.client.post(`${base}/committee/members`, { name: "Léa", role: "secretary" });
    expect(incomplete.body.error.field).toBe("electedDate");
    const lea = (await owner.client.post(`${base}/committee/members`, { name: "Léa Roy", role: "secretary", electedDate: "2026-03-01" }))
      .body.id;
    await owner.client.post(`${base}/committee/members`, {
      name: "Marc Tremblay",
      role: "president",
      electedDate: "2026-05-01",
      contactEmail: "marc@example.test",
    });
    expect(
      (await owner.client.put(`${base}/committee/members/${lea}`, { name: "Léa Roy-Côté", role: "secretary", electedDate: "2026-03-01" }))
        .status,
    ).toBe(204);
    expect((await owner.client.post(`${base}/committee/members/${lea}/end-term`, { termEndDate: "2026-11-01" })).status).toBe(204);
    await owner.client.post(`${base}/committee/meetings`, {
      title: "Autumn meeting",
      date: "2026-10-20",
      keyDecisions: "- Quiet room\n- Walking meetings",
    });

    await employees[0]!.client.post("/api/workplace/committee/feedback", {
      subject: "Noise",
      message: "Open space is loud",
      category: "health",
    });
    await employees[1]!.client.post("/api/workplace/committee/feedback", { subject: "Anonymous", message: "Pressure", anonymous: true });
    const view = (await owner.client.get(`${base}/committee`)).body;
    expect(view.members.map((m: { name: string; active: boolean }) => [m.name, m.active])).toEqual([
      ["Marc Tremblay", true],
      ["Léa Roy-Côté", false],
    ]);
    expect(view.decisions.map((d: { decision: string }) => d.decision)).toEqual(["Quiet room", "Walking meetings"]);
    expect(view.overview).toMatchObject({
      activeMembers: 1,
      meetingsLast12Months: 1,
      lastMeetingOn: "2026-10-20",
      decisions: 2,
      feedbackNew: 2,
    });
    const signed = view.feedback.find((f: { subject: string }) => f.subject === "Noise");
    const anonymous = view.feedback.find((f: { subject: string }) => f.subject === "Anonymous");
    expect(signed.author).toBe(employees[0]!.username);
    expect(anonymous.author).toBeNull();

    await owner.client.put(`${base}/committee/feedback/${signed.id}`, { status: "reviewed", response: "We ordered acoustic panels." });
    await owner.client.put(`${base}/committee/feedback/${anonymous.id}`, { status: "pending", response: "We are looking into it." });
    const mine = (await employees[0]!.client.get("/api/workplace/committee")).body.myFeedback;
    expect(mine).toEqual([expect.objectContaining({ subject: "Noise", status: "reviewed", response: "We ordered acoustic panels." })]);
    expect((await employees[1]!.client.get("/api/workplace/committee")).body.myFeedback).toEqual([]);
    const overview = (await owner.client.get(`${base}/committee`)).body.overview;
    expect(overview).toMatchObject({ feedbackNew: 0, feedbackInProgress: 1, feedbackReviewed: 1 });
  });

  it("plans verifications every two months from the start, with a responsible person and a done note", async () => {
    const { owner, base, organizationId } = await buildEmployer(suite.server, 0);
    await suite.server.deps.db
      .updateTable("organizations")
      .set({ created_at: new Date("2026-01-31T15:00:00Z") })
      .where("id", "=", organizationId)
      .execute();
    const list = (await owner.client.get(`${base}/verifications`)).body.verifications;
    expect(list.slice(0, 4).map((v: { date: string }) => v.date)).toEqual(["2026-01-31", "2026-03-31", "2026-05-31", "2026-07-31"]);
    expect(list.at(-1).date <= addDays(newYorkDay(new Date()), 365)).toBe(true);
    expect((await owner.client.get(`${base}/verifications`)).body.verifications).toHaveLength(list.length);
    const empty = await owner.client.put(
      `${base}/verifications/${list[0].id}/responsible`,
      { responsiblePerson: "   " },
      { "x-kindly-language": "fr" },
    );
    expect(empty.body.error.message).toContain("Le nom du responsable ne peut pas être vide");
    expect((await owner.client.put(`${base}/verifications/${list[0].id}/responsible`, { responsiblePerson: "Marc" })).status).toBe(204);
    expect((await owner.client.post(`${base}/verifications/${list[0].id}/done`, { note: "Checked the quiet room" })).status).toBe(204);
    const first = (await owner.client.get(`${base}/verifications`)).body.verifications[0];
    expect(first).toMatchObject({ responsiblePerson: "Marc", status: "done", note: "Checked the quiet room" });
  });

  it("scores internal audits and keeps them; grades manager training on the server", async () => {
    const { owner, base } = await buildEmployer(suite.server, 0);
    expect((await owner.client.post(`${base}/audits`, { stressReduction: 0, engagement: 3 })).status).toBe(400);
    const audit = (await owner.client.post(`${base}/audits`, { stressReduction: 4, engagement: 3 })).body;
    expect(audit).toMatchObject({ average: 3.5, efficiencyPercent: 70, level: "good" });
    await owner.client.post(`${base}/audits`, { stressReduction: 1, engagement: 2 });
    expect((await owner.client.get(`${base}/audits`)).body.audits.map((a: { level: string }) => a.level)).toEqual(["improve", "good"]);

    // The manager's quiz is drawn like the employees': one question per topic, options shuffled, no key in any answer.
    const training = `${base}/manager-training`;
    const failed = await takeAttempt(owner.client, training, MANAGER_QUIZ, [4]);
    expect(failed.drawn!.questions.map((question) => question.id.split(".")[0])).toEqual([...MANAGER_TOPICS]);
    expect(failed.body).toMatchObject({ correct: 4, passed: false, certificateCode: null, attempts: 1 });
    expect(failed.body.results[4]).toEqual({ questionId: failed.drawn!.questions[4]!.id, right: false });
    expect(JSON.stringify(failed.body)).not.toMatch(/correct(Index|Option)|"key"/);
    // Sending the same answers again is refused: an attempt is graded once.
    const resent = await owner.client.post(`${training}/attempts/${failed.drawn!.attemptId}/answers`, {
      answers: answersTo(MANAGER_QUIZ, failed.drawn!),
    });
    expect(resent.status).toBe(409);
    expect((await owner.client.bytes(`${training}/certificate.pdf`)).status).toBe(409);
    const passedTry = await takeAttempt(owner.client, training, MANAGER_QUIZ);
    // The retry asks other questions on the same topics.
    for (const question of passedTry.drawn!.questions) expect(failed.drawn!.questions.map((q) => q.id)).not.toContain(question.id);
    const passed = passedTry.body;
    expect(passed).toMatchObject({ correct: 5, passed: true, attempts: 2 });
    expect(passed.certificateCode).toMatch(/^KC-/);
    // Like an employee's, it asks for the manager's legal name before it prints.
    expect((await owner.client.bytes(`${base}/manager-training/certificate.pdf`)).status).toBe(409);
    await owner.client.put("/api/workplace/legal-name", { legalName: "Hélène Lavoie" });
    const pdf = await owner.client.bytes(`${base}/manager-training/certificate.pdf`);
    expect(pdf.status).toBe(200);
    const text = (await pdfText(pdf.body)).join("\n");
    expect(text).toContain("Hélène Lavoie");
    expect(text).toContain("Read survey results with the committee and act on each red flag");
    expect((await owner.client.get(`${base}/manager-training`)).body).toMatchObject({
      attempts: 2,
      certificateCode: passed.certificateCode,
      trainedManagers: 1,
    });
    expect((await new TestClient(suite.server.url).get(`/api/certificates/${passed.certificateCode}`)).body.kind).toBe("manager");
    // Passed: no new attempt starts.
    expect((await owner.client.post(`${training}/attempts`)).status).toBe(409);
  });

  it("lists employees who work remotely, with the inclusion actions recorded for them", async () => {
    const { owner, employees, base } = await buildEmployer(suite.server, 3);
    expect((await employees[1]!.client.put("/api/workplace/telework", { remote: true })).body).toEqual({ remote: true });
    expect((await employees[1]!.client.get("/api/workplace/telework")).body).toEqual({ remote: true });
    expect((await owner.client.post(`${base}/telework/${employees[0]!.id}/actions`, { action: "Call" })).status).toBe(404);
    expect((await owner.client.post(`${base}/telework/${employees[1]!.id}/actions`, { action: "Weekly video coffee" })).status).toBe(201);
    expect((await owner.client.get(`${base}/telework`)).body.employees).toEqual([
      { userId: employees[1]!.id, username: employees[1]!.username, actions: [expect.objectContaining({ action: "Weekly video coffee" })] },
    ]);
    expect((await owner.client.post(`${base}/telework/${randomUUID()}/actions`, { action: "x" })).status).toBe(404);
  });
});
