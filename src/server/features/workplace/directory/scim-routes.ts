import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type Scim from "scimmy";
import { isDatabaseUnavailable } from "../../../platform/db/errors.js";
import type { HttpDeps } from "../../../http/deps.js";
import * as directory from "./directory-service.js";
import { checkedFilter, compliantPatch } from "./scim-requests.js";
import { afterResponse } from "../../../http/after-response.js";
import { loadScimmy, type ScimContext } from "./scim-provider.js";

/*
 * SCIM 2.0 (RFC 7643, RFC 7644) for an employer's identity provider, at
 * /scim/v2 (issue 47 §2). SCIMMY does the protocol: the User schema and its
 * validation, PATCH operations, filters, list responses and error messages;
 * directory-service.ts does what a change means for Kindly.
 *
 * This is the one place where Kindly does not answer in its own error shape:
 * a SCIM client expects RFC 7644 §3.12 errors, so this scope has its own
 * handler. Their `detail` is in English: the reader is a provisioning log.
 */

const SCIM_TYPE = "application/scim+json; charset=utf-8";
const CORE_USER = "urn:ietf:params:scim:schemas:core:2.0:User";

/** SCIMMY once loaded (scim-provider.ts): every request's preHandler, and the error handler, wait for it first. */
let SCIMMY: typeof Scim;

declare module "fastify" {
  interface FastifyRequest {
    scimOrganizationId: string | null;
  }
}

const send = (reply: FastifyReply, status: number, body: unknown) => reply.status(status).type(SCIM_TYPE).send(JSON.stringify(body));
/** RFC 7644 §3.12's error message, for statuses SCIMMY's own message refuses (503, 413). */
const scimError = (status: number, scimType: string | null, detail: string) => ({
  schemas: ["urn:ietf:params:scim:api:messages:2.0:Error"],
  status: String(status),
  ...(scimType ? { scimType } : {}),
  detail,
});

