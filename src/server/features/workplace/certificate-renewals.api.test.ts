import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRAINING_MODULE_IDS, type LearningSubject } from "../../../shared/workplace/learning.js";
import { buildEmployer } from "../../test/compliance-fixtures.js";
import { outboxFor } from "../../test/factories.js";
import type { TestClient } from "../../test/http-client.js";
import { takeAttempt } from "../../test/learning-attempts.js";
import { startPushService, type PushService } from "../../test/push-service.js";
import { useTestServer } from "../../test/test-server.js";
import { sendRenewalReminders } from "./index.js";

const DAY_MS = 24 * 60 * 60 * 1000;
const pathOf = (subject: LearningSubject) =>
  subject === "policy" || subject === "harassment" ? `/api/workplace/quizzes/${subject}` : `/api/workplace/training/${subject}`;
const take = (client: TestClient, subject: LearningSubject) => takeAttempt(client, pathOf(subject), subject);

describe("certificates that expire and are renewed (issue 47 §4)", () => {
  const suite = useTestServer("postgres", { env: { OUTBOUND_ALLOW: "127.0.0.1" } });
  let push: PushService;
  beforeAll(async () => {
    push = await startPushService();
  });
  afterAll(() => push.close());

  const certificateRow = (code: string) =>
    suite.server.deps.db.selectFrom("certificates").selectAll().where("code", "=", code).executeTakeFirstOrThrow();
  /** Moves a certificate's expiry (as time passing would bring it closer). */
  const expireIn = (code: string, days: number) =>
    suite.server.deps.db
      .updateTable("certificates")
      .set({ expires_at: new Date(Date.now() + days * DAY_MS) })
      .where("code", "=", code)
      .execute();

  it("holds a harassment-prevention certificate a year; 335 days on its holder is reminded once, by push and email", async () => {
    const { employees } = await buildEmployer(suite.server, 2);
    const [me, colleague] = employees;
    await me!.client.post("/api/me/push-subscriptions", push.subscribe("renewal-me"));
    const code = (await take(me!.client, "harassment")).body.certificateCode as string;
    const row = await certificateRow(code);
    const earned = new Date(row.completed_at);
    const expires = new Date(row.expires_at!);
    // A calendar year later (365 days, 366 across a 29 February).
    const daysValid = Math.round((expires.getTime() - earned.getTime()) / DAY_MS);
    expect([365, 366]).toContain(daysValid);
    expect(expires.toISOString().slice(5, 10)).toBe(earned.toISOString().slice(5, 10));
    const quiz = (await me!.client.get("/api/workplace/quizzes")).body.quizzes.find((q: { id: string }) => q.id === "harassment");
    expect(quiz).toMatchObject({ certificateCode: code, expiresOn: expires.toISOString(), renewalOpen: false });
    // Passed and valid: not taken again yet.
    expect((await me!.client.post("/api/workplace/quizzes/harassment/attempts")).body.error.code).toBe("quiz_already_passed");

    const daysOld = (days: number) => new Date(earned.getTime() + days * DAY_MS);
    // 31 days before it expires: nothing yet. 30 days before (335 days old in a 365-day year): the reminder.
    expect(await sendRenewalReminders(suite.server.deps, daysOld(daysValid - 31))).toBe(0);
    // Four servers looking at the same moment remind once (the claim marks the certificate in the statement that finds it).
    const runs = await Promise.all([1, 2, 3, 4].map(() => sendRenewalReminders(suite.server.deps, daysOld(daysValid - 30))));
    expect(runs.reduce((sum, n) => sum + n, 0)).toBe(1);
    const pushed = push.received("renewal-me").map((p) => p.payload);
    expect(pushed).toEqual([
      expect.objectContaining({
        title: "Time to renew: Harassment prevention certificate",
        url: "/workplace-wellbeing?tab=policies",
        tag: "certificate-renewal-harassment",
      }),
    ]);
    expect(pushed[0]!.body).toMatch(/^Valid until .+ 20\d\d\. Take the training again to renew it\.$/);
    const mails = (await outboxFor(suite.server, me!.email)).filter((m) => m.subject.startsWith("Time to renew your certificate"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toContain("Your certificate “Harassment prevention certificate”, issued by ");
    expect(mails[0]!.text_body).toContain("is valid until");
    // Once: later runs, or another server's, send nothing more.
    expect(await sendRenewalReminders(suite.server.deps, daysOld(daysValid - 29))).toBe(0);
    expect(await sendRenewalReminders(suite.server.deps, daysOld(daysValid + 1))).toBe(0);
    expect(push.received("renewal-me")).toHaveLength(1);
    // The colleague holds no certificate and hears nothing.
    expect((await outboxFor(suite.server, colleague!.email)).filter((m) => m.subject.startsWith("Time to renew"))).toEqual([]);
  });

  it("shows the employer who is due and who has expired, says so on /verify, and renews with a new version", async () => {
    const { owner, employees, base } = await buildEmployer(suite.server, 2);
    const [due, lapsed] = employees;
    const dueCode = (await take(due!.client, "harassment")).body.certificateCode as string;
    const lapsedCode = (await take(lapsed!.client, "harassment")).body.certificateCode as string;
    // Not due yet: nobody is listed.
    expect((await owner.client.get(`${base}/certificates`)).body.due).toEqual([]);
    await expireIn(dueCode, 12);
    await expireIn(lapsedCode, -3);
    const view = (await owner.client.get(`${base}/certificates`)).body;
    expect(view.due.map((d: { code: string; expired: boolean; kind: string }) => [d.code, d.kind, d.expired])).toEqual([
      [lapsedCode, "harassment", true],
      [dueCode, "harassment", false],
    ]);
    expect(view.validity).toContainEqual({ kind: "harassment", months: 12, isDefault: true });
    expect(view.validity).toContainEqual({ kind: "policy", months: null, isDefault: true });

    // /verify: an expired certificate says so; one still valid says until when.
    const lapsedCheck = (await owner.client.get(`/api/certificates/${lapsedCode}`)).body;
    expect(lapsedCheck).toMatchObject({ expired: true, superseded: null });
    expect(new Date(lapsedCheck.expiresOn as string).getTime()).toBeLessThan(Date.now());
    expect((await owner.client.get(`/api/certificates/${dueCode}`)).body).toMatchObject({ expired: false });

    // Due: the quiz opens again; a pass issues a new version, a year from now, and the old one says it was renewed.
    const before = (await due!.client.get("/api/workplace/quizzes")).body.quizzes.find((q: { id: string }) => q.id === "harassment");
    expect(before.renewalOpen).toBe(true);
    const renewed = await take(due!.client, "harassment");
    expect(renewed.status).toBe(200);
    const newCode = renewed.body.certificateCode as string;
    expect(newCode).not.toBe(dueCode);
    const fresh = await certificateRow(newCode);
    expect(fresh).toMatchObject({ superseded_at: null, attempts: 1 });
    expect(new Date(fresh.expires_at!).getTime()).toBeGreaterThan(Date.now() + 360 * DAY_MS);
    const old = (await owner.client.get(`/api/certificates/${dueCode}`)).body;
    expect(old.superseded).toMatchObject({ by: newCode, reason: "renewed" });
    // Renewed: off the employer's list, and the quiz is passed again.
    expect((await owner.client.get(`${base}/certificates`)).body.due.map((d: { code: string }) => d.code)).toEqual([lapsedCode]);
    expect((await due!.client.post("/api/workplace/quizzes/harassment/attempts")).body.error.code).toBe("quiz_already_passed");
  });

  it("lets the employer choose each kind's validity: certificates issued after take it, those issued before keep theirs", async () => {
    const { owner, employees, base } = await buildEmployer(suite.server, 2);
    const first = (await take(employees[0]!.client, "harassment")).body.certificateCode as string;
    const firstExpiry = (await certificateRow(first)).expires_at;
    expect((await owner.client.put(`${base}/certificates/validity`, { kind: "harassment", months: 24 })).status).toBe(204);
    expect((await owner.client.put(`${base}/certificates/validity`, { kind: "policy", months: 6 })).status).toBe(204);
    const second = await certificateRow((await take(employees[1]!.client, "harassment")).body.certificateCode as string);
    const months = (a: Date, b: Date) => (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + b.getUTCMonth() - a.getUTCMonth();
    expect(months(new Date(second.completed_at), new Date(second.expires_at!))).toBe(24);
    expect((await certificateRow(first)).expires_at).toEqual(firstExpiry);
    const policy = await certificateRow((await take(employees[1]!.client, "policy")).body.certificateCode as string);
    expect(months(new Date(policy.completed_at), new Date(policy.expires_at!))).toBe(6);
    // "Never expires" is a choice too; a harassment certificate then states no expiry.
    expect((await owner.client.put(`${base}/certificates/validity`, { kind: "harassment", months: null })).status).toBe(204);
    const view = (await owner.client.get(`${base}/certificates`)).body.validity;
    expect(view).toContainEqual({ kind: "harassment", months: null, isDefault: false });
    expect(view).toContainEqual({ kind: "policy", months: 6, isDefault: false });
    for (const months of [0, 61, 1.5])
      expect((await owner.client.put(`${base}/certificates/validity`, { kind: "harassment", months })).body.error).toMatchObject({
        code: "invalid_input",
        field: "months",
      });
  });

  it("renews the training: while due its modules open again, and the fifth passed again issues the new version", async () => {
    const { owner, employees, base } = await buildEmployer(suite.server, 1);
    const [me] = employees;
    await owner.client.put(`${base}/certificates/validity`, { kind: "training", months: 12 });
    let code: string | null = null;
    for (const moduleId of TRAINING_MODULE_IDS) code = (await take(me!.client, moduleId)).body.certificateCode;
    expect(code).toEqual(expect.any(String));
    expect((await me!.client.get("/api/workplace/training")).body.certificate).toMatchObject({ code, renewalOpen: false });
    await expireIn(code!, 20);
    const due = (await me!.client.get("/api/workplace/training")).body;
    expect(due.certificate).toMatchObject({ code, renewalOpen: true });
    expect(due.modules.map((m: { state: string }) => m.state)).toEqual(TRAINING_MODULE_IDS.map(() => "not_started"));
    // In order again: the second module waits for the first.
    expect((await me!.client.post(`/api/workplace/training/${TRAINING_MODULE_IDS[1]}/attempts`)).body.error.code).toBe("module_locked");
    const codes: (string | null)[] = [];
    for (const moduleId of TRAINING_MODULE_IDS) codes.push((await take(me!.client, moduleId)).body.certificateCode);
    expect(codes.slice(0, -1)).toEqual(TRAINING_MODULE_IDS.slice(0, -1).map(() => null));
    expect(codes.at(-1)).not.toBe(code);
    const after = (await me!.client.get("/api/workplace/training")).body;
    expect(after.certificate).toMatchObject({ code: codes.at(-1), renewalOpen: false });
    expect(after.modules.every((m: { state: string }) => m.state === "completed")).toBe(true);
  });

  it("reminds nobody who has left: an employee whose access was removed", async () => {
    const { owner, employees, base, organizationId } = await buildEmployer(suite.server, 1);
    const [me] = employees;
    const code = (await take(me!.client, "harassment")).body.certificateCode as string;
    await expireIn(code, 10);
    expect((await owner.client.request("DELETE", `/api/organizations/${organizationId}/workplace/employees/${me!.id}`)).status).toBe(204);
    await sendRenewalReminders(suite.server.deps, new Date());
    expect((await certificateRow(code)).renewal_reminded_at).toBeNull();
    expect((await outboxFor(suite.server, me!.email)).filter((m) => m.subject.startsWith("Time to renew"))).toEqual([]);
    // The employer still sees the certificate due (it is still theirs to follow), never reminded.
    expect((await owner.client.get(`${base}/certificates`)).body.due).toEqual([expect.objectContaining({ code, remindedAt: null })]);
  });
});
