import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { parseCardJourneyId } from "../../../shared/schemas/cards.js";
import type { ScanSuccess } from "../../../shared/schemas/scans.js";
import type { DB } from "../../platform/db/schema.js";
import { announceCardMove } from "../card-journeys/index.js";
import type { Mailer } from "../../platform/mail/mailer.js";

/**
 * What follows a recorded act, after the answer: a portable card's earlier
 * holders hear of its move. A slow mail server never delays a scan, and a
 * failure is logged, not shown to the person who scanned.
 */
export function afterActRecorded(
  deps: { db: Kysely<DB>; mailer: Mailer; appUrl: string },
  result: ScanSuccess,
  userId: string,
  log: FastifyBaseLogger,
): void {
  const card = result.journeyId ? parseCardJourneyId(result.journeyId) : null;
  if (!card) return;
  void announceCardMove(deps, card, userId).catch((error: unknown) =>
    log.error({ err: { type: (error as Error).name, message: (error as Error).message } }, "card move notice failed"),
  );
}
