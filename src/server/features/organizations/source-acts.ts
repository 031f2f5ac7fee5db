import { sql } from "kysely";
import { relationPort } from "../../platform/db/relation-port.js";

/**
 * The acts recorded at each place and card series, as the acts engine keeps
 * them. The engine reads the places and card series (a scan finds its code
 * among them), so this feature cannot import it: the engine's count is given
 * here at start (bootstrap.ts) and read in the lists of places and card
 * series, the posters' live count and the set-up checklist's first scan.
 */
export interface SourceActs {
  source_id: string;
  acts: number;
}

export const sourceActs = relationPort<SourceActs>(
  "The acts at each place and card series",
  ["source_id", "acts"],
  sql`select null::text as source_id, 0::int as acts where false`,
);
