import { resolveShortLink } from "../platform/mail/short-links.js";
import { completeLocalized, type LocalizedText } from "../../shared/i18n/localized-text.js";
import { backgroundSettled } from "../http/after-response.js";
import { randomBytes, randomUUID } from "node:crypto";
import { makeSignature } from "better-auth/crypto";
import type { Kysely } from "kysely";
import { expect } from "vitest";
import type { DB, MemberRole, OrganizationType } from "../platform/db/schema.js";
import type { Auth } from "../features/sessions/index.js";
import { insertContest } from "../features/contests/fixtures.js";
import { insertCardSeries, insertLocation, insertOrganization } from "../features/organizations/fixtures.js";
import { TestClient } from "./http-client.js";
import type { TestServer } from "./test-server.js";

/*
 * The one way tests and the benchmark make data: build<Thing>(db, overrides),
 * each thing unique (random names and ids), so a test filters by the ids it
 * made and never depends on another test's rows or on their order.
 * `signedInUser` goes through the real sign-up, confirmation and sign-in;
 * `buildUsers` writes accounts and sessions straight to the database, for
 * the hundreds a concurrency test or the benchmark needs.
 */

let counter = 0;

/** What a person types into the sign-up form, unique each call. */
export function userInput(overrides: Partial<{ username: string; email: string; password: string; country: string }> = {}) {
  counter += 1;
  const tag = `${randomBytes(3).toString("hex")}${counter}`;
  return {
    username: `kind${tag}`,
    email: `kind${tag}@example.test`,
    password: "correct horse battery",
    country: "CA",
    ...overrides,
  };
}

/** Emails the development outbox holds for an address, newest first. */
export async function outboxFor(server: TestServer, address: string) {
  // Some mail leaves after the answer (after-response.ts): wait for it first.
  await backgroundSettled();
  return server.deps.db
    .selectFrom("dev_outbox")
    .selectAll()
    .where("to_address", "=", address.toLowerCase())
    .orderBy("id", "desc")
    .execute();
}

/**
 * The first link of the newest email to `address` whose path starts with
 * `pathPrefix`, as a person reaches it: a short link (/l/<id>) is followed
 * to the address it leads to.
 */
export async function linkFromOutbox(server: TestServer, address: string, pathPrefix: string): Promise<URL> {
  const messages = await outboxFor(server, address);
  for (const message of messages) {
    for (const [written] of message.text_body.matchAll(/https?:\/\/\S+/g)) {
      const url = new URL(written);
      const reached = url.pathname.startsWith("/l/")
        ? new URL((await resolveShortLink(server.deps.db, url.pathname.slice(3))) ?? "/", url)
        : url;
      if (`${reached.pathname}${reached.search}`.startsWith(pathPrefix)) return reached;
    }
  }
  throw new Error(`No email to ${address} with a ${pathPrefix} link`);
}

/** Signs up through the API and confirms through the emailed link, which signs the person in. */
export async function signedInUser(server: TestServer, overrides: Parameters<typeof userInput>[0] = {}) {
  const user = userInput(overrides);
  const client = new TestClient(server.url);
  const signUp = await client.post("/api/auth/sign-up", user);
  expect(signUp.status).toBe(201);
  const link = await linkFromOutbox(server, user.email, "/auth/confirm");
  const confirm = await client.post("/api/auth/confirm-email", { token: link.searchParams.get("token") });
  expect(confirm.body).toMatchObject({ signedIn: true });
  const me = await client.get("/api/me");
  expect(me.status).toBe(200);
  return { ...user, id: me.body.id as string, client };
}

/** What signing a session cookie takes: the auth secret and the cookie's name. */
export interface SessionSigning {
  secret: string;
  cookieName: string;
}

export async function sessionSigningOf(auth: Auth): Promise<SessionSigning> {
  const context = await auth.$context;
  return { secret: context.secret, cookieName: context.authCookies.sessionToken.name };
}

