import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { expect } from "./fixtures.js";
import { trackRequests } from "./network-quiet.js";

/** A browser of its own, signed in as `user` through the API (the context's cookies are the page's). */
export async function memberBrowser(browser: Browser, user: { email: string; password: string }, language: "en" | "fr" = "en") {
  const context = await browser.newContext();
  trackRequests(context);
  await context.addInitScript((lang) => localStorage.setItem("kindly.language", lang), language);
  expect((await context.request.post("/api/auth/sign-in", { data: { email: user.email, password: user.password } })).status()).toBe(200);
  const page = await context.newPage();
  // Any alert, confirm or prompt means a script from someone's text ran.
  page.on("dialog", (dialog) => {
    throw new Error(`a dialog opened: ${dialog.message()}`);
  });
  return { context, page };
}

/** A real photo (noise, so it stays large: the upload takes long enough to watch its progress). */
export async function photoFile(side = 900) {
  const noise = Buffer.alloc(side * side * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  return {
    name: "kind-act.jpg",
    mimeType: "image/jpeg",
    buffer: await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
      .jpeg({ quality: 95 })
      .toBuffer(),
  };
}

/** The community chat (/community-chat). */
export class ChatPageObject {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto("/community-chat");
  }

  /** The message box (English label). */
  get box() {
    return this.page.getByLabel("Your message");
  }

  /** A message in the list, found by its text. */
  message(text: string) {
    return this.page.getByTestId("chat-message").filter({ hasText: text });
  }
}

/** The gallery (/acts-gallery). */
export class GalleryPageObject {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto("/acts-gallery");
  }

  /** A post in the gallery, found by its caption. */
  post(text: string) {
    return this.page.getByTestId("gallery-post").filter({ hasText: text });
  }
}
