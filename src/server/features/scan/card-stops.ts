import { sql, type Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.js";

/** A portable card's journey: its series, and its number (null: the unnumbered cards of a series share one). */
export interface CardRef {
  seriesId: string;
  cardNumber: number | null;
}

/**
 * Puts a holder's own stop of a portable card on the map (a coarse position
 * and its city, chosen by card journeys), unless the act has a place
 * already. The act is the acts engine's row; card journeys ask for this.
 */
export async function placeHolderStop(
  db: Kysely<DB>,
  card: CardRef,
  userId: string,
  place: { lat: number; lon: number; name: string | null },
): Promise<boolean> {
  const sameCard = card.cardNumber === null ? sql<boolean>`a.card_number is null` : sql<boolean>`a.card_number = ${card.cardNumber}`;
  const { numAffectedRows } = await sql`
    update acts a set latitude = ${place.lat}, longitude = ${place.lon}, place_name = ${place.name}
    where a.card_type = 'portable' and a.card_series_id = ${card.seriesId} and ${sameCard}
      and a.user_id = ${userId} and a.latitude is null
  `.execute(db);
  return Number(numAffectedRows ?? 0) > 0;
}