/** The SCIM service provider, under a per-organisation bearer token. */
export const scimRoutes =
  ({ db, config, sendAccountEmail }: HttpDeps): FastifyPluginAsync =>
  async (app) => {
    const baseUrl = `${config.APP_URL}/scim/v2`;
    const json = app.getDefaultJsonParser("error", "error");
    // No body is no body, whatever Content-Type a client sends on every request (a DELETE from many provisioning clients).
    const parser: typeof json = (request, body, done) => (body === "" ? done(null, undefined) : json(request, body, done));
    app.removeContentTypeParser("application/json");
    app.addContentTypeParser("application/json", { parseAs: "string" }, parser);
    app.addContentTypeParser("application/scim+json", { parseAs: "string" }, parser);
    app.decorateRequest("scimOrganizationId", null);

    app.setErrorHandler(async (error: FastifyError, request, reply) => {
      SCIMMY = await loadScimmy(baseUrl);
      if (error instanceof SCIMMY.Types.Error) return send(reply, error.status, new SCIMMY.Messages.ErrorResponse(error));
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: { type: error.name, message: error.message, code: error.code } }, "database unavailable");
        return send(reply.header("retry-after", "5"), 503, scimError(503, null, "The service is unavailable; try again shortly"));
      }
      const status = error.statusCode ?? 500;
      if (status === 413) return send(reply, 413, scimError(413, null, "The request body is too large"));
      if (status === 415) return send(reply, 415, scimError(415, null, "Send application/scim+json or application/json"));
      if (status >= 400 && status < 500) return send(reply, 400, scimError(400, "invalidSyntax", "The request is not valid JSON"));
      request.log.error({ err: { type: error.name, message: error.message, stack: error.stack } }, "unhandled SCIM error");
      return send(reply, 500, scimError(500, null, "The request could not be completed"));
    });
    app.setNotFoundHandler((_request, reply) => send(reply, 404, scimError(404, null, "No such SCIM endpoint")));

    app.addHook("preHandler", async (request, reply) => {
      SCIMMY = await loadScimmy(baseUrl);
      const organizationId = await directory.organizationOfBearer(db, request.headers.authorization);
      if (!organizationId) {
        reply.header("www-authenticate", 'Bearer realm="Kindly SCIM"');
        throw new SCIMMY.Types.Error(401, null as unknown as string, "A valid bearer token is required");
      }
      request.scimOrganizationId = organizationId;
    });

    /** Runs a SCIMMY operation; a failure from outside the process that SCIMMY wrapped is answered as itself. */
    const run = async <T>(request: FastifyRequest, operation: (ctx: ScimContext) => Promise<T>): Promise<T> => {
      const ctx: ScimContext = { db, organizationId: request.scimOrganizationId!, invitations: [] };
      let result: T;
      try {
        result = await operation(ctx);
      } catch (error) {
        throw ctx.failure ?? error;
      }
      // The provider's answer does not wait for mail, nor depend on it (it must not tell whether an account exists).
      for (const invitation of ctx.invitations) {
        afterResponse(request, "directory invitation", () =>
          directory.mailInvitation({ db, sendAccountEmail, appUrl: config.APP_URL }, invitation),
        );
      }
      return result;
    };
    const listQuery = (query: unknown) => {
      const q = (query ?? {}) as Record<string, string | undefined>;
      const number = (value: string | undefined) => (value && /^\d{1,9}$/.test(value) ? Number(value) : undefined);
      if (q.filter !== undefined) checkedFilter(SCIMMY, q.filter);
      return {
        ...(q.filter ? { filter: q.filter } : {}),
        ...(q.attributes ? { attributes: q.attributes } : {}),
        ...(q.excludedAttributes ? { excludedAttributes: q.excludedAttributes } : {}),
        ...(number(q.startIndex) ? { startIndex: number(q.startIndex) } : {}),
        ...(number(q.count) !== undefined ? { count: Math.min(number(q.count)!, 200) } : {}),
      };
    };
    const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;
    const access = { access: "anyone" } as const;

    app.get("/ServiceProviderConfig", { config: access }, async (_request, reply) =>
      send(reply, 200, await new SCIMMY.Resources.ServiceProviderConfig().read()),
    );
    app.get("/ResourceTypes", { config: access }, async (_request, reply) =>
      send(reply, 200, exactPage(await new SCIMMY.Resources.ResourceType().read())),
    );
    app.get("/ResourceTypes/:id", { config: access }, async (request, reply) =>
      send(reply, 200, await new SCIMMY.Resources.ResourceType(idOf(request)).read()),
    );
    app.get("/Schemas", { config: access }, async (_request, reply) =>
      send(reply, 200, exactPage(await new SCIMMY.Resources.Schema().read())),
    );
    app.get("/Schemas/:id", { config: access }, async (request, reply) =>
      send(reply, 200, await new SCIMMY.Resources.Schema(idOf(request)).read()),
    );

    app.get("/Users", { config: access }, async (request, reply) => {
      const query = listQuery(request.query);
      const list = (await run(request, (ctx) => new SCIMMY.Resources.User(undefined, query).read(ctx))) as {
        Resources: unknown[];
        itemsPerPage: number;
      };
      // count=0 asks for none (RFC 7644 §3.4.2.4).
      if (query.count === 0) list.Resources = [];
      return send(reply, 200, exactPage(list));
    });
    app.get("/Users/:id", { config: access }, async (request, reply) =>
      send(reply, 200, await run(request, (ctx) => new SCIMMY.Resources.User(idOf(request), listQuery(request.query)).read(ctx))),
    );
    app.post("/Users", { config: access }, async (request, reply) => {
      const body = request.body as Record<string, unknown> | undefined;
      const created = (await run(request, (ctx) => new SCIMMY.Resources.User().write(withCoreSchema(body), ctx))) as {
        meta?: { location?: string };
      };
      if (created.meta?.location) reply.header("location", created.meta.location);
      return send(reply, 201, created);
    });
    app.put("/Users/:id", { config: access }, async (request, reply) =>
      send(reply, 200, await run(request, (ctx) => new SCIMMY.Resources.User(idOf(request)).write(withCoreSchema(request.body), ctx))),
    );
    app.patch("/Users/:id", { config: access }, async (request, reply) => {
      const patched = await run(request, (ctx) =>
        new SCIMMY.Resources.User(idOf(request)).patch(
          compliantPatch(SCIMMY, request.body) as Parameters<Scim.Resources.User["patch"]>[0],
          ctx,
        ),
      );
      // SCIMMY answers nothing when the operations changed nothing; RFC 7644 §3.5.2 allows 204 then.
      return patched ? send(reply, 200, patched) : reply.status(204).send();
    });
    app.delete("/Users/:id", { config: access }, async (request, reply) => {
      await run(request, (ctx) => new SCIMMY.Resources.User(idOf(request)).dispose(ctx));
      return reply.status(204).send();
    });
  };

/** RFC 7644 §3.4.2: itemsPerPage is the number of resources in this answer (SCIMMY writes the count asked for). */
function exactPage<T>(list: T): T {
  const page = list as { Resources?: unknown[]; itemsPerPage?: number };
  return Array.isArray(page.Resources) ? ({ ...list, itemsPerPage: page.Resources.length } as T) : list;
}

/** Some providers leave out `schemas` on a create; the core User schema is the only one this service knows. */
function withCoreSchema(body: unknown): unknown {
  if (body && typeof body === "object" && !Array.isArray(body) && !("schemas" in body)) return { schemas: [CORE_USER], ...body };
  return body;
}