/**
 * Users created straight in the database, each with a live session cookie.
 * Signing up through the API costs a password hash per user; concurrency
 * tests and benchmarks need hundreds of users, and the sign-up path has its
 * own tests.
 */
export async function buildUsers(
  db: Kysely<DB>,
  auth: Auth | SessionSigning,
  count: number,
  overrides: { country?: string } = {},
): Promise<{ id: string; username: string; email: string; cookie: string }[]> {
  const { secret, cookieName } = "secret" in auth ? auth : await sessionSigningOf(auth);
  const users = Array.from({ length: count }, () => {
    const tag = randomBytes(5).toString("hex");
    return { id: randomUUID(), username: `fast${tag}`, email: `fast${tag}@example.test`, token: randomBytes(24).toString("base64url") };
  });
  for (let start = 0; start < users.length; start += 500) {
    const batch = users.slice(start, start + 500);
    await db
      .insertInto("users")
      .values(
        batch.map((u) => ({
          id: u.id,
          username: u.username,
          email: u.email,
          email_verified: true,
          country: overrides.country ?? "CA",
          language_preference: "en" as const,
          onboarding_completed: true,
          is_official: false,
        })),
      )
      .execute();
    await db
      .insertInto("sessions")
      .values(batch.map((u) => ({ id: randomUUID(), token: u.token, user_id: u.id, expires_at: new Date(Date.now() + 7 * 86_400_000) })))
      .execute();
  }
  return Promise.all(
    users.map(async (u) => ({
      id: u.id,
      username: u.username,
      email: u.email,
      cookie: `${cookieName}=${encodeURIComponent(`${u.token}.${await makeSignature(u.token, secret)}`)}`,
    })),
  );
}

export const HERE = { lat: 45.5017, lon: -73.5673 };

/** An organisation with one virtual location at `HERE` (100 m radius) and one card series of each kind. */
export async function buildOrganization(
  db: Kysely<DB>,
  overrides: { type?: OrganizationType; locations?: number; name?: string; country?: string } = {},
) {
  const { type = "company", locations = 1, country = "CA" } = overrides;
  const name = overrides.name ?? `Org ${randomBytes(4).toString("hex")}`;
  const org = await insertOrganization(db, { name, type, country });
  const places = [];
  for (let i = 0; i < locations; i += 1) {
    // On a grid of 8 columns, about 150 to 220 m apart: each keeps its own
    // radius, and scans at any two of them, in any order and at once, stay
    // within the kilometres phone positions may wander (scans/travel.ts).
    const [row, column] = [Math.floor(i / 8), i % 8];
    const at = { latitude: HERE.lat + row * 0.002, longitude: HERE.lon + column * 0.002 };
    places.push(await insertLocation(db, org.id, { name: `Place ${i}`, ...at }));
  }
  const physical = await insertCardSeries(db, org.id, "Thank-you cards", "physical");
  const portable = await insertCardSeries(db, org.id, "Pass-it-on cards", "portable");
  // A printed series of numbered portable cards (links with `card=1` … `card=100`).
  await db.updateTable("card_series").set({ card_count: 100 }).where("id", "=", portable.id).execute();
  return {
    org,
    virtual: places.map((place) => ({
      code: { org: org.org_code, loc: place.qr_token, type: "virtual" as const },
      at: { lat: place.latitude, lon: place.longitude },
    })),
    physical: { org: org.org_code, loc: physical.qr_token, type: "physical" as const },
    portable: { org: org.org_code, loc: portable.qr_token, type: "portable" as const },
  };
}

const DAY_MS = 86_400_000;

