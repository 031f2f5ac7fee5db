import { confirmedUser, expect, test } from "./support/fixtures.js";
import { officialAccount } from "./support/official.js";
import {
  browserIn,
  createdTeam,
  demoOrganizations,
  demoWorkplace,
  expectFinishedText,
  PAGES,
  SIGNED_IN_PAGES,
  SIGNED_OUT_PAGES,
  signIn,
  walkAll,
} from "./support/page-walk.js";

/*
 * Issue 43: no page of the app, signed in or out, in either language, says
 * "Coming soon" / "Bientôt", and none shows a raw message key
 * ("industries.Food and drink", "dashboard.codes.title"). This journey walks
 * every page of the router as each kind of person sees it (signed out, a
 * participant with a team, an employee with the workplace area, the official
 * account with its profile, the admin panel and two organisations'
 * dashboards), opens every tab and every view switch it finds, and reads the
 * whole page each time: its text, hidden parts included, and the names and
 * hints of its controls.
 *
 * In French here. The English pages are read by the pseudo-locale's walk
 * (pseudo-locale.spec.ts), which runs the same check on the same views: its
 * messages are the English ones accented, so an English message key that is
 * missing shows there raw, text that was never a message shows there plain,
 * and the server's data comes in English as it is. The message files
 * themselves hold no placeholder in any language (message-files.test.ts).
 * A walk in English as well read each view a third time (about 60 s of the
 * journeys, issue 59).
 */

test.setTimeout(300_000);

const LANGUAGES = ["fr"] as const;

for (const language of LANGUAGES) {
  test.describe(`no "Coming soon" and no raw message key anywhere (${language})`, () => {
    test("signed out: every page and tab", async ({ browser }) => {
      const { context, page } = await browserIn(browser, language);
      await walkAll(page, [...PAGES, ...SIGNED_OUT_PAGES], expectFinishedText);
      await context.close();
    });

    test("a participant with a team: every page and tab", async ({ browser, request }) => {
      const user = await confirmedUser(request, language);
      const { context, page } = await browserIn(browser, language);
      await signIn(page, user);
      const team = await createdTeam(page, `Marcheurs ${language} ${Date.now().toString(36)}`);
      await walkAll(page, [...PAGES, ...SIGNED_IN_PAGES, `/teams/${team}`], expectFinishedText);
      await context.close();
    });

    test("an employee with the workplace area, and the official account: admin panel and dashboards", async ({ browser, request }) => {
      const employee = await confirmedUser(request, language);
      const { context, page } = await browserIn(browser, language);
      await signIn(page, employee);
      expect((await page.request.post("/api/workplace/access", { data: { code: (await demoWorkplace(page)).code } })).status()).toBe(200);
      await walkAll(page, ["/workplace-wellbeing", "/"], expectFinishedText);
      await context.close();

      const official = await browserIn(browser, language);
      await signIn(official.page, officialAccount());
      const { employerId, otherId } = await demoOrganizations(official.page);
      await walkAll(
        official.page,
        ["/admin", `/business-dashboard?org=${employerId}`, `/business-dashboard?org=${otherId}`, "/workplace-wellbeing", "/profile"],
        expectFinishedText,
      );
      await official.context.close();
    });
  });
}
