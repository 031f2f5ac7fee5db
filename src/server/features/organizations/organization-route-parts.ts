import { z } from "zod/mini";
import { idParam, organizationIdParams } from "../../../shared/schemas/organizations.js";
import { noContentSchema } from "../../../shared/schemas/responses.js";
import type { CodeSource } from "./qr-service.js";

/** What the dashboard's routes share (organization-routes.ts and each tab's file). */
export const access = { access: "signed-in" } as const;
export const org = "/organizations/:organizationId";
export const locationParams = z.object({ ...organizationIdParams.shape, locationId: idParam() });
export const seriesParams = z.object({ ...organizationIdParams.shape, seriesId: idParam() });
export const memberParams = z.object({ ...organizationIdParams.shape, memberId: idParam() });
export const invitationParams = z.object({ ...organizationIdParams.shape, invitationId: idParam() });
export const campaignParams = z.object({ ...organizationIdParams.shape, campaignId: idParam() });
export const codeParams = z.object({ ...organizationIdParams.shape, source: z.enum(["locations", "card-series"]), codeId: idParam() });
export const sourceOf = (segment: "locations" | "card-series"): CodeSource => (segment === "locations" ? "location" : "card-series");
export const created = (id: string) => ({ id });
export const createdSchema = { 201: z.object({ id: z.string() }) };
export const none = { 204: noContentSchema };
