import type { APIRequestContext, Browser, BrowserContext, Page } from "@playwright/test";
import { addDays, newYorkDay } from "../src/shared/acts/new-york-time.js";
import type { OutboxMessage } from "../src/shared/schemas/system.js";
import { confirmedUser, expect, expectAccessible, test } from "./support/fixtures.js";
import { cardOfItsOwn, demoLinks, ENGLISH, FRENCH } from "./support/scan-page.js";
import { trackRequests } from "./support/network-quiet.js";

/*
 * Issue 60 §2, played over days on the clock server (playwright.config.ts:
 * KINDLY_TEST_CLOCK, moved with PUT /api/dev/clock, docs/operations.md). The
 * reminder is offered on the reveal of a first act; taken, it comes by email
 * (this phone takes no pushes) at the hour it was taken, the next day, when
 * no act was recorded yet; its one-tap links work signed out. Declined, the
 * offer comes back once, on a streak's 2nd day, and never after a second
 * "not now". One file, its journeys in turn: they share the server's clock.
 */
test.describe.configure({ mode: "serial" });

const ZONE = "America/Toronto";

/**
 * Moves the clock server's time, and the phone's (Playwright's clock): a
 * scan carries the device's time, which the server checks against its own.
 */
async function moveClock(request: APIRequestContext, to: string, phone?: BrowserContext) {
  const moved = await request.put("/api/dev/clock", { data: { now: to } });
  expect(moved.status()).toBe(200);
  await phone?.clock.setSystemTime(new Date(to));
}

/** `day` (New York) at `hour`:00:30 in Toronto, as an instant: Toronto keeps New York's offset. */
function torontoTime(day: string, hour: number): string {
  const noonUtc = new Date(`${day}T12:00:00Z`);
  const offset = new Intl.DateTimeFormat("en-US", { timeZone: ZONE, timeZoneName: "longOffset" })
    .formatToParts(noonUtc)
    .find((part) => part.type === "timeZoneName")!
    .value.replace("GMT", "");
  return `${day}T${String(hour).padStart(2, "0")}:00:30${offset}`;
}

/** A phone in Toronto whose clock starts at `now` and runs from there. */
async function phone(
  browser: Browser,
  user: { email: string; password: string },
  language: "en" | "fr",
  now: string,
  near?: { lat: number; lon: number },
) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    timezoneId: ZONE,
    serviceWorkers: "block",
    ...(near ? { geolocation: { latitude: near.lat, longitude: near.lon }, permissions: ["geolocation"] } : {}),
  });
  await context.clock.install({ time: new Date(now) });
  trackRequests(context);
  await context.addInitScript((chosen) => localStorage.setItem("kindly.language", chosen), language);
  expect((await context.request.post("/api/auth/sign-in", { data: { email: user.email, password: user.password } })).status()).toBe(200);
  return { context, page: await context.newPage() };
}

/** Records an act from `path` with the one tap (a place's code first takes the phone's position), and waits for the card. */
async function act(page: Page, path: string, words: typeof ENGLISH | typeof FRENCH, locate = false) {
  await page.goto(path);
  if (locate) await page.getByRole("button", { name: words.shareLocation }).click();
  await page.getByRole("button", { name: words.envelope }).click();
  await expect(page.getByTestId("act-number")).toBeVisible();
}

const mailTo = async (request: APIRequestContext, address: string) =>
  ((await (await request.get("/api/dev/mail")).json()) as { messages: OutboxMessage[] }).messages.filter(
    (message) => message.to === address.toLowerCase(),
  );

test.afterAll(async ({ request }) => {
  await request.delete("/api/dev/clock");
});

