import type { Page } from "@playwright/test";
import { AuthPageObject } from "./auth-page.js";
import { expect } from "./fixtures.js";
import { officialAccount } from "./official.js";

/** The official account's admin panel (/admin), in English. */
export class AdminPageObject {
  constructor(private readonly page: Page) {}

  /** Signs the official account in from the auth page and lands on the panel. */
  async signIn() {
    const official = officialAccount();
    await this.page.goto("/auth?redirect=%2Fadmin");
    await new AuthPageObject(this.page).signIn(official.email, official.password);
    await expect(this.page.getByRole("heading", { name: "Admin panel" })).toBeVisible();
  }

  /** A section: its tab, or on a phone the sections menu (a button named for the section shown). */
  async openTab(name: string) {
    const menu = this.page.getByRole("button", { name: /^Section / });
    if (await menu.isVisible()) {
      await menu.click();
      await this.page.getByRole("menuitemradio", { name }).click();
      await expect(menu).toHaveAccessibleName(`Section ${name}`);
    } else {
      await this.page.getByRole("tab", { name }).click();
    }
  }

  /** Organizations tab: creates one with its own code; it then shows with a link to its dashboard. */
  async createOrganization(organization: { name: string; code: string; type: "company" | "non-profit" | "government" }) {
    await this.openTab("Organizations");
    await this.page.getByLabel("Name", { exact: true }).fill(organization.name);
    await this.page.getByLabel("Org code", { exact: true }).fill(organization.code.toLowerCase());
    await this.page.getByLabel("Type", { exact: true }).selectOption(organization.type);
    await this.page.getByRole("button", { name: "Create organization" }).click();
    await expect(this.page.getByRole("link", { name: `Open dashboard of ${organization.name}` })).toBeVisible();
  }

  /** The contest form, opened from the Contests tab. */
  async newContestForm() {
    await this.openTab("Contests");
    await this.page.getByRole("button", { name: "New contest" }).click();
    return this.page.getByRole("dialog", { name: "New contest" });
  }
}
