import { describe, expect, it } from "vitest";
import { buildEmployer } from "../../../test/compliance-fixtures.js";
import { outboxFor, signedInUser } from "../../../test/factories.js";
import { testDrivers, useTestServer } from "../../../test/test-server.js";
import { formatDay } from "../../../platform/format/quebec-dates.js";
import { RENEWAL_NOTICE_DAYS } from "../../../../shared/workplace/learning.js";

describe.each(testDrivers())("the employer previews what employees receive on %s (issue 61 §2)", (driver) => {
  const suite = useTestServer(driver);

  it("shows each mail built as it is sent, in the language asked, with this employer's name and dates, and sends nothing", async () => {
    const employer = await buildEmployer(suite.server, 0);
    const name = (await suite.server.deps.db
      .selectFrom("organizations")
      .select("name")
      .where("id", "=", employer.organizationId)
      .executeTakeFirstOrThrow())!.name;
    const preview = (mail: string, language: string) =>
      employer.owner.client.get(`/api/organizations/${employer.organizationId}/workplace/employee-mails/${mail}?language=${language}`);

    // The renewal as it goes out on the day it opens: RENEWAL_NOTICE_DAYS before a year's certificate expires.
    const renewal = await preview("certificateRenewal", "fr");
    expect(renewal.status).toBe(200);
    expect(renewal.body.subject).toBe("Il est temps de renouveler votre certificat\u00a0: Certificat de prévention du harcèlement");
    const expires = formatDay("fr", new Date(Date.now() + RENEWAL_NOTICE_DAYS * 86_400_000));
    expect(renewal.body.text).toContain(
      `Votre certificat «\u00a0Certificat de prévention du harcèlement\u00a0», remis par ${name}, est valide jusqu’au ${expires}.`,
    );
    expect(renewal.body.html).toContain("<html");
    expect(renewal.body.push).toEqual({ title: expect.stringContaining("À renouveler"), body: expect.stringContaining(expires) });

    // A survey's invitation names its closing day as the reader writes a date, never as 2026-12-14.
    const invitation = await preview("surveyInvitation", "en");
    expect(invitation.body.subject).toBe("Your opinion counts: the workplace climate survey is open");
    expect(invitation.body.text).toContain(`${name} invites you to answer`);
    expect(invitation.body.text).toMatch(/The survey is open until [A-Z][a-z]+ \d{1,2}, \d{4}\./);
    expect(invitation.body.text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    const directory = await preview("directoryInvitation", "en");
    expect(directory.body.subject).toBe(`${name} lists you as staff: join its workplace well-being area?`);
    expect(directory.body.push).toBeNull();

    // Nothing went out, and only the employer's managers read them.
    expect(await outboxFor(suite.server, "employee@example.invalid")).toEqual([]);
    const stranger = await signedInUser(suite.server);
    expect(
      (await stranger.client.get(`/api/organizations/${employer.organizationId}/workplace/employee-mails/surveyReminder?language=en`))
        .status,
    ).toBe(403);
    expect((await preview("passwordReset", "en")).status).toBe(400);
    expect((await preview("surveyReminder", "xx")).status).toBe(400);
  });
});
