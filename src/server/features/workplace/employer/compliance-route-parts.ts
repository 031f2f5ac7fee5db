import { z } from "zod/mini";
import { idParam, organizationIdParams } from "../../../../shared/schemas/organizations.js";
import { noContentSchema } from "../../../../shared/schemas/responses.js";
import type { HttpDeps } from "../../../http/deps.js";
import type { NotifierDeps } from "../../../platform/notify/notifier.js";

/** What the workplace well-being tabs' routes receive (compliance-routes.ts hands it to each tab's file). */
export type ComplianceRouteDeps = HttpDeps & NotifierDeps;

/** Every tab's address starts here; each service checks who may use it (compliance-access.ts). */
export const COMPLIANCE_BASE = "/organizations/:organizationId/compliance";
export const signedIn = { access: "signed-in" } as const;

/** The organisation's id and one of its records' ids. */
export const part = <K extends string>(name: K) =>
  z.object({ ...organizationIdParams.shape, ...({ [name]: idParam() } as Record<K, ReturnType<typeof idParam>>) });
export const created = { 201: z.object({ id: z.string() }) };
export const none = { 204: noContentSchema };
