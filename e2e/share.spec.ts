import { confirmedUser, expect, expectAccessible, test } from "./support/fixtures.js";
import { demoLinks, ENGLISH, ScanPageObject } from "./support/scan-page.js";

// A reveal worth sharing (issue 26 §3): the share button, its fallback where
// the browser has no share sheet, and the public page a shared link previews.

test.use({ viewport: { width: 390, height: 844 } });

test("a revealed card shares as a link that previews with its image and shows nothing private", async ({ page, request, browser }) => {
  const links = await demoLinks(request);
  const user = await confirmedUser(request);
  expect((await page.request.post("/api/auth/sign-in", { data: { email: user.email, password: user.password } })).status()).toBe(200);
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto(links.portable.path);
  const shown = await new ScanPageObject(page, ENGLISH).openCard();
  const actNumber = Number(shown.replace(/\D/g, ""));
  await expect(page.getByText("The shared card shows your act, not who you are.")).toBeVisible();

  // This browser has no share sheet: the link to copy and the image to download instead.
  const hasShareSheet = await page.evaluate(() => "share" in navigator);
  await page.getByRole("button", { name: "Share my card" }).click();
  if (!hasShareSheet) {
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download the image" }).click()]);
    expect(download.suggestedFilename()).toBe(`kindly-act-${actNumber}.png`);
    await expect(page.getByRole("button", { name: "Copy the link" })).toBeVisible();
  }
  await expectAccessible(page);

  // The shared link: Open Graph and Twitter tags in the HTML itself, for previews that run no script.
  const html = await (await request.get(`/acts/${actNumber}`, { headers: { "accept-language": "fr-CA" } })).text();
  const meta = (property: string) => html.match(new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`))?.[1];
  expect(meta("og:title")).toBe(`Acte de bienveillance nº\u00a0${new Intl.NumberFormat("fr-CA").format(actNumber)} · Kindly`);
  expect(meta("twitter:card")).toBe("summary_large_image");
  // The image described in the page's language, for someone who cannot see it.
  expect(meta("og:image:alt")).toMatch(
    new RegExp(
      `^Une carte Kindly \\(.+\\) pour l’acte de bienveillance nº\u00a0${new Intl.NumberFormat("fr-CA").format(actNumber)} chez .+\\.$`,
    ),
  );
  expect(meta("twitter:image:alt")).toBe(meta("og:image:alt"));
  const image = new URL(meta("og:image")!.replace(/&amp;/g, "&"));
  expect(image.pathname).toBe(`/api/acts/${actNumber}/image`);
  const png = await request.get(image.pathname + image.search);
  expect(png.headers()["content-type"]).toBe("image/png");
  expect(html).not.toContain(user.username);
  expect(html).not.toContain(user.email);

  // A visitor opens it: the card and a way in, nothing about who recorded it.
  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const visit = await visitor.newPage();
  await visit.addInitScript(() => localStorage.setItem("kindly.language", "en"));
  await visit.goto(`/acts/${actNumber}`);
  await expect(visit.getByRole("heading", { name: `Act of kindness ${shown}` })).toBeVisible();
  await expect(visit.getByRole("img", { name: new RegExp(`^Card of act ${shown}`) })).toBeVisible();
  await expect(visit.getByRole("link", { name: "Create my account" })).toBeVisible();
  await expect(visit.getByText(user.username)).toHaveCount(0);
  await expectAccessible(visit);
  await visitor.close();
});
