import type { Kysely } from "kysely";
import type Scim from "scimmy";
import type { DB } from "../../../platform/db/schema.js";
import type { DirectoryFields, DirectoryPerson } from "./directory-repository.js";
import * as directory from "./directory-service.js";

/*
 * The SCIM service provider as SCIMMY holds it (issue 47 §2): its
 * configuration, the User resource and what a SCIM User is in Kindly's
 * directory (directory-service.ts) and back. scim-routes.ts answers HTTP.
 */

/** What SCIMMY's handlers receive: whose directory, and the first failure from outside the process (a lost database) to answer as such. */
export interface ScimContext {
  db: Kysely<DB>;
  organizationId: string;
  failure?: unknown;
  /** Accounts to ask whether an entry is them, once the change committed. */
  invitations: NonNullable<directory.DirectoryChange["invite"]>[];
}

const fieldsOf = (user: Scim.Schemas.User): DirectoryFields => {
  const emails = (user.emails ?? []) as { value?: string; primary?: boolean }[];
  const email = (emails.find((entry) => entry.primary) ?? emails[0])?.value?.trim() || null;
  const userName = String(user.userName).trim();
  if (!userName || userName.length > 256) throw new SCIMMY.Types.Error(400, "invalidValue", "userName must have 1 to 256 characters");
  if (email && (email.length > 254 || !/^[^\s@]+@[^\s@]+$/.test(email))) {
    throw new SCIMMY.Types.Error(400, "invalidValue", "emails.value must be an email address");
  }
  const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim().slice(0, 256) : null);
  const name = (user.name ?? {}) as { givenName?: string; familyName?: string };
  return {
    userName,
    externalId: text(user.externalId),
    email,
    givenName: text(name.givenName),
    familyName: text(name.familyName),
    displayName: text(user.displayName),
    active: user.active !== false,
  };
};

/** A stored person as a SCIM User resource (SCIMMY adds `schemas` and `meta.location`). */
const resourceOf = (person: DirectoryPerson) => ({
  id: person.id,
  ...(person.external_id ? { externalId: person.external_id } : {}),
  userName: person.user_name,
  ...(person.given_name || person.family_name
    ? {
        name: {
          ...(person.given_name ? { givenName: person.given_name } : {}),
          ...(person.family_name ? { familyName: person.family_name } : {}),
        },
      }
    : {}),
  ...(person.display_name ? { displayName: person.display_name } : {}),
  ...(person.email ? { emails: [{ value: person.email, type: "work", primary: true }] } : {}),
  active: person.active,
  meta: { created: new Date(person.created_at), lastModified: new Date(person.updated_at), version: `W/"${person.version}"` },
});

/** The lookups providers make before creating someone, done by the database instead of a scan of everyone. */
function exactLookup(filter: Scim.Types.Filter | undefined): { attribute: "userName" | "externalId"; value: string } | undefined {
  if (!filter || filter.length !== 1) return undefined;
  const entries = Object.entries(filter[0] as Record<string, unknown>);
  if (entries.length !== 1) return undefined;
  const [attribute, condition] = entries[0]!;
  if (attribute !== "userName" && attribute !== "externalId") return undefined;
  if (!Array.isArray(condition) || condition.length !== 2 || condition[0] !== "eq" || typeof condition[1] !== "string") return undefined;
  return { attribute, value: condition[1] };
}

/**
 * Runs a handler, turning the service's refusals into SCIM errors and keeping
 * any other failure aside: SCIMMY would otherwise report it as a 404.
 */
async function guarded<T>(ctx: ScimContext, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof SCIMMY.Types.Error) throw error;
    if (error instanceof directory.DirectoryError) throw new SCIMMY.Types.Error(error.status, error.scimType as string, error.message);
    ctx.failure ??= error;
    throw new SCIMMY.Types.Error(500, null as unknown as string, "The request could not be completed");
  }
}

/**
 * SCIMMY, loaded on the first SCIM request rather than at start (most
 * deployments never receive one). Every request waits for it before its
 * handler runs (scim-routes.ts' preHandler hook), so the functions above may use it.
 */
let SCIMMY: typeof Scim;
let loading: Promise<typeof Scim> | null = null;
export function loadScimmy(baseUrl: string): Promise<typeof Scim> {
  loading ??= import("scimmy").then(
    ({ default: loaded }) => {
      SCIMMY = loaded;
      declareScim(baseUrl);
      return loaded;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** SCIMMY keeps its resources and configuration globally: declared once per process, when it is loaded. */
function declareScim(baseUrl: string): void {
  SCIMMY.Config.set({
    documentationUri: undefined,
    patch: { supported: true },
    filter: { supported: true, maxResults: 200 },
    // No bulk operations: none can be sent, of any size (RFC 7643 §5 asks for both numbers).
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      { type: "oauthbearertoken", name: "Bearer token", description: "The token made in Kindly's workplace settings", primary: true },
    ],
  });
  SCIMMY.Resources.declare(SCIMMY.Resources.User);
  // Every resource's meta.location absolute, the discovery endpoints' too (RFC 7644 §4).
  for (const resource of [
    SCIMMY.Resources.User,
    SCIMMY.Resources.ServiceProviderConfig,
    SCIMMY.Resources.Schema,
    SCIMMY.Resources.ResourceType,
  ]) {
    resource.basepath(baseUrl);
  }
  SCIMMY.Resources.User.egress(async (resource, ctx: ScimContext) =>
    guarded(ctx, async () => {
      if (resource.id) return resourceOf(await directory.findPerson(ctx.db, ctx.organizationId, resource.id));
      const lookup = exactLookup(resource.filter);
      const all = (await directory.listPeople(ctx.db, ctx.organizationId, lookup)).map(resourceOf);
      if (lookup || !resource.filter) return all;
      const filter = resource.filter;
      // One resource at a time: SCIMMY's matcher fails on a resource that lacks a compared attribute (no emails),
      // which simply does not match. The filter itself was checked when the request came (checkedFilter).
      return all.filter((one) => {
        try {
          return filter.match([one]).length > 0;
        } catch {
          return false;
        }
      });
    }),
  )
    .ingress(async (resource, instance, ctx: ScimContext) =>
      guarded(ctx, async () => {
        const fields = fieldsOf(instance);
        const change = resource.id
          ? await directory.replacePerson(ctx.db, ctx.organizationId, resource.id, fields)
          : await directory.createPerson(ctx.db, ctx.organizationId, fields);
        if (change.invite) ctx.invitations.push(change.invite);
        return resourceOf(change.person);
      }),
    )
    .degress(async (resource, ctx: ScimContext) => guarded(ctx, () => directory.deletePerson(ctx.db, ctx.organizationId, resource.id!)));
}
