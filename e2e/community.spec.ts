import type { BrowserContext, Page } from "@playwright/test";
import { AuthPageObject } from "./support/auth-page.js";
import { ChatPageObject, GalleryPageObject, memberBrowser, photoFile } from "./support/community-page.js";
import { confirmedUser, expect, expectAccessible, test, type NewUser } from "./support/fixtures.js";
import { officialAccount } from "./support/official.js";
import { demoLinks } from "./support/scan-page.js";

test.setTimeout(180_000);

const messageItem = (page: Page, text: string) => new ChatPageObject(page).message(text);
const postItem = (page: Page, text: string) => new GalleryPageObject(page).post(text);

test.describe("community", () => {
  let alice: NewUser;
  let bob: NewUser;
  let contexts: BrowserContext[] = [];
  test.beforeEach(async ({ request }) => {
    alice = await confirmedUser(request);
    bob = await confirmedUser(request);
  });
  test.afterEach(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    contexts = [];
  });

  test("two members chat live: a message appears in the other browser, is liked there, and an email address is refused", async ({
    browser,
  }) => {
    const a = await memberBrowser(browser, alice);
    const b = await memberBrowser(browser, bob);
    contexts.push(a.context, b.context);
    await a.page.goto("/community-chat");
    await b.page.goto("/community-chat");
    await expect(b.page.getByRole("heading", { name: "Community chat" })).toBeVisible();
    await expectAccessible(b.page);

    const text = `Shovelled my neighbour's steps ${Date.now()}`;
    const box = a.page.getByLabel("Your message");
    await box.fill(text);
    await expect(a.page.getByText(`${text.length}/1,000 characters`)).toBeVisible();
    await box.press("Enter");
    await expect(box).toHaveValue("");

    // Bob's page was never reloaded: the message arrives over the events stream.
    const received = messageItem(b.page, text);
    await expect(received).toBeVisible();
    await expect(received.getByText(alice.username)).toBeVisible();
    await received.getByRole("button", { name: "0 likes" }).click();
    await expect(received.getByRole("button", { name: "1 like" })).toHaveAttribute("aria-pressed", "true");
    await expect(messageItem(a.page, text).getByRole("button", { name: "1 like" })).toHaveAttribute("aria-pressed", "false");

    // Shift+Enter breaks the line; an address, even disguised, never leaves the browser (and the server refuses it too).
    await box.fill("Write to me");
    await box.press("Shift+Enter");
    await box.pressSequentially("alice [at] example [dot] com");
    await box.press("Enter");
    await expect(
      a.page.getByRole("alert").filter({ hasText: "Email addresses are not allowed in messages to protect user privacy" }),
    ).toBeVisible();
    await expect(box).toHaveValue("Write to me\nalice [at] example [dot] com");
    await expectAccessible(a.page);

    // Alice takes her message back: after a confirmation it is gone, in Bob's browser too.
    await messageItem(a.page, text).getByRole("button", { name: "More actions" }).click();
    await a.page.getByRole("menuitem", { name: "Delete" }).click();
    await a.page.getByRole("dialog", { name: "Delete this message?" }).getByRole("button", { name: "Delete" }).click();
    await expect(messageItem(a.page, text)).toHaveCount(0);
    await expect(messageItem(b.page, text)).toHaveCount(0);
  });

  test("markup in a message or a caption stays text and never runs", async ({ browser }) => {
    const a = await memberBrowser(browser, alice);
    const b = await memberBrowser(browser, bob);
    contexts.push(a.context, b.context);
    const attack = `<script>alert("chat")</script><img src=x onerror="alert('img')"> <a href="javascript:alert('link')">win</a> ${Date.now()}`;
    await a.page.goto("/community-chat");
    await a.page.getByLabel("Your message").fill(attack);
    await a.page.getByRole("button", { name: "Send", exact: true }).click();
    await b.page.goto("/community-chat");
    const shown = messageItem(b.page, attack);
    await expect(shown).toContainText(attack);
    // No element was made from the text: no image, no link, no script.
    await expect(shown.locator("img, script, a")).toHaveCount(0);

    await a.page.goto("/acts-gallery");
    await a.page.getByRole("button", { name: "Share a photo" }).click();
    await a.page.getByLabel("Photo", { exact: true }).setInputFiles(await photoFile(200));
    await a.page.getByLabel("Description").fill(attack);
    await a.page.getByRole("button", { name: "Share", exact: true }).click();
    await b.page.goto("/acts-gallery");
    const post = postItem(b.page, attack);
    await expect(post).toContainText(attack);
    await expect(post.locator("script, a[href^='javascript']")).toHaveCount(0);
    await post.getByRole("button", { name: /^Open the photo/ }).click();
    await expect(b.page.getByRole("dialog")).toContainText(attack);
  });

  test("a photo upload shows its progress and appears in the other browser's gallery; a report reaches the admin panel, which hides it", async ({
    browser,
  }) => {
    const a = await memberBrowser(browser, alice);
    const b = await memberBrowser(browser, bob);
    contexts.push(a.context, b.context);
    await b.page.goto("/acts-gallery");
    await expect(b.page.getByRole("heading", { name: "Acts gallery" })).toBeVisible();
    await a.page.goto("/acts-gallery");
    await expectAccessible(a.page);

    // The gallery opens on its photos; sharing one is a designed button, the form in a dialog.
    await a.page.getByRole("button", { name: "Share a photo" }).click();
    await expect(a.page.getByRole("dialog", { name: "Share a photo of your act" })).toBeVisible();
    // Nothing chosen yet: the form says what is missing and keeps the description.
    const caption = `Soup for the night shift ${Date.now()}`;
    await a.page.getByLabel("Description").fill(caption);
    await a.page.getByRole("button", { name: "Share", exact: true }).click();
    await expect(a.page.getByText("Please select a photo first")).toBeVisible();
    await expect(a.page.getByLabel("Description")).toHaveValue(caption);

    // A slow connection, so the bar has time to be seen moving.
    const cdp = await a.context.newCDPSession(a.page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 50,
      downloadThroughput: -1,
      uploadThroughput: 200 * 1024,
    });
    await a.page.getByLabel("Photo", { exact: true }).setInputFiles(await photoFile());
    await expect(a.page.getByRole("img", { name: "Preview of the chosen photo" })).toBeVisible();
    await a.page.getByRole("button", { name: "Share", exact: true }).click();
    await expect(a.page.getByRole("progressbar", { name: "Upload progress" })).toBeVisible();
    await expect(postItem(a.page, caption)).toBeVisible({ timeout: 60_000 });
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    // Bob's gallery shows it without a reload, with the thumbnail's size reserved.
    const seen = postItem(b.page, caption);
    await expect(seen).toBeVisible();
    const thumbnail = seen.locator("img");
    await expect(thumbnail).toHaveAttribute("width", /\d+/);
    await expect(thumbnail).toHaveAttribute("height", /\d+/);
    await expectAccessible(b.page);

    // Bob reports it.
    await seen.getByRole("button", { name: "More actions" }).click();
    await b.page.getByRole("menuitem", { name: "Report" }).click();
    await b.page.getByRole("radio", { name: "Inappropriate content" }).check();
    await b.page.getByLabel("Details (optional)").fill("Not an act of kindness");
    await b.page.getByRole("button", { name: "Send report" }).click();
    await expect(b.page.getByRole("dialog")).toBeHidden();

    // The official account hides it from the Moderation tab.
    const official = await memberBrowser(browser, officialAccount());
    contexts.push(official.context);
    await official.page.goto("/admin?tab=moderation");
    const item = official.page.getByTestId("moderation-item").filter({ hasText: caption });
    await expect(item).toContainText("Not an act of kindness");
    await expect(item).toContainText("Inappropriate content");
    await expectAccessible(official.page);
    // On a phone the item stacks: its text gets the whole width, nothing scrolls sideways, no button covers the title.
    await official.page.setViewportSize({ width: 390, height: 844 });
    const caption390 = (await item.getByText(caption, { exact: true }).boundingBox())!;
    expect(caption390.width).toBeGreaterThan(250);
    expect(await official.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const hideBox = (await item.getByRole("button", { name: "Hide" }).boundingBox())!;
    expect(hideBox.y).toBeGreaterThanOrEqual(caption390.y + caption390.height);
    await official.page.setViewportSize({ width: 1280, height: 800 });
    await item.getByRole("button", { name: "Hide" }).click();
    await official.page.getByLabel("Reason (kept for the record)").fill("Off-topic photo");
    await official.page.getByRole("dialog").getByRole("button", { name: "Hide" }).click();
    await expect(item).toBeHidden();
    await official.page.getByRole("button", { name: "Hidden", exact: true }).click();
    await expect(official.page.getByTestId("moderation-item").filter({ hasText: caption })).toContainText("Off-topic photo");

    // Gone for everyone, live.
    await expect(postItem(b.page, caption)).toBeHidden();
    await a.page.reload();
    await expect(a.page.getByRole("heading", { name: "Acts gallery" })).toBeVisible();
    await expect(postItem(a.page, caption)).toHaveCount(0);
  });

  test("a portable card scanned by three people shows a journey of three, in French", async ({ browser, request }) => {
    const carol = await confirmedUser(request);
    const portable = (await demoLinks(request)).portable;
    const code = Object.fromEntries(new URL(portable.path, "http://x").searchParams);
    for (const [i, user] of [alice, bob, carol].entries()) {
      const { context } = await memberBrowser(browser, user, "fr");
      contexts.push(context);
      const scan = await context.request.post("/api/scans", { data: { org: code.org, loc: code.loc, type: code.type } });
      expect(scan.status()).toBe(201);
      const { journeyId } = (await scan.json()) as { journeyId: string };
      if (i < 2) {
        // Two of them put their city on the map (Montréal, then Laval); positions are rounded by the server.
        const at = [
          { lat: 45.508812, lon: -73.587334 },
          { lat: 45.606649, lon: -73.712409 },
        ][i]!;
        expect((await context.request.put(`/api/cards/${journeyId}/place`, { data: at })).status()).toBe(204);
      }
    }
    const c = await memberBrowser(browser, carol, "fr");
    contexts.push(c.context);
    await c.page.goto("/act-history");
    await c.page.getByRole("link", { name: "Voir le parcours de cette carte" }).click();
    await expect(c.page.getByRole("heading", { name: "Le parcours d’une carte de bienveillance" })).toBeVisible();
    const people = c.page.getByText("Personnes touchées").locator("..");
    await expect(people).toContainText("3");
    await expect(c.page.getByTestId("journey-stop")).toHaveCount(3);
    await expect(c.page.getByTestId("journey-stop").nth(2)).toContainText("Ville non indiquée");
    // Its holders hear of its travels by default; one may silence this card, and the choice stays.
    const follow = c.page.getByRole("checkbox", { name: "Me dire où cette carte va ensuite" });
    await expect(follow).toBeChecked();
    await expectAccessible(c.page);
    await follow.uncheck();
    await expect
      .poll(async () => (await c.context.request.get(`/api/cards/${c.page.url().split("/cards/")[1]}`)).json())
      .toMatchObject({
        me: { following: false },
      });
    await c.page.reload();
    await expect(c.page.getByRole("checkbox", { name: "Me dire où cette carte va ensuite" })).not.toBeChecked();
  });

  test("visitors read the chat and the gallery in French and are asked to sign in to take part", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("kindly.language", "fr"));
    await page.goto("/community-chat");
    await expect(page.getByRole("heading", { name: "Clavardage de la communauté" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Joignez-vous à la conversation" })).toBeVisible();
    await expect(page.getByLabel("Votre message")).toHaveCount(0);
    await expectAccessible(page);
    await page.goto("/acts-gallery");
    await expect(page.getByRole("heading", { name: "Galerie des gestes" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Règles de la communauté" })).toBeVisible();
    await expectAccessible(page);
  });
});

test("signing in from the chat comes back to the chat", async ({ page, request }) => {
  const user = await confirmedUser(request);
  await page.goto("/community-chat");
  await page.getByRole("link", { name: "Sign in" }).click();
  await new AuthPageObject(page).signIn(user.email, user.password);
  await expect(page.getByLabel("Your message")).toBeVisible();
});
