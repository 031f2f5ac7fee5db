import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SCALE_POINTS, SURVEY_CATEGORIES } from "../../../../shared/workplace/climate-survey.js";
import { answersScoring, buildEmployer } from "../../../test/compliance-fixtures.js";
import { pdfText } from "../../../test/documents.js";
import { fileForm, samplePdf } from "../../../test/pdf-fixtures.js";
import { testDrivers, useTestServer } from "../../../test/test-server.js";
import { insertSurvey } from "../climate-survey-repository.js";

/** The figures the report must print, computed here from what the test seeded, not by the app's code. */
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const oneDecimal = (value: number) => (Math.round(value * 10) / 10).toFixed(1);

describe.each(testDrivers())("compliance reports on %s", (driver) => {
  const suite = useTestServer(driver);

  it("print the organisation's own figures, traceable to its records, and say what is missing", async () => {
    const db = suite.server.deps.db;
    const { owner, employees, base, organizationId } = await buildEmployer(suite.server, 6);
    const answer = (i: number, surveyId: string, stress: number) =>
      employees[i]!.client.post(`/api/workplace/survey/${surveyId}/responses`, { answers: answersScoring({ stress }) });

    // Two survey periods: five answer with stress at 1, then six with stress at 3 (the other categories at 4).
    const first = randomUUID();
    await insertSurvey(db, { id: first, organizationId, periodStart: "2026-05-15", periodEnd: "2026-07-14", resultsShared: false });
    for (let i = 0; i < 5; i++) expect((await answer(i, first, 1)).status).toBe(204);
    await owner.client.post(`${base}/surveys/${first}/close`);
    const second = randomUUID();
    await insertSurvey(db, { id: second, organizationId, periodStart: "2026-07-15", periodEnd: "2026-09-14", resultsShared: false });
    for (let i = 0; i < 6; i++) await answer(i, second, 3);
    await owner.client.post(`${base}/surveys/${second}/close`);
    const others = SURVEY_CATEGORIES.length - 1;
    const overallFirst = oneDecimal(mean([1, ...Array(others).fill(4)]));
    const overallSecond = oneDecimal(mean([3, ...Array(others).fill(4)]));

    // Actions: one answers the first period's stress flag and is completed; two others are pending.
    const linked = (
      await owner.client.post(`${base}/actions`, { title: "Workload review", redFlag: { surveyId: first, category: "stress" } })
    ).body.id;
    await owner.client.put(`${base}/actions/${linked}/status`, { status: "in_progress" });
    await owner.client.put(`${base}/actions/${linked}/status`, { status: "completed" });
    await owner.client.post(`${base}/actions`, { title: "Quiet room", priority: "high" });
    await owner.client.post(`${base}/actions`, { title: "Recognition wall", priority: "low" });

    await owner.client.post(`${base}/committee/members`, { name: "Léa Roy", role: "secretary", electedDate: "2026-03-01" });
    await owner.client.post(`${base}/committee/members`, { name: "Marc Tremblay", role: "president", electedDate: "2026-02-01" });
    await owner.client.post(`${base}/committee/meetings`, { title: "Summer meeting", date: "2026-07-20", keyDecisions: "Quiet room" });
    await owner.client.post(`${base}/committee/meetings`, { title: "Before the period", date: "2025-12-01" });
    await owner.client.upload(`${base}/policies`, fileForm(await samplePdf(), "policy.pdf"));
    await db
      .insertInto("policy_acknowledgments")
      .values(employees.slice(0, 3).map((e) => ({ user_id: e.id, organization_id: organizationId, quiz_score: 100, attempts: 1 })))
      .execute();
    await owner.client.post(`${base}/audits`, { stressReduction: 4, engagement: 3 });

    const period = "from=2026-05-01&to=2026-12-31";
    const download = await owner.client.bytes(`${base}/reports/compliance.pdf?${period}`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    const text = (await pdfText(new Uint8Array(download.body))).join("\n");
    for (const expected of [
      "Psychosocial risk compliance report",
      "6 employees have access to the workplace well-being area",
      `5 responses · participation ${Math.round((5 / 6) * 100)}% of 6 employees`,
      `Overall climate score: ${overallFirst} / ${SCALE_POINTS}`,
      `6 responses · participation 100% of 6 employees`,
      `Overall climate score: ${overallSecond} / ${SCALE_POINTS}`,
      "Trend against the previous period: improvement",
      "Critical: Stress and workload at 1.0",
      "Workload review — Completed — improved to 3.0 in the next period",
      "3 actions in the plan. Pending: 2 · in progress: 0 · completed: 1",
      "2 current members",
      "1 meeting during the period",
      "Summer meeting",
      "1 policy document on file",
      "3 of 6 employees (50%) passed the policy quiz",
      "Not compliant",
      "1 internal audit during the period",
      "average 3.5 / 5, efficiency 70% (Good)",
      "What is missing",
      "No manager has completed the manager training.",
      "No employee has completed the well-being training.",
      `Survey ${first}: period 2026-05-15 to 2026-07-14`,
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("Before the period");
    expect(text).not.toContain("Trend against the previous period: deterioration");

    // Dates that cut a period in two still report whole periods only: the same figures, never part of one.
    const partial = (
      await pdfText(new Uint8Array((await owner.client.bytes(`${base}/reports/compliance.pdf?from=2026-07-10&to=2026-07-20`)).body))
    ).join("\n");
    expect(partial).toContain(`Overall climate score: ${overallFirst} / ${SCALE_POINTS}`);
    expect(partial).toContain(`Overall climate score: ${overallSecond} / ${SCALE_POINTS}`);

    const cnesst = await owner.client.bytes(`${base}/reports/cnesst.pdf?${period}`, { "x-kindly-language": "fr" });
    const french = (await pdfText(new Uint8Array(cnesst.body))).join("\n");
    for (const expected of [
      "Dossier de prévention CNESST",
      "Ce qui manque",
      `Score global du climat : ${overallSecond.replace(".", ",")} / ${SCALE_POINTS}`,
      "Tendance par rapport à la période précédente : amélioration",
      "2 membres actuels",
      "3 sur 6 membres du personnel (50 %) ont réussi le questionnaire",
      "Déclaration",
    ]) {
      expect(french).toContain(expected);
    }

    const backwards = await owner.client.bytes(`${base}/reports/compliance.pdf?from=2026-12-31&to=2026-01-01`);
    expect(backwards.status).toBe(400);
  });
});
