import { request as http } from "@playwright/test";
import ical, { type VEvent } from "node-ical";
import { OrganizationDashboardPageObject } from "./support/dashboard-page.js";
import { downloaded } from "./support/downloads.js";
import { newEmployer, signedInPhone } from "./support/employer.js";
import { expect, expectAccessible, test } from "./support/fixtures.js";
import { noteScreenshot } from "./support/note-screens.js";

test.setTimeout(180_000);

const WORDS = {
  en: {
    title:
      "in English: an employer schedules a committee meeting, gives a member a calendar link, moves and cancels the meeting, and the member's calendar follows",
    locale: "en-CA",
    area: "Workplace well-being",
    committee: "Committee",
    meetings: "Meetings",
    members: "Members",
    meetingTitle: "Meeting title",
    date: "Date",
    time: "Time (optional)",
    length: "Length",
    place: "Place (optional)",
    zone: "Time zone",
    record: "Record the meeting",
    when: "Jan 14, 2027 at 2:00 p.m. (America/Toronto) · 90 minutes · Room 2",
    meeting: "Winter meeting",
    add: "Add Winter meeting to a calendar",
    edit: "Edit Winter meeting",
    save: "Save the meeting",
    cancel: "Cancel Winter meeting",
    confirmCancel: "Cancel the meeting",
    cancelled: "Cancelled",
    link: "Calendar link for Léa Roy",
    make: "Make the link",
    address: "Address of the calendar",
    revoke: "Revoke the link",
    cancelledTitle: "Cancelled: Winter meeting",
  },
  fr: {
    title:
      "en français : un employeur planifie une réunion du comité, donne un lien de calendrier à une membre, déplace puis annule la réunion, et le calendrier de la membre suit",
    locale: "fr-CA",
    area: "Mieux-être au travail",
    committee: "Comité",
    meetings: "Réunions",
    members: "Membres",
    meetingTitle: "Titre de la réunion",
    date: "Date",
    time: "Heure (facultative)",
    length: "Durée",
    place: "Lieu (facultatif)",
    zone: "Fuseau horaire",
    record: "Consigner la réunion",
    when: "14 janv. 2027 à 14 h 00 (America/Toronto) · 90 minutes · Room 2",
    meeting: "Réunion d’hiver",
    add: "Ajouter Réunion d’hiver à un calendrier",
    edit: "Modifier Réunion d’hiver",
    save: "Enregistrer la réunion",
    cancel: "Annuler Réunion d’hiver",
    confirmCancel: "Annuler la réunion",
    cancelled: "Annulée",
    link: "Lien de calendrier de Léa Roy",
    make: "Créer le lien",
    address: "Adresse du calendrier",
    revoke: "Révoquer le lien",
    cancelledTitle: "Annulée\u00a0: Réunion d’hiver",
  },
} as const;

/** A calendar file's events, read by node-ical (an independent parser). */
const eventsOf = (text: string) => Object.values(ical.sync.parseICS(text)).filter((item): item is VEvent => item?.type === "VEVENT");

for (const language of ["en", "fr"] as const) {
  const words = WORDS[language];
  test(words.title, async ({ browser, request, baseURL }) => {
    const { owner, ownerApi, organizationId } = await newEmployer(request, baseURL!, language);
    const members = `/api/organizations/${organizationId}/compliance/committee/members`;
    expect((await ownerApi.post(members, { data: { name: "Léa Roy", role: "secretary", electedDate: "2026-03-01" } })).status()).toBe(201);

    // The employer's phone, in Montréal's time zone: a new meeting is placed there unless another zone is chosen.
    const { context, page } = await signedInPhone(browser, owner, language, words.locale, "America/Toronto");
    const dashboard = new OrganizationDashboardPageObject(page);
    await dashboard.open(organizationId);
    await dashboard.openTab(words.area);
    await page.getByRole("tab", { name: words.committee }).click();
    await page.getByRole("tab", { name: words.meetings }).click();

    // 1. A meeting with its time, length and place.
    await page.getByLabel(words.meetingTitle).fill(words.meeting);
    await page.getByLabel(words.date, { exact: true }).fill("2027-01-14");
    await page.getByLabel(words.time).fill("14:00");
    await page.getByLabel(words.length).selectOption("90");
    await page.getByLabel(words.place).fill("Room 2");
    await expect(page.getByLabel(words.zone)).toHaveValue("America/Toronto");
    await page.getByRole("button", { name: words.record }).click();
    const item = page.getByRole("listitem").filter({ hasText: words.meeting });
    await expect(item).toContainText(words.when);
    await expectAccessible(page);
    await noteScreenshot(page, `issue-47/5-meeting-${language}`, item);

    // 2. Its calendar file: 14:00 in Montréal is 19:00 UTC in January.
    const file = eventsOf((await downloaded(page, item.getByRole("link", { name: words.add }))).toString("utf8"));
    expect(file).toHaveLength(1);
    expect(file[0]!.start.toISOString()).toBe("2027-01-14T19:00:00.000Z");
    expect(file[0]!.start.tz).toBe("America/Toronto");
    const uid = file[0]!.uid;

    // 3. A calendar link for the member, shown once.
    await page.getByRole("tab", { name: words.members }).click();
    await page.getByRole("button", { name: words.link }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: words.make }).click();
    const address = dialog.getByLabel(words.address);
    await expect(address).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const feedUrl = await address.inputValue();
    await expectAccessible(page);
    await noteScreenshot(page, `issue-47/5-calendar-link-${language}`);
    await page.keyboard.press("Escape");

    // The member's calendar application: no session, only the address.
    const calendarApp = await http.newContext();
    const feed = async () => {
      const answer = await calendarApp.get(feedUrl);
      return answer.status() === 200 ? eventsOf(await answer.text()).find((e) => e.uid === uid) : answer.status();
    };
    expect(await feed()).toMatchObject({ summary: words.meeting, location: "Room 2" });

    // 4. Moved an hour later: the same event, a higher sequence, the new time.
    await page.getByRole("tab", { name: words.meetings }).click();
    await item.getByRole("button", { name: words.edit }).click();
    const editing = page.getByRole("dialog");
    await editing.getByLabel(words.time).fill("15:00");
    await editing.getByRole("button", { name: words.save }).click();
    await expect(item).toContainText(language === "en" ? "3:00 p.m." : "15 h 00");
    const moved = (await feed()) as VEvent;
    expect(Number(moved.sequence)).toBe(1);
    expect(moved.start.toISOString()).toBe("2027-01-14T20:00:00.000Z");

    // 5. Cancelled: it stays, marked, and the member's calendar shows it cancelled under the same event.
    await item.getByRole("button", { name: words.cancel }).click();
    await page.getByRole("dialog").getByRole("button", { name: words.confirmCancel }).click();
    await expect(item.getByText(words.cancelled, { exact: true })).toBeVisible();
    await expect(item.getByRole("button", { name: words.edit })).toHaveCount(0);
    expect(await feed()).toMatchObject({ status: "CANCELLED", summary: words.cancelledTitle });
    await expectAccessible(page);

    // 6. The link revoked: the address no longer answers.
    await page.getByRole("tab", { name: words.members }).click();
    await page.getByRole("button", { name: words.link }).click();
    await page.getByRole("dialog").getByRole("button", { name: words.revoke }).click();
    await expect.poll(feed).toBe(404);
    await calendarApp.dispose();
    await context.close();
  });
}
