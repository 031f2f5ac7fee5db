import type { Auth } from "./auth.js";

/**
 * Whether a password-reset link can still be used: better-auth keeps each
 * token until it is used or expires; it is read through better-auth's own
 * adapter, which knows how the token is stored.
 */
export async function resetTokenIsValid(auth: Auth, token: string): Promise<boolean> {
  const context = await auth.$context;
  const verification = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  return verification !== null && verification !== undefined && verification.expiresAt > new Date();
}
