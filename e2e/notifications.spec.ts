import { startPushService } from "../src/server/test/push-service.js";
import { confirmedUser, expect, expectAccessible, test } from "./support/fixtures.js";
import { cardOfItsOwn, demoLinks, ENGLISH, ScanPageObject, signedInPhone } from "./support/scan-page.js";

// Notifications on a device go through Kindly's service worker (the journeys' default blocks it: playwright.config.ts).
test.use({ serviceWorkers: "allow" });

// The giver hears back (issue 42 §2): notifications chosen per kind in the
// profile, and a thanks pushed to the giver's phone through a push service
// that decrypts what it receives, as a browser's would.

test("the notification settings page keeps the choices per kind, and says what this device can do", async ({ browser, request }) => {
  const user = await confirmedUser(request);
  const phone = await signedInPhone(browser, user);
  // Reached from the profile (issue 60 §6): the profile keeps only a link.
  await phone.page.goto("/profile");
  await phone.page.getByRole("link", { name: "Notification settings" }).click();
  await expect(phone.page).toHaveURL(/\/settings\/notifications$/);
  await expect(phone.page).toHaveTitle("Notifications · Kindly");
  const card = phone.page.getByRole("region", { name: "Notifications" });
  const travels = card.getByRole("group", { name: "Your cards’ travels" });
  // The card and its settings load after the page (their own chunk and request): slow on a busy machine.
  await expect(travels).toBeVisible({ timeout: 30_000 });
  await expect(travels.getByRole("checkbox", { name: "Push notification" })).toBeChecked();
  // A card's news and a thank-you come by email until a device takes pushes, and say so.
  await expect(travels.getByRole("checkbox", { name: "Email" })).toBeChecked();
  await expect(travels.getByText("By email until one of your devices receives notifications.")).toBeVisible();
  await expect(card.getByRole("group", { name: "Thanks you receive" }).getByRole("checkbox", { name: "Email" })).toBeChecked();
  // Not asked yet on this device: one button asks.
  await expect(card.getByRole("status")).toHaveText("This device does not receive Kindly’s notifications yet.");
  await expect(card.getByRole("button", { name: "Turn on notifications on this device" })).toBeVisible();
  await expectAccessible(phone.page);

  await travels.getByRole("checkbox", { name: "Email" }).uncheck();
  await expect
    .poll(async () => (await (await phone.page.request.get("/api/me/notifications/settings")).json()).kinds.cardTravels.email)
    .toBe(false);
  await phone.page.reload();
  await expect(
    phone.page
      .getByRole("region", { name: "Notifications" })
      .getByRole("group", { name: "Your cards’ travels" })
      .getByRole("checkbox", { name: "Email" }),
  ).not.toBeChecked();
  await phone.context.close();

  const french = await signedInPhone(browser, user, "fr");
  await french.page.goto("/settings/notifications");
  const carte = french.page.getByRole("region", { name: "Notifications" }).getByRole("group", { name: "Le parcours de vos cartes" });
  await expect(carte.getByRole("checkbox", { name: "Courriel" })).not.toBeChecked();
  await expect(carte.getByRole("checkbox", { name: "Notification poussée" })).toBeChecked();
  await expectAccessible(french.page);
  await french.context.close();
});

test("later, from act history, the next holder shares the act and thanks its giver, whose phone gets the push, decrypted", async ({
  browser,
  request,
}) => {
  const push = await startPushService();
  try {
    const links = await demoLinks(request);
    const path = cardOfItsOwn(links);
    const [giverUser, receiverUser] = [await confirmedUser(request), await confirmedUser(request)];

    const giver = await signedInPhone(browser, giverUser);
    await giver.page.goto(path);
    await new ScanPageObject(giver.page, ENGLISH).openCard();
    // What the giver's phone handed Kindly when they allowed notifications.
    expect((await giver.page.request.post("/api/me/push-subscriptions", { data: push.subscribe("giver") })).status()).toBe(201);

    const receiver = await signedInPhone(browser, receiverUser);
    await receiver.page.goto(path);
    const shown = await new ScanPageObject(receiver.page, ENGLISH).openCard();
    const number = shown.replace(/^#/, "");

    // Another day, from the history: the act can still be shared and its giver thanked.
    await receiver.page.goto("/act-history");
    await receiver.page.getByRole("button", { name: `Share act #${number}` }).click();
    const shareDialog = receiver.page.getByRole("dialog", { name: `Share act #${number}` });
    await expect(shareDialog.getByRole("button", { name: "Share" })).toBeVisible();
    await expectAccessible(receiver.page);
    await receiver.page.keyboard.press("Escape");

    await receiver.page.getByRole("button", { name: `Thank the person who handed you the card of act #${number}` }).click();
    const thankDialog = receiver.page.getByRole("dialog", { name: "Thank the person who handed you this card" });
    await thankDialog.getByLabel("A short note (optional)").fill("Your card found me on a grey day. Merci!");
    await thankDialog.getByRole("button", { name: "Send my thanks" }).click();
    await expect(thankDialog.getByTestId("thanks-sent")).toContainText("Your thanks is on its way.");
    await receiver.page.keyboard.press("Escape");
    // The history now says so, and offers no second thanks.
    await expect(receiver.page.getByText("Thanked")).toBeVisible();
    await expect(receiver.page.getByRole("button", { name: `Thank the person who handed you the card of act #${number}` })).toHaveCount(0);

    const received = await push.waitFor("giver", (p) => p.payload.tag.startsWith("thanks-"), 30_000);
    expect(received.payload).toMatchObject({
      title: "Someone thanked you",
      body: "Your card found me on a grey day. Merci!",
      url: "/profile#thanks",
    });
    expect(push.refused).toEqual([]);
    for (const phone of [giver, receiver]) await phone.context.close();
  } finally {
    await push.close();
  }
});

test("the streak reminder is asked for with an hour, kept in this device's time zone", async ({ browser, request }) => {
  const user = await confirmedUser(request);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, timezoneId: "America/Vancouver" });
  try {
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem("kindly.language", "en"));
    expect((await page.request.post("/api/auth/sign-in", { data: { email: user.email, password: user.password } })).status()).toBe(200);
    await page.goto("/settings/notifications");
    const reminder = page.getByRole("region", { name: "Notifications" }).getByRole("group", { name: "Streak reminder" });
    await expect(reminder.getByRole("checkbox", { name: "Email" })).not.toBeChecked();
    // Off by default: no hour to choose until it is asked for.
    await expect(reminder.getByRole("combobox", { name: "At" })).toHaveCount(0);
    await reminder.getByRole("checkbox", { name: "Email" }).check();
    const hour = reminder.getByRole("combobox", { name: "At" });
    await expect(hour).toHaveValue("19");
    await expect(reminder.getByText("Your time zone: America/Vancouver")).toBeVisible();
    await hour.selectOption({ label: "8:00 a.m." });
    const settings = async () => (await (await page.request.get("/api/me/notifications/settings")).json()) as Record<string, unknown>;
    await expect.poll(async () => (await settings()).reminder).toEqual({ hour: 8, timeZone: "America/Vancouver" });
    expect(((await settings()).kinds as Record<string, unknown>).streakReminder).toEqual({ push: false, email: true });
    await expectAccessible(page);
    await page.reload();
    await expect(page.getByRole("group", { name: "Streak reminder" }).getByRole("combobox", { name: "At" })).toHaveValue("8");
  } finally {
    await context.close();
  }
});
