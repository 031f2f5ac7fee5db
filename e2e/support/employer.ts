import { request as http, type APIRequestContext, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { confirmedUser, expect, type NewUser } from "./fixtures.js";
import { officialAccount } from "./official.js";
import { trackRequests } from "./network-quiet.js";

/** A signed-in API session of its own (each person keeps their cookie), answering in `language`. */
export async function sessionOf(baseURL: string, user: { email: string; password: string }, language = "fr"): Promise<APIRequestContext> {
  const context = await http.newContext({ baseURL, extraHTTPHeaders: { "x-kindly-language": language } });
  expect((await context.post("/api/auth/sign-in", { data: { email: user.email, password: user.password } })).status()).toBe(200);
  return context;
}

/** An organisation requested by `owner` and approved by the official account; returns its id. */
export async function approvedOrganization(baseURL: string, owner: APIRequestContext, email: string, name: string): Promise<string> {
  const sent = await owner.post("/api/organization-requests", {
    data: {
      contactName: "Marie Tremblay",
      organizationName: name,
      type: "non-profit",
      industry: "social-services",
      email,
      phone: "514 555-0199",
      website: "",
      description: "",
      plan: "complete",
      priority: "both-wellbeing-first",
    },
  });
  expect(sent.status()).toBe(201);
  const official = await sessionOf(baseURL, officialAccount());
  const { requests } = (await (await official.get("/api/admin/organization-requests")).json()) as {
    requests: { id: string; organizationName: string }[];
  };
  const mine = requests.find((r) => r.organizationName === name)!;
  const approved = await official.post(`/api/admin/organization-requests/${mine.id}/approve`);
  expect(approved.status()).toBe(200);
  const { organizationId } = (await approved.json()) as { organizationId: string };
  await official.dispose();
  return organizationId;
}

/**
 * A new employer: a confirmed owner answered in `language`, their API session,
 * and their organisation, approved, named `<kind> <the end of their username>`.
 */
export async function newEmployer(
  request: APIRequestContext,
  baseURL: string,
  language: "en" | "fr",
  kind = "Atelier",
): Promise<{ owner: NewUser; ownerApi: APIRequestContext; organizationId: string; organizationName: string }> {
  const owner = await confirmedUser(request, language);
  const ownerApi = await sessionOf(baseURL, owner, language);
  const organizationName = `${kind} ${owner.username.slice(-6)}`;
  const organizationId = await approvedOrganization(baseURL, ownerApi, owner.email, organizationName);
  return { owner, ownerApi, organizationId, organizationName };
}

/** A phone's width, where the workplace screens are checked and drawn for notes. */
export const PHONE = { width: 390, height: 844 };

/**
 * A phone of its own (its own context and cookies), in `language` and the
 * browser `locale`, with `user` signed in; `timezoneId` when the journey
 * depends on the device's zone.
 */
export async function signedInPhone(
  browser: Browser,
  user: { email: string; password: string },
  language: "en" | "fr",
  locale: string,
  timezoneId?: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: PHONE, locale, ...(timezoneId ? { timezoneId } : {}) });
  trackRequests(context);
  const page = await context.newPage();
  await page.addInitScript((chosen) => localStorage.setItem("kindly.language", chosen), language);
  expect((await page.request.post("/api/auth/sign-in", { data: { email: user.email, password: user.password } })).status()).toBe(200);
  return { context, page };
}
