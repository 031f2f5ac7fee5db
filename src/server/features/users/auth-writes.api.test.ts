import { describe, expect, it } from "vitest";
import { signedInUser } from "../../test/factories.js";
import { useTestServer } from "../../test/test-server.js";

/*
 * better-auth writes the users table through the users feature's door
 * (auth-writes.ts, wired in sessions/auth.ts): what it may set, it sets;
 * what the users feature keeps for its own verbs, it cannot.
 */
describe("better-auth's writes of users", () => {
  const suite = useTestServer("postgres");

  it("create and change an account's sign-in facts, and nothing the users feature keeps for itself", async () => {
    const { auth, db } = suite.server.deps;
    const context = await auth.$context;
    const created = await context.internalAdapter.createUser(
      { name: "doorway", email: "  Door.Way@Example.TEST ", emailVerified: false },
      { method: "admin" },
    );
    const row = await db
      .selectFrom("users")
      .select(["email", "is_official", "language_preference"])
      .where("id", "=", created.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ email: "door.way@example.test", is_official: false, language_preference: "en" });

    await context.internalAdapter.updateUser(created.id, { emailVerified: true });
    expect(
      (await db.selectFrom("users").select("email_verified").where("id", "=", created.id).executeTakeFirstOrThrow()).email_verified,
    ).toBe(true);

    // The official account is made by the users feature's makeOfficial only; onboarding by the person's own steps.
    await expect(context.internalAdapter.updateUser(created.id, { isOfficial: true })).rejects.toThrow(/may not change isOfficial/);
    await expect(
      context.internalAdapter.createUser(
        { name: "crown", email: "crown@example.test", emailVerified: true, isOfficial: true },
        { method: "admin" },
      ),
    ).rejects.toThrow(/may not set isOfficial/);
    const person = await signedInUser(suite.server);
    await expect(context.internalAdapter.deleteUser(person.id)).rejects.toThrow(/may not delete/);
    expect(await db.selectFrom("users").select("id").where("id", "=", person.id).executeTakeFirst()).toBeDefined();
    expect(await db.selectFrom("users").select("is_official").where("id", "=", created.id).executeTakeFirstOrThrow()).toEqual({
      is_official: false,
    });
  });
});
