import { describe, expect, it } from "vitest";
import { FOLLOW_UPS_MAX } from "../../../../shared/workplace/climate-survey.js";
import { pdfText } from "../../../test/documents.js";
import { answersScoring, buildEmployer } from "../../../test/compliance-fixtures.js";
import type { TestClient } from "../../../test/http-client.js";
import { testDrivers, useTestServer } from "../../../test/test-server.js";

const answer = (client: TestClient, surveyId: string, answers: number[]) =>
  client.post(`/api/workplace/survey/${surveyId}/responses`, { answers });

describe.each(testDrivers())('"you said, we did" on %s (issue 47 §6)', (driver) => {
  const suite = useTestServer(driver);

  it("publishes an action answering a red flag to employees, and the next survey asks whether it helped", async () => {
    const { owner, employees, base } = await buildEmployer(suite.server, 6);
    // A period whose five answers flag stress; its results are shared with employees.
    const first = (await owner.client.post(`${base}/surveys`, { resultsShared: true })).body.surveyId as string;
    expect((await employees[0]!.client.get("/api/workplace/survey")).body.survey.followUps).toEqual([]);
    for (const e of employees.slice(0, 5)) expect((await answer(e.client, first, answersScoring({ stress: 1 }))).status).toBe(204);
    expect((await owner.client.post(`${base}/surveys/${first}/close`)).status).toBe(204);
    const linked = await owner.client.post(`${base}/actions`, {
      title: "Second receptionist",
      redFlag: { surveyId: first, category: "stress" },
    });
    const unlinked = await owner.client.post(`${base}/actions`, { title: "Paint the break room" });

    // Published in the employer's words; only an action that answers a red flag, never with empty words.
    const words = "You told us the front desk was overwhelmed: a second receptionist starts Monday.";
    expect((await owner.client.put(`${base}/actions/${unlinked.body.id}/publication`, { text: words })).body.error.code).toBe(
      "action_without_red_flag",
    );
    expect((await owner.client.put(`${base}/actions/${linked.body.id}/publication`, { text: "   " })).body.error).toMatchObject({
      code: "invalid_input",
      field: "text",
    });
    expect((await owner.client.put(`${base}/actions/${linked.body.id}/publication`, { text: words })).status).toBe(204);
    const published = (await owner.client.get(`${base}/actions`)).body.actions.find((a: { id: string }) => a.id === linked.body.id);
    expect(published).toMatchObject({ published: { text: words }, followUp: null });

    // Employees read it, with the flagged score the shared results already showed them.
    const seen = (await employees[5]!.client.get("/api/workplace/you-said-we-did")).body.items;
    expect(seen).toEqual([
      expect.objectContaining({
        id: linked.body.id,
        category: "stress",
        text: words,
        score: 1,
        helped: null,
        periodStart: expect.any(String),
      }),
    ]);

    // The next survey asks, after its twelve questions, whether it helped; an answer for each is required.
    const second = (await owner.client.post(`${base}/surveys`, { resultsShared: true })).body.surveyId as string;
    expect((await employees[0]!.client.get("/api/workplace/survey")).body.survey.followUps).toEqual([{ category: "stress", text: words }]);
    expect((await answer(employees[0]!.client, second, answersScoring({}))).body.error).toMatchObject({
      code: "invalid_input",
      field: "answers",
    });
    for (const [i, e] of employees.slice(0, 5).entries()) {
      // Four say it helped a lot (5), one somewhat (3): 4.6.
      expect((await answer(e.client, second, [...answersScoring({ stress: 3 }), i === 0 ? 3 : 5])).status).toBe(204);
    }
    const open = (await owner.client.get(`${base}/surveys/${second}/results`)).body;
    expect(open.followUpScores).toEqual({ "0": 4.6 });
    expect((await owner.client.post(`${base}/surveys/${second}/close`)).status).toBe(204);
    const periods = (await owner.client.get(`${base}/surveys`)).body.periods;
    expect(periods[0]).toMatchObject({
      surveyId: second,
      followUps: [{ position: 0, category: "stress", text: words }],
      figures: { followUpScores: { "0": 4.6 } },
    });
    const asked = (await owner.client.get(`${base}/actions`)).body.actions.find((a: { id: string }) => a.id === linked.body.id);
    expect(asked.followUp).toMatchObject({ surveyId: second, helped: 4.6 });
    expect((await employees[5]!.client.get("/api/workplace/you-said-we-did")).body.items[0]).toMatchObject({ helped: 4.6 });

    // Asked once: the survey after asks nothing about it.
    const third = (await owner.client.post(`${base}/surveys`, { resultsShared: false })).body.surveyId as string;
    expect((await employees[0]!.client.get("/api/workplace/survey")).body.survey.followUps).toEqual([]);
    expect((await answer(employees[0]!.client, third, answersScoring({}))).status).toBe(204);

    // The compliance report shows it under its red flag.
    const report = (
      await pdfText(new Uint8Array((await owner.client.bytes(`${base}/reports/compliance.pdf?from=2026-01-01&to=2027-12-31`)).body))
    ).join("\n");
    expect(report).toContain("Published to employees on");
    expect(report).toContain(words);
    expect(report).toMatch(/Did it help\? 4\.6 out of 5 in the survey from/);

    // Withdrawn: employees no longer read it.
    expect((await owner.client.request("DELETE", `${base}/actions/${linked.body.id}/publication`)).status).toBe(204);
    expect((await employees[5]!.client.get("/api/workplace/you-said-we-did")).body.items).toEqual([]);
  });

  it("shows no figure employees could not already see, and asks about at most a few actions", async () => {
    const { owner, employees, base } = await buildEmployer(suite.server, 5);
    // Results not shared with employees: the published action shows without its score.
    const first = (await owner.client.post(`${base}/surveys`, { resultsShared: false })).body.surveyId as string;
    for (const e of employees) expect((await answer(e.client, first, answersScoring({ stress: 1, isolation: 1 }))).status).toBe(204);
    await owner.client.post(`${base}/surveys/${first}/close`);
    const ids: string[] = [];
    for (let i = 0; i <= FOLLOW_UPS_MAX; i++) {
      const created = await owner.client.post(`${base}/actions`, {
        title: `Action ${i}`,
        redFlag: { surveyId: first, category: i % 2 ? "isolation" : "stress" },
      });
      ids.push(created.body.id as string);
      await owner.client.put(`${base}/actions/${created.body.id}/publication`, { text: `We did thing ${i}.` });
    }
    const items = (await employees[0]!.client.get("/api/workplace/you-said-we-did")).body.items as { score: number | null }[];
    expect(items).toHaveLength(FOLLOW_UPS_MAX + 1);
    expect(items.every((item) => item.score === null)).toBe(true);
    // The next survey asks about the newest few only; with four responses, no figure is shown of them anywhere.
    const second = (await owner.client.post(`${base}/surveys`, { resultsShared: true })).body.surveyId as string;
    const followUps = (await employees[0]!.client.get("/api/workplace/survey")).body.survey.followUps as { text: string }[];
    expect(followUps.map((f) => f.text)).toEqual(["We did thing 3.", "We did thing 2.", "We did thing 1."]);
    for (const e of employees.slice(0, 4)) expect((await answer(e.client, second, [...answersScoring({}), 5, 5, 5])).status).toBe(204);
    await owner.client.post(`${base}/surveys/${second}/close`);
    const actions = (await owner.client.get(`${base}/actions`)).body.actions as {
      id: string;
      followUp: { helped: number | null } | null;
    }[];
    expect(actions.find((a) => a.id === ids[3])!.followUp).toMatchObject({ helped: null });
    // The oldest was not asked yet: the next survey will.
    expect(actions.find((a) => a.id === ids[0])!.followUp).toBeNull();
    const third = (await owner.client.post(`${base}/surveys`, { resultsShared: true })).body.surveyId as string;
    expect(
      ((await employees[0]!.client.get("/api/workplace/survey")).body.survey.followUps as { text: string }[]).map((f) => f.text),
    ).toEqual(["We did thing 0."]);
    expect(third).toEqual(expect.any(String));
  });
});
