import type { Page } from "@playwright/test";

/** An organisation's dashboard (/business-dashboard), for its members and the official account. */
export class OrganizationDashboardPageObject {
  constructor(private readonly page: Page) {}

  /** Opens the dashboard, of one organisation when given (the address keeps it), else of the person's only one. */
  async open(organizationId?: string) {
    await this.page.goto(organizationId ? `/business-dashboard?org=${encodeURIComponent(organizationId)}` : "/business-dashboard");
  }

  async openTab(name: string | RegExp) {
    await this.page.getByRole("tab", { name }).click();
  }
}
