import { accountEmail, type EmailTemplate } from "../src/server/platform/mail/account-emails.js";
import { declaredEmail, DECLARED_EMAILS as EMAIL_TEMPLATES } from "../src/server/test/declared.js";
import { renderMail } from "../src/server/platform/mail/mailer.js";
import { hasAction, sampleVars } from "../src/server/test/email-samples.js";
import { expect, linkFromOutbox, newUser, test } from "./support/fixtures.js";

// Emails people trust (issue 26 §5): each template as a phone shows it, kept
// as a visual baseline; dark mode; and a real confirmation's button, clicked.

const PHONE = { width: 390, height: 844 };
const SHORT_LINK = "https://kindly.example/l/Ab3dE9xK2qRt";

/** A thank-you's note, quoted in its email as the giver reads it. */
const NOTE = "Your card made my whole day. I passed it on to my neighbour!";

async function render(template: EmailTemplate, language: "en" | "fr") {
  const link = hasAction(template) ? SHORT_LINK : undefined;
  const message = accountEmail(
    template,
    language,
    "to@example.test",
    sampleVars(template),
    link,
    template.name === "thanked" ? NOTE : null,
  );
  return (await renderMail(message, null)).html;
}

test.describe("every email at phone width", () => {
  // A phone's browser: without the viewport meta, it would lay the mail out 980 px wide and shrink it to fit.
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });
  for (const template of EMAIL_TEMPLATES) {
    test(`${template.name}`, async ({ page }) => {
      await page.setContent(await render(template, "en"));
      expect(await page.evaluate(() => window.innerWidth)).toBe(PHONE.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await expect(page).toHaveScreenshot(`email-${template.name}.png`, { fullPage: true });
    });
  }

  test("in French and in dark mode", async ({ page }) => {
    await page.setContent(await render(declaredEmail("confirmEmail"), "fr"));
    await expect(page).toHaveScreenshot("email-confirmEmail-fr.png", { fullPage: true });
    await page.emulateMedia({ colorScheme: "dark" });
    await page.setContent(await render(declaredEmail("thanked"), "en"));
    // The dark palette: light text on a dark card, the button still the brand's colour.
    const heading = page.getByRole("heading", { level: 1 });
    expect(await heading.evaluate((element) => getComputedStyle(element).color)).toBe("rgb(245, 238, 240)");
    await expect(page).toHaveScreenshot("email-thanked-dark.png", { fullPage: true });
  });
});

test("a real confirmation email's button leads to the app and confirms the address", async ({ page, request }) => {
  const user = newUser();
  expect((await request.post("/api/auth/sign-up", { data: user })).status()).toBe(201);
  await linkFromOutbox(request, user.email, "/auth/confirm"); // waits for the mail
  const { messages } = (await (await request.get("/api/dev/mail")).json()) as { messages: { to: string; html: string; text: string }[] };
  const mail = messages.find((message) => message.to === user.email.toLowerCase())!;
  // The link is written short in both parts: nothing like the 300-character address with its token.
  expect(mail.text).not.toMatch(/https?:\/\/\S{100,}/);
  await page.setViewportSize(PHONE);
  await page.setContent(mail.html);
  const button = page.getByRole("link", { name: "Confirm my email" }).first();
  const href = (await button.getAttribute("href"))!;
  expect(href).toMatch(/\/l\/[\w-]{12}$/);
  await page.goto(href);
  await expect(page.getByRole("heading", { name: "Email confirmed!" })).toBeVisible();
  // A short link that leads nowhere says so, and where to ask for a new one.
  await page.goto("/l/NoSuchLink00");
  await expect(page.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
});
