import { createSign, generateKeyPairSync } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

/**
 * A real OpenID Connect provider on this machine (node-oidc-provider, the
 * certified implementation), as an employer's would be: discovery, the
 * authorization code flow with PKCE, signed ID tokens. Its development login
 * form takes any login: the login is the subject, and the email claim is the
 * login when it is an address (or what `accounts` says).
 *
 * `misbehave` makes the token endpoint hand out an ID token altered then
 * signed again with the provider's own key (a wrong audience, an expired
 * token): what a confused or hostile provider does, which Kindly must refuse.
 */
export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, Record<string, unknown>>;
  misbehave(change: ((claims: Record<string, unknown>) => Record<string, unknown>) | null): void;
  close(): Promise<void>;
}

export async function startOidcProvider(options: {
  redirectUri: string;
  clientId?: string;
  clientSecret?: string;
}): Promise<TestOidcProvider> {
  const clientId = options.clientId ?? "kindly";
  const clientSecret = options.clientSecret ?? "a-client-secret-of-at-least-32-characters";
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: "jwk" }), kid: "test-key", alg: "RS256", use: "sig" };
  const accounts = new Map<string, Record<string, unknown>>();
  let change: ((claims: Record<string, unknown>) => Record<string, unknown>) | null = null;

  // The port is known once listening; the issuer must be known before: listen first on a plain server.
  const { createServer } = await import("node:http");
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    jwks: { keys: [jwk as never] },
    cookies: { keys: ["a test cookie key"] },
    pkce: { required: () => true },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "given_name", "family_name"] },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, id) {
      return {
        accountId: id,
        async claims() {
          return { sub: id, ...(id.includes("@") ? { email: id, email_verified: true } : {}), ...accounts.get(id) };
        },
      };
    },
    // First-party: no consent screen (the employer's own application).
    async loadExistingGrant(ctx) {
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
  });
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (change && ctx.path === "/token" && ctx.method === "POST" && body?.id_token) {
      const [header, payload] = body.id_token.split(".");
      const claims = change(JSON.parse(Buffer.from(payload!, "base64url").toString("utf8")) as Record<string, unknown>);
      const signed = `${header}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}`;
      const signature = createSign("RSA-SHA256").update(signed).sign(privateKey).toString("base64url");
      ctx.body = { ...body, id_token: `${signed}.${signature}` };
    }
  });
  server.on("request", provider.callback());

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    misbehave(next) {
      change = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A browser's trip through the provider without a browser: from Kindly's
 * start address to the provider's login form, the login typed, and back
 * with the answer. Returns Kindly's callback address the provider sent the
 * browser to (path and query, to call on the test server), and the Cookie
 * header of what Kindly set at the start (the sign-in's browser binding): a
 * browser that has it is the one that started.
 */
export async function loginAtProvider(
  startUrl: string,
  login: string,
  kindlyOrigin: string,
): Promise<{ callback: string; kindlyCookie: string }> {
  const cookies = new Map<string, string>();
  const jar = () => [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  };
  const start = await fetch(startUrl, { redirect: "manual" });
  const kindlyCookie = start.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .join("; ");
  let location = start.headers.get("location");
  if (!location) throw new Error(`Kindly did not redirect (${start.status})`);
  for (let hop = 0; hop < 10; hop++) {
    if (location.startsWith(kindlyOrigin) || location.startsWith("/sso/"))
      return { callback: location.replace(kindlyOrigin, ""), kindlyCookie };
    const url: URL = new URL(location, startUrl);
    let response: Response = await fetch(url, { redirect: "manual", headers: { cookie: jar() } });
    keep(response);
    if (response.status === 200 && url.pathname.startsWith("/interaction/")) {
      response = await fetch(url, {
        method: "POST",
        redirect: "manual",
        headers: { cookie: jar(), "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ prompt: "login", login, password: "any" }),
      });
      keep(response);
    }
    location = new URL(response.headers.get("location") ?? "", url).href;
    if (!response.headers.get("location")) throw new Error(`The provider stopped at ${url} (${response.status})`);
  }
  throw new Error("Too many redirects");
}
