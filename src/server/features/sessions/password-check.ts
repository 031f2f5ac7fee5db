import type { Auth } from "./auth.js";

/** Whether `password` is the account's own (its better-auth credential); false for an account with none. */
export async function passwordMatches(auth: Auth, userId: string, password: string): Promise<boolean> {
  const context = await auth.$context;
  const accounts = await context.internalAdapter.findAccounts(userId);
  const hash = accounts.find((account) => account.providerId === "credential")?.password;
  return !!hash && (await context.password.verify({ hash, password }));
}