/** A contest (running now unless told otherwise) with the prizes given, in order. */
export async function buildContest(
  db: Kysely<DB>,
  overrides: {
    nameEn?: string;
    nameFr?: string;
    startsAt?: Date;
    endsAt?: Date;
    /** Each prize's words in the languages the test names (the others empty, as for a language added later). */
    prizes?: { category: Partial<LocalizedText>; prize: Partial<LocalizedText>; quantity?: number }[];
  } = {},
): Promise<{ id: string }> {
  const tag = randomBytes(3).toString("hex");
  const id = await insertContest(
    db,
    {
      name: JSON.stringify({ en: overrides.nameEn ?? `Contest ${tag}`, fr: overrides.nameFr ?? `Concours ${tag}` }),
      starts_at: overrides.startsAt ?? new Date(Date.now() - DAY_MS),
      ends_at: overrides.endsAt ?? new Date(Date.now() + DAY_MS),
    },
    (overrides.prizes ?? []).map((prize) => ({
      ...prize,
      category: JSON.stringify(completeLocalized(prize.category)),
      prize: JSON.stringify(completeLocalized(prize.prize)),
    })),
  );
  return { id };
}

/** Makes `userId` a member of the organisation with `role`. */
export async function addMember(db: Kysely<DB>, organizationId: string, userId: string, role: MemberRole = "business"): Promise<void> {
  await db.insertInto("organization_members").values({ organization_id: organizationId, user_id: userId, role }).execute();
}

/** A signed-in user who is the official account. */
export async function signedInOfficial(server: TestServer) {
  const user = await signedInUser(server);
  const { ensureOfficialAccount } = await import("../features/auth/index.js");
  await ensureOfficialAccount(server.deps, user.email);
  return user;
}

/** The scan request a phone sends after opening a printed code's scan page (/scan-qr?org=…&loc=…&type=…). */
export function scanRequestOf(scanPage: string, at?: { lat: number; lon: number }) {
  const url = new URL(scanPage);
  const card = url.searchParams.get("card");
  return {
    org: url.searchParams.get("org"),
    loc: url.searchParams.get("loc"),
    type: url.searchParams.get("type"),
    ...(card ? { card: Number(card) } : {}),
    ...(at ?? {}),
  };
}

/** What the location dialog sends, near `HERE` unless told otherwise. */
export function locationInput(overrides: Partial<{ name: string; latitude: number; longitude: number; radiusMeters: number }> = {}) {
  return {
    name: `Place ${randomBytes(3).toString("hex")}`,
    address: "1001 Rue Sherbrooke Ouest, Montréal",
    city: "Montréal",
    province: "Québec",
    postalCode: "H3A 1G5",
    country: "Canada",
    latitude: HERE.lat,
    longitude: HERE.lon,
    radiusMeters: 100,
    ...overrides,
  };
}

/** An employer's workplace access code (usable now unless told otherwise); returns the code to type. */
export async function buildAccessCode(
  db: Kysely<DB>,
  organizationId: string,
  overrides: { maxUses?: number; usedUp?: boolean; expiresAt?: Date | null; active?: boolean } = {},
): Promise<string> {
  const code = `T${randomBytes(6).toString("hex").toUpperCase()}`;
  const maxUses = overrides.maxUses ?? 100;
  await db
    .insertInto("workplace_access_codes")
    .values({
      id: randomUUID(),
      organization_id: organizationId,
      code,
      max_uses: maxUses,
      current_uses: overrides.usedUp ? maxUses : 0,
      expires_at: overrides.expiresAt ?? null,
      is_active: overrides.active ?? true,
    })
    .execute();
  return code;
}

/** Employees of a new employer, each holding workplace access (written straight to the database). */
export async function buildEmployees(server: TestServer, count: number, organizationId?: string) {
  const orgId = organizationId ?? (await buildOrganization(server.deps.db)).org.id;
  const users = await buildUsers(server.deps.db, server.deps.auth, count);
  if (users.length > 0) {
    await server.deps.db
      .insertInto("workplace_access")
      .values(users.map((u) => ({ user_id: u.id, organization_id: orgId, access_code_id: null })))
      .execute();
  }
  return { organizationId: orgId, employees: users.map((u) => ({ ...u, client: new TestClient(server.url, { cookie: u.cookie }) })) };
}
