import type { Kysely } from "kysely";
import type { CardStory } from "../../../shared/schemas/cards.js";
import type { DB } from "../../platform/db/schema.js";

/**
 * What the acts engine asks of card journeys. Card journeys read the acts
 * (and ask this feature to place a holder's stop), so the engine cannot
 * import them: app.ts hands their implementation in (card-journeys' door,
 * `cardJourneyPort`), and the engine knows only this shape.
 */
export interface CardJourneyPort {
  /** A portable card's story so far, for the page a stranger's scan opens. */
  storyOf(db: Kysely<DB>, seriesId: string, cardNumber: number): Promise<CardStory | null>;
}

/**
 * The task an act of a portable card queues with itself (its earlier holders
 * hear of its travels); card journeys do it (their `cardJourneyTasks`).
 */
export const CARD_MOVED_TASK = "card-moved";

export interface CardMovedTask {
  seriesId: string;
  cardNumber: number;
  moverId: string;
  /** When the act was recorded (ISO): the notice's day is the act's, not the delivery's. */
  at: string;
}
