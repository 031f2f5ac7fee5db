import { expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import en from "../../src/shared/i18n/messages/en/app.json" with { type: "json" };
import fr from "../../src/shared/i18n/messages/fr/app.json" with { type: "json" };
import { trackRequests } from "./network-quiet.js";

/** Exactly one of the four rarity names, in either language, as the message files write them. */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const RARITY_NAME = new RegExp(`^(${[...Object.values(en.rarity), ...Object.values(fr.rarity)].map(escape).join("|")})$`);

export interface DemoLink {
  type: "virtual" | "physical" | "portable";
  path: string;
  /** Cards only: the code printed under it, /c/<short>. */
  short?: string;
  near?: { lat: number; lon: number; radiusMeters: number };
}

const PHONE = { width: 390, height: 844 };

/** A phone of its own (390 px, reduced motion), signed in as `user` through the API. */
export async function signedInPhone(browser: Browser, user: { email: string; password: string }, language: "en" | "fr" = "en") {
  const context = await browser.newContext({ viewport: PHONE, reducedMotion: "reduce" });
  trackRequests(context);
  const page = await context.newPage();
  await page.addInitScript((chosen) => localStorage.setItem("kindly.language", chosen), language);
  expect((await page.request.post("/api/auth/sign-in", { data: { email: user.email, password: user.password } })).status()).toBe(200);
  return { context, page };
}

/**
 * Cards 2 to 49 of the demo's portable series, shared out between the run's
 * worker processes: each takes the next card of its own block of eight. A
 * worker that starts again after a failure is a new process with a new
 * TEST_WORKER_INDEX, so its block is new too (keyed by the parallel slot, a
 * restarted worker took the same cards again and the next journey met a
 * card that already had a holder).
 */
const CARDS_PER_WORKER = 8;
const BLOCKS = 48 / CARDS_PER_WORKER;
let cardsTaken = 0;

/**
 * A card of the demo's numbered portable series that no other journey passes
 * around: its scan path.
 */
export function cardOfItsOwn(links: Record<DemoLink["type"], DemoLink>): string {
  const block = Number(process.env.TEST_WORKER_INDEX ?? 0) % BLOCKS;
  const card = 2 + block * CARDS_PER_WORKER + (cardsTaken++ % CARDS_PER_WORKER);
  return links.portable.path.replace(/card=\d+/, `card=${card}`);
}

/** The scan links the demo seed printed at start-up (the server's dev endpoint lists them). */
export async function demoLinks(request: APIRequestContext): Promise<Record<DemoLink["type"], DemoLink>> {
  const { links } = (await (await request.get("/api/dev/demo-links")).json()) as { links: DemoLink[] };
  return Object.fromEntries(links.map((link) => [link.type, link])) as Record<DemoLink["type"], DemoLink>;
}

/** A page whose browser grants geolocation and reports `north` degrees of latitude north of `near`. */
export async function pageNear(browser: Browser, near: { lat: number; lon: number }, north: number, language: "en" | "fr" = "en") {
  const context = await browser.newContext({
    geolocation: { latitude: near.lat + north, longitude: near.lon },
    permissions: ["geolocation"],
  });
  trackRequests(context);
  const page = await context.newPage();
  await page.addInitScript((lang) => localStorage.setItem("kindly.language", lang), language);
  return { context, page };
}

/** The /scan-qr flow: location step, envelope, card, flip. */
export class ScanPageObject {
  constructor(
    private readonly page: Page,
    private readonly words: { shareLocation: string; envelope: string; flipBack: string; flipCard: string },
  ) {}

  async shareLocation() {
    await this.page.getByRole("button", { name: this.words.shareLocation }).click();
  }

  /** Opens the envelope, the one tap that records the act (issue 60), and waits for the card to turn over; returns the act number shown. */
  async openCard(): Promise<string> {
    await this.page.getByRole("button", { name: this.words.envelope }).click();
    const number = this.page.getByTestId("act-number");
    await expect(number).toBeVisible();
    await expect(this.page.getByTestId("act-rarity")).toHaveText(RARITY_NAME);
    return (await number.textContent())!.trim();
  }

  /** A kept scan, already recorded: one tap on the envelope shows the card; returns the act number shown. */
  async openKeptCard(): Promise<string> {
    await this.page.getByRole("button", { name: this.words.envelope }).click();
    const number = this.page.getByTestId("act-number");
    await expect(number).toBeVisible();
    return (await number.textContent())!.trim();
  }

  async flipBackAndForth() {
    await this.page.getByRole("button", { name: this.words.flipBack }).click();
    await expect(this.page.getByTestId("act-number")).toBeHidden();
    await this.page.getByRole("button", { name: this.words.flipCard }).click();
    await expect(this.page.getByTestId("act-number")).toBeVisible();
  }
}

export const ENGLISH = {
  shareLocation: "Share my location",
  envelope: "Tap to open the envelope",
  flipBack: "Flip back",
  flipCard: "Flip the card",
};
export const FRENCH = {
  shareLocation: "Partager ma position",
  envelope: "Touchez pour ouvrir l’enveloppe",
  flipBack: "Retourner la carte",
  flipCard: "Retourner la carte",
};
