import { privacyLimits } from "./rate-limits.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { deletionRequestsSchema } from "../../../shared/schemas/admin.js";
import { deleteAccountSchema, deletionScheduledSchema } from "../../../shared/schemas/auth.js";
import { idParamsSchema } from "../../../shared/schemas/community.js";
import { acceptConsentsSchema, dataExportSchema, latestDataExportSchema, profileSchema } from "../../../shared/schemas/profile.js";
import { profileOf } from "../users/index.js";
import { withOrganizationDashboard } from "../organizations/index.js";
import { recordConsents } from "../users/index.js";
import { fileSchema } from "../../../shared/schemas/responses.js";
import type { HttpDeps } from "../../http/deps.js";
import type { SessionDeps } from "../sessions/index.js";
import type { PersonalData } from "../../platform/personal-data.js";
import { rateLimit } from "../../platform/rate-limit/rate-limit-rules.js";
import { listDeletionRequests } from "../users/index.js";
import { requestDeletion } from "./deletion-service.js";
import { buildExport, exportFile, latestExportOf, startExport } from "./export-service.js";
import { afterResponse } from "../../http/after-response.js";
import { relayAuthResponse } from "../sessions/index.js";
import { fromNodeHeaders } from "better-auth/node";

const iso = (value: Date | string) => new Date(value).toISOString();

/** `personalData`: every owner of a person's rows (src/server/personal-data.ts), which the archive reads. */
export const privacyRoutes =
  ({
    db,
    auth,
    mailer,
    config,
    sessions,
    publicCache,
    limiter,
    eventsChannel,
    storage,
    personalData,
  }: HttpDeps & SessionDeps & { personalData: readonly PersonalData[] }): FastifyPluginAsyncZod =>
  async (app) => {
    // Under /api/auth/: like every account change there, this process forgets its remembered sessions at once.
    app.post(
      "/auth/delete-account",
      {
        config: { access: "signed-in" },
        schema: { body: deleteAccountSchema, response: { 200: deletionScheduledSchema } },
        // It tests the password: a stolen session must not guess it here either.
        preHandler: rateLimit(limiter, config.RATE_LIMIT_SCALE, privacyLimits.deleteAccount),
      },
      async (request, reply) => {
        const scheduled = await requestDeletion(
          { db, auth, mailer, appUrl: config.APP_URL, eventsChannel },
          request.userId!,
          request.body.password,
        );
        sessions.forgetAll();
        // The person's name may be on a cached board.
        publicCache.clear();
        // Every session is gone; better-auth's sign-out clears this browser's cookies all the same.
        await relayAuthResponse(reply, auth.api.signOut({ headers: fromNodeHeaders(request.headers), asResponse: true }));
        return scheduled;
      },
    );

    app.post(
      "/me/consents",
      { config: { access: "signed-in" }, schema: { body: acceptConsentsSchema, response: { 200: profileSchema } } },
      async (request) => {
        await recordConsents(db, request.userId!, request.body.documents);
        return withOrganizationDashboard(db, await profileOf(db, request.userId!));
      },
    );

    const exportDeps = { db, storage, personalData };

    app.post(
      "/me/exports",
      {
        config: { access: "signed-in" },
        schema: { response: { 202: dataExportSchema } },
        preHandler: rateLimit(limiter, config.RATE_LIMIT_SCALE, privacyLimits.dataExport),
      },
      async (request, reply) => {
        const userId = request.userId!;
        const { view, started } = await startExport(db, userId);
        // Built after the answer; the page follows its progress.
        if (started) afterResponse(request, "data export", () => buildExport(exportDeps, userId, view.id));
        return reply.status(202).send(view);
      },
    );

    app.get(
      "/me/exports/latest",
      { config: { access: "signed-in" }, schema: { response: { 200: latestDataExportSchema } } },
      async (request) => ({
        export: await latestExportOf(db, request.userId!),
      }),
    );

    app.get(
      "/me/exports/:id/file",
      { config: { access: "signed-in" }, schema: { params: idParamsSchema, produces: ["application/zip"], response: { 200: fileSchema } } },
      async (request, reply) => {
        const file = await exportFile(exportDeps, request.userId!, request.params.id);
        const day = new Date().toISOString().slice(0, 10);
        return (
          reply
            .header("content-type", "application/zip")
            .header("content-disposition", `attachment; filename="kindly-data-${day}.zip"`)
            .header("cache-control", "private, no-store")
            // The schema documents the file; the bytes go out as they are.
            .send(file as unknown as string)
        );
      },
    );

    app.get(
      "/admin/deletion-requests",
      { config: { access: "official" }, schema: { response: { 200: deletionRequestsSchema } } },
      async () => ({
        requests: (await listDeletionRequests(db)).map((row) => ({
          id: row.id,
          username: row.purged_at ? null : row.username,
          email: row.purged_at ? null : row.email,
          requestedAt: iso(row.deletion_requested_at!),
          purgeAfter: iso(row.purge_after!),
          purgedAt: row.purged_at ? iso(row.purged_at) : null,
        })),
      }),
    );
  };
