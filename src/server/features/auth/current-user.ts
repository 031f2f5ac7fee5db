import { fromNodeHeaders } from "better-auth/node";
import type { FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import { AppError } from "../../http/app-error.js";
import type { Auth } from "./auth.js";

declare module "fastify" {
  interface FastifyRequest {
    userId: string | null;
  }
}

/** The signed-in user's id from the session cookie, or null. */
export async function sessionUserId(auth: Auth, request: FastifyRequest): Promise<string | null> {
  const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  return session?.user.id ?? null;
}

/** preHandler for routes that need a signed-in user; sets `request.userId`. */
export function requireUser(auth: Auth): preHandlerAsyncHookHandler {
  return async (request) => {
    const userId = await sessionUserId(auth, request);
    if (!userId) throw new AppError("not_authenticated");
    request.userId = userId;
  };
}
