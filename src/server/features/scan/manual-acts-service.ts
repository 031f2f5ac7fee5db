import type { Kysely } from "kysely";
import { newYorkDay } from "../../../shared/acts/new-york-time.js";
import type { manualActsSchema } from "../../../shared/schemas/admin.js";
import type { z } from "zod/mini";
import type { DB } from "../../platform/db/schema.js";
import { AppError } from "../../kernel/app-error.js";
import { reserveActNumberRange } from "./act-numbering.js";
import { countIntoSharedAggregates, notifyNumbered } from "./act-numbering-repository.js";
import type { PublicReadCache } from "../../http/public-read-cache.js";
import * as repo from "./manual-acts-repository.js";

/** Manual acts are for things that happened: from this date on, and never in the future. */
export const EARLIEST_PERFORMED_ON = "2020-01-01";

/**
 * Records acts that happened offline for an organisation (docs/spec/organisation.md,
 * Admin panel): one contiguous range of act numbers taken with the engine's
 * own reservation, so scans flowing meanwhile number around it, never inside
 * it. The acts count for the organisation's figures and the global counter,
 * for no person (no tickets, no rank, no streak).
 */
export async function recordManualActs(
  deps: { db: Kysely<DB>; eventsChannel: string; publicCache: PublicReadCache },
  actorId: string,
  input: z.output<typeof manualActsSchema>,
  now = new Date(),
) {
  if (input.performedOn > newYorkDay(now)) {
    throw new AppError("invalid_input", { field: "performedOn", messageKey: "adminValidation.dateInFuture" });
  }
  if (input.performedOn < EARLIEST_PERFORMED_ON || Number.isNaN(Date.parse(input.performedOn))) {
    throw new AppError("invalid_input", { field: "performedOn", messageKey: "adminValidation.dateInvalid" });
  }
  const result = await deps.db.transaction().execute(async (trx) => {
    const organization = await repo.findOrganization(trx, input.organizationId);
    if (!organization) throw new AppError("not_found");
    const range = await reserveActNumberRange(trx, input.count);
    const batch = await repo.insertManualBatch(trx, {
      organization,
      first: range.first,
      last: range.last,
      description: input.description,
      proofType: input.proofType,
      proofDescription: input.proofDescription,
      performedOn: input.performedOn,
      recordedBy: actorId,
    });
    await countIntoSharedAggregates(trx, batch.acts);
    await notifyNumbered(trx, deps.eventsChannel, batch.acts);
    return { batchId: batch.id, count: input.count, start: range.first, end: range.last };
  });
  deps.publicCache.clear();
  return result;
}

export function listManualBatches(db: Kysely<DB>, page: number, pageSize: number) {
  return repo.listManualBatches(db, page, pageSize);
}
