import type { FastifyInstance } from "fastify";
import { hasRoomForUpload } from "../platform/storage/disk-status.js";
import { AppError } from "../kernel/app-error.js";
import type { FileStorage } from "../platform/storage/file-storage.js";

/**
 * Every upload (a multipart form: photos, logos, policy files) is refused
 * before its body is read when the upload store is nearly full
 * (UPLOAD_MIN_FREE_MB): said as the temporary state it is, 503 storage_full.
 */
export function registerUploadFloor(app: FastifyInstance, storage: FileStorage, minFreeMb: number): void {
  // A callback hook: every request passes here, and only uploads wait (no promise for the rest).
  app.addHook("preHandler", (request, _reply, done) => {
    // The header, not request.isMultipart(): multipart is registered only inside the upload routes' plugins.
    if (!request.headers["content-type"]?.toLowerCase().startsWith("multipart/")) return done();
    // A refusal now beats a half-written file.
    hasRoomForUpload(storage, minFreeMb).then(
      (room) => done(room ? undefined : new AppError("storage_full", { retryAfterSeconds: 300 })),
      (error: Error) => done(error),
    );
  });
}
