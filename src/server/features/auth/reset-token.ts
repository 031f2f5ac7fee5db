import type { Auth } from "../sessions/index.js";

/**
 * The account a password-reset link is for, while the link can still be used
 * (null otherwise): better-auth keeps each token until it is used or expires;
 * it is read through better-auth's own adapter, which knows how it is stored.
 */
export async function resetTokenOwner(auth: Auth, token: string): Promise<string | null> {
  const context = await auth.$context;
  const verification = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  return verification && verification.expiresAt > new Date() ? verification.value : null;
}

export async function resetTokenIsValid(auth: Auth, token: string): Promise<boolean> {
  return (await resetTokenOwner(auth, token)) !== null;
}
