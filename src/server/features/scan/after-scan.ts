import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { parseCardJourneyId } from "../../../shared/schemas/cards.js";
import type { ScanSuccess } from "../../../shared/schemas/scans.js";
import type { DB } from "../../platform/db/schema.js";
import { inBackground } from "../../http/after-response.js";
import type { Notifier } from "../notifications/index.js";
import type { CardJourneyPort } from "./card-journey-port.js";

/**
 * What follows a recorded act, after the answer: a portable card's earlier
 * holders hear of its travels. A slow push service or mail server never delays a scan, and a
 * failure is logged, not shown to the person who scanned.
 */
export function afterActRecorded(
  deps: { db: Kysely<DB>; notifier: Notifier; cardJourneys: CardJourneyPort },
  result: ScanSuccess,
  userId: string,
  log: FastifyBaseLogger,
): void {
  const card = result.journeyId ? parseCardJourneyId(result.journeyId) : null;
  if (!card) return;
  inBackground(
    () => deps.cardJourneys.announceMove(deps, card, userId),
    (error: unknown) => log.error({ err: { type: (error as Error).name, message: (error as Error).message } }, "card move notice failed"),
  );
}
