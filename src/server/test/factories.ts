import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { TestClient } from "./http-client.js";
import type { TestServer } from "./test-server.js";

let counter = 0;

export function uniqueUser(overrides: Partial<{ username: string; email: string; password: string; country: string }> = {}) {
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
  return server.deps.db
    .selectFrom("dev_outbox")
    .selectAll()
    .where("to_address", "=", address.toLowerCase())
    .orderBy("id", "desc")
    .execute();
}

/** The first link of the newest email to `address` whose path starts with `pathPrefix`. */
export async function linkFromOutbox(server: TestServer, address: string, pathPrefix: string): Promise<URL> {
  const messages = await outboxFor(server, address);
  for (const message of messages) {
    const match = message.text_body.match(new RegExp(`https?://\\S+${pathPrefix.replace(/[/?]/g, "\\$&")}\\S*`));
    if (match) return new URL(match[0]);
  }
  throw new Error(`No email to ${address} with a ${pathPrefix} link`);
}

/** Signs up through the API, confirms through the emailed link, signs in. */
export async function signedInUser(server: TestServer, overrides: Parameters<typeof uniqueUser>[0] = {}) {
  const user = uniqueUser(overrides);
  const client = new TestClient(server.url);
  const signUp = await client.post("/api/auth/sign-up", user);
  expect(signUp.status).toBe(201);
  const link = await linkFromOutbox(server, user.email, "/auth/confirm");
  const confirm = await client.post("/api/auth/confirm-email", { token: link.searchParams.get("token") });
  expect(confirm.status).toBe(200);
  const signIn = await client.post("/api/auth/sign-in", { email: user.email, password: user.password });
  expect(signIn.status).toBe(200);
  return { ...user, id: signIn.body.user.id as string, client };
}