test("en: the reminder offered after a first act, taken by email, arrives the next day at that hour; its links work signed out", async ({
  browser,
  request,
}) => {
  const links = await demoLinks(request);
  const user = await confirmedUser(request, "en");
  const day1 = newYorkDay(new Date());
  await moveClock(request, torontoTime(day1, 10));
  const { context, page } = await phone(browser, user, "en", torontoTime(day1, 10));

  await act(page, links.physical.path, ENGLISH);
  const offer = page.getByTestId("reminder-offer");
  await expect(offer.getByRole("heading", { name: "Remind me tomorrow around this time?" })).toBeVisible();
  await expectAccessible(page);
  await offer.getByRole("button", { name: "Yes, remind me" }).click();
  // No push on this phone: by email, at this hour of the phone's day.
  await expect(offer.getByRole("status")).toContainText("Done! We will email you around");
  const settings = (await (await context.request.get("/api/me/notifications/settings")).json()) as {
    reminder: { hour: number; timeZone: string };
    kinds: { streakReminder: { push: boolean; email: boolean } };
  };
  expect(settings.reminder.timeZone).toBe(ZONE);
  expect(settings.kinds.streakReminder).toEqual({ push: false, email: true });

  // Day 2 at that hour, no act yet: one reminder, by email, with its one-tap links and RFC 8058 headers.
  const day2 = addDays(day1, 1);
  await moveClock(request, torontoTime(day2, settings.reminder.hour), context);
  // Taken at 10 a.m. on the phone: 10 a.m. in its zone.
  expect(settings.reminder.hour).toBe(10);
  // The jobs look every 2 s on the journeys' servers; a busy machine may take a while to send.
  await expect
    .poll(async () => (await mailTo(request, user.email)).filter((m) => m.subject === "Keep your 1-day streak").length, { timeout: 30_000 })
    .toBe(1);
  const [reminder] = (await mailTo(request, user.email)).filter((m) => m.subject === "Keep your 1-day streak");
  expect(reminder!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  expect(reminder!.headers["List-Unsubscribe"]).toMatch(
    /^<http:\/\/127\.0\.0\.1:\d+\/api\/email-choices\/one-click\?u=[^&]+&k=streakReminder&s=[^>]+>$/,
  );
  const stop = /Stop these emails: (\S+)/.exec(reminder!.text)![1]!;

  // The stop link, opened on a computer that is not signed in: it stops that kind's emails, and undoes.
  const signedOut = await browser.newContext({ serviceWorkers: "block" });
  const desk = await signedOut.newPage();
  await desk.addInitScript(() => localStorage.setItem("kindly.language", "en"));
  await desk.goto(new URL(stop).pathname + new URL(stop).search);
  await expect(desk.getByRole("status")).toHaveText("You will no longer receive emails about “Streak reminder”. It still shows in Kindly.");
  await expect(desk).toHaveTitle("Your emails · Kindly");
  expect(((await (await context.request.get("/api/me/notifications/settings")).json()) as typeof settings).kinds.streakReminder.email).toBe(
    false,
  );
  await expectAccessible(desk);
  await desk.getByRole("button", { name: "Undo" }).click();
  await expect(desk.getByRole("status")).toHaveText("Emails about “Streak reminder” are back on.");
  await signedOut.close();

  // An act on day 2: no offer any more, the reminder being on.
  await act(page, cardOfItsOwn(links), ENGLISH);
  await expect(page.getByRole("link", { name: "Go home" })).toBeVisible();
  await expect(page.getByTestId("reminder-offer")).toHaveCount(0);
  await context.close();
});

test("fr : « Pas maintenant » est retenu; l’offre revient une fois au 2e jour d’une série, plus jamais ensuite", async ({
  browser,
  request,
}) => {
  const links = await demoLinks(request);
  const user = await confirmedUser(request, "fr");
  const day1 = addDays(newYorkDay(new Date()), 3);
  await moveClock(request, torontoTime(day1, 9));
  const { context, page } = await phone(browser, user, "fr", torontoTime(day1, 9), links.virtual.near!);

  await act(page, links.physical.path, FRENCH);
  const offer = page.getByTestId("reminder-offer");
  await expect(offer.getByRole("heading", { name: "Vous le rappeler demain vers cette heure-ci?" })).toBeVisible();
  await offer.getByRole("button", { name: "Pas maintenant" }).click();
  await expect(offer.getByRole("status")).toHaveText("Pas de rappel, donc. Vous pouvez en activer un en tout temps.");
  await expectAccessible(page);

  // The same day, another act: not asked again.
  await act(page, cardOfItsOwn(links), FRENCH);
  await expect(page.getByRole("link", { name: "Retour à l’accueil" })).toBeVisible();
  await expect(page.getByTestId("reminder-offer")).toHaveCount(0);

  // Day 2 of the streak: asked once more; "not now" again.
  // An organisation's card counts once per person, a place's code once a day: the place each day.
  await moveClock(request, torontoTime(addDays(day1, 1), 9), context);
  await act(page, links.virtual.path, FRENCH, true);
  await expect(offer.getByRole("heading", { name: "Vous le rappeler demain vers cette heure-ci?" })).toBeVisible();
  await offer.getByRole("button", { name: "Pas maintenant" }).click();
  await expect(offer.getByRole("status")).toBeVisible();

  // Day 3: never again.
  await moveClock(request, torontoTime(addDays(day1, 2), 9), context);
  await act(page, links.virtual.path, FRENCH, true);
  await expect(page.getByRole("link", { name: "Retour à l’accueil" })).toBeVisible();
  await expect(page.getByTestId("reminder-offer")).toHaveCount(0);
  await context.close();
});
