import type { Page } from "@playwright/test";
import en from "../src/shared/i18n/messages/en/app.json" with { type: "json" };
import fr from "../src/shared/i18n/messages/fr/app.json" with { type: "json" };
import { confirmedUser, expect, expectAccessible, test } from "./support/fixtures.js";
import { cardOfItsOwn, demoLinks, ENGLISH, FRENCH, ScanPageObject, signedInPhone } from "./support/scan-page.js";

// Teams for real (issue 43 §1): in each language, a friends and family team made from the
// profile, joined with its password and with its invite link; its members'
// acts on its page, its board and home's top teams; leaving stops the count.

const LANGUAGES = { en: { words: en, scan: ENGLISH }, fr: { words: fr, scan: FRENCH } } as const;

/** The figure under a labelled tile of the team page. */
const figure = (page: Page, label: string) =>
  page
    .getByRole("term")
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator("xpath=following-sibling::dd");

for (const language of ["en", "fr"] as const) {
  const { words, scan } = LANGUAGES[language];
  test(`${language}: a friends and family team is created, joined by password and by invite link, and counts exactly its members' acts`, async ({
    browser,
    request,
  }) => {
    const links = await demoLinks(request);
    const name = `${language === "en" ? "Kind Walkers" : "Marcheurs Bienveillants"} ${Math.random().toString(36).slice(2, 7)}`;
    const [ownerUser, secondUser, thirdUser] = [
      await confirmedUser(request, language),
      await confirmedUser(request, language),
      await confirmedUser(request, language),
    ];

    // The owner creates it from the profile.
    const owner = await signedInPhone(browser, ownerUser, language);
    await owner.page.goto("/profile");
    const teams = owner.page.getByRole("region", { name: words.teams.title, exact: true });
    await teams.getByRole("button", { name: words.teams.create.walking }).click();
    const form = owner.page.getByRole("form", { name: words.teams.createForm.walking });
    await form.getByLabel(words.teams.name, { exact: true }).fill(name);
    await form.getByLabel(words.teams.passwordOptional, { exact: true }).fill("sentier42");
    // The name teammates will see (issue 60 §5): the username to start with, a first name here.
    const ownName = form.getByLabel(words.teams.memberName, { exact: true });
    await expect(ownName).toHaveValue(ownerUser.username);
    await ownName.fill("Josée");
    await form.getByRole("button", { name: words.teams.create.walking }).click();
    await expect(owner.page.getByRole("heading", { level: 1, name })).toBeVisible();
    const invite = new URL(await owner.page.getByLabel(words.teamPage.inviteLink).inputValue()).pathname;
    await expectAccessible(owner.page);

    // The second joins with the name and the password (the spec's form: live once both are filled).
    const second = await signedInPhone(browser, secondUser, language);
    await second.page.goto("/profile");
    const join = second.page.getByRole("form", { name: words.teams.joinForm.walking });
    const joinButton = join.getByRole("button", { name: words.teams.join, exact: true });
    await join.getByLabel(words.teams.name, { exact: true }).fill(name.toLowerCase());
    await expect(joinButton).toBeDisabled();
    await join.getByLabel(words.teams.password, { exact: true }).fill("sentier42");
    await join.getByLabel(words.teams.memberName, { exact: true }).fill("Marc");
    await joinButton.click();
    await expect(second.page.getByRole("heading", { level: 1, name })).toBeVisible();

    // The third opens the invite link.
    const third = await signedInPhone(browser, thirdUser, language);
    await third.page.goto(invite);
    // Kept as prefilled: their username.
    await expect(third.page.getByLabel(words.teams.memberName, { exact: true })).toHaveValue(thirdUser.username);
    await third.page.getByRole("button", { name: words.joinTeam.join.replace("{{name}}", name) }).click();
    await expect(third.page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expectAccessible(third.page);

    // One act each.
    for (const member of [owner, second, third]) {
      await member.page.goto(links.physical.path);
      await new ScanPageObject(member.page, scan).openCard();
    }

    await owner.page.goto(invite.replace(/^\/teams\/join\/([^.]+)\..*$/, "/teams/$1"));
    await expect(figure(owner.page, words.teamPage.thisMonth)).toHaveText("3");
    // What counts, said beside the figures (issue 60 §5).
    await expect(owner.page.getByTestId("team-counts-from")).toContainText(words.teamPage.countsFrom.split(":")[0]!.trim());
    const members = owner.page.getByRole("list").filter({ hasText: words.teamPage.owner }).getByRole("listitem");
    await expect(members).toHaveCount(3);
    // Friends know each other: each by the name they chose in the team, in the owner's actions too.
    await expect(members.nth(0)).toContainText("Josée");
    await expect(members.nth(1)).toContainText("Marc");
    await expect(members.nth(2)).toContainText(thirdUser.username);
    await expect(members.nth(1).getByRole("button", { name: words.teamPage.makeOwnerOf.replace("{{name}}", "Marc") })).toBeVisible();
    await owner.page.goto("/leaderboards?tab=receivers&type=walking_team");
    const row = owner.page.getByRole("row").filter({ has: owner.page.getByRole("link", { name, exact: true }) });
    await expect(row.getByRole("cell").last()).toHaveText("3");
    await expectAccessible(owner.page);
    await owner.page.goto("/");
    // Home's top teams (not the person's own teams card, which names the team too).
    const top = owner.page
      .getByRole("region", { name: words.home.topTeams })
      .getByRole("listitem")
      .filter({ has: owner.page.getByRole("link", { name, exact: true }) });
    await expect(top).toContainText(words.common.acts_other.replace("{{formatted}}", "3"));

    // The third leaves; their next act counts for nobody's team.
    await third.page.goto(invite.replace(/^\/teams\/join\/([^.]+)\..*$/, "/teams/$1"));
    await third.page.getByRole("button", { name: words.teamPage.leave }).click();
    await third.page.getByRole("dialog").getByRole("button", { name: words.teamPage.leave }).click();
    await expect(third.page).toHaveURL(/\/profile/);
    await expect(third.page.getByRole("form", { name: words.teams.joinForm.walking })).toBeVisible();
    await third.page.goto(cardOfItsOwn(links));
    await new ScanPageObject(third.page, scan).openCard();
    await owner.page.goto("/leaderboards?tab=receivers&type=walking_team");
    await expect(row.getByRole("cell").last()).toHaveText("3");
    await owner.page.reload();
    await expect(row.getByRole("cell").last()).toHaveText("3");

    for (const member of [owner, second, third]) await member.context.close();
  });
}
