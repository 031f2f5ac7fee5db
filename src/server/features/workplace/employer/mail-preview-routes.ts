import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { employeeMailPreviewParams, employeeMailPreviewQuery, employeeMailPreviewSchema } from "../../../../shared/schemas/workplace.js";
import type { HttpDeps } from "../../../http/deps.js";
import { previewEmployeeMail } from "./employee-mail-previews.js";

/** The mails employees receive, as the employer previews them (issue 61 §2); nothing is sent. */
export const mailPreviewRoutes =
  ({ db, config }: HttpDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/organizations/:organizationId/workplace/employee-mails/:mail",
      {
        config: { access: "signed-in" },
        schema: { params: employeeMailPreviewParams, querystring: employeeMailPreviewQuery, response: { 200: employeeMailPreviewSchema } },
      },
      (request) =>
        previewEmployeeMail(
          { db, appUrl: config.APP_URL },
          request.userId!,
          request.params.organizationId,
          request.params.mail,
          request.query.language,
        ),
    );
  };
