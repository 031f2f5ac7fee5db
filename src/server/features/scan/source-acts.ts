import { sql } from "kysely";
import type { SourceActs } from "../organizations/index.js";

/** The acts recorded at each place and card series (kept by the numbering step), as the organisations' lists read them (bootstrap.ts gives it). */
export const actsAtSources = sql<SourceActs>`select source_id, acts from source_totals`;
