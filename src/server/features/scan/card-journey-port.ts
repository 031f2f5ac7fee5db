import type { Kysely } from "kysely";
import type { CardStory } from "../../../shared/schemas/cards.js";
import type { DB } from "../../platform/db/schema.js";
import type { Notifier } from "../notifications/index.js";
import type { CardRef } from "./card-stops.js";

/**
 * What the acts engine asks of card journeys. Card journeys read the acts
 * (and ask this feature to place a holder's stop), so the engine cannot
 * import them: app.ts hands their implementation in (card-journeys' door,
 * `cardJourneyPort`), and the engine knows only this shape.
 */
export interface CardJourneyPort {
  /** After an act of a portable card: its earlier holders hear of its travels. */
  announceMove(deps: { db: Kysely<DB>; notifier: Notifier }, card: CardRef, moverId: string): Promise<void>;
  /** A portable card's story so far, for the page a stranger's scan opens. */
  storyOf(db: Kysely<DB>, seriesId: string, cardNumber: number): Promise<CardStory | null>;
}
