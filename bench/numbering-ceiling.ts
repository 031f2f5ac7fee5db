import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { newYorkDay } from "../src/shared/acts/new-york-time.js";
import { createActNumbering, groupMemberships } from "../src/server/features/scan/index.js";
import { teamBoardMemberships } from "../src/server/features/teams/index.js";
import { openSchema } from "./bench-server.js";

/*
 * The numbering lock's ceiling (issue 62 §3): every act takes its number
 * under one lock (the act counter's row), held by one scan batch at a time
 * from its numbering to its commit. Here the batches are fed faster than they
 * can be written, by one and by two writers (two server processes, each with
 * its own connections): acts a second at saturation, and whether a second
 * writer adds anything (if not, the lock, not the writer, is the ceiling).
 * New people, one scan each at a place of their own (no rule refuses one).
 */

export interface Ceiling {
  writers: number;
  acts: number;
  seconds: number;
  perSecond: number;
}

export async function numberingCeiling(schema: string, writers: number, acts: number): Promise<Ceiling> {
  const databases = await Promise.all(Array.from({ length: writers }, () => openSchema(schema, 4)));
  const db = databases[0]!.db;
  try {
    const tag = randomUUID().slice(0, 8);
    await sql`
      insert into users (id, username, email, email_verified, country, language_preference, onboarding_completed, is_official)
      select 'ceiling-${sql.raw(tag)}-' || i, 'ceiling${sql.raw(tag)}' || i, 'ceiling-${sql.raw(tag)}-' || i || '@example.test', true,
             'CA', 'en', true, false
      from generate_series(1, ${sql.lit(acts)}) as i`.execute(db);
    const { rows: places } = await sql<{ id: string; organization_id: string }>`
      select id, organization_id from business_locations order by id limit 500`.execute(db);
    const day = newYorkDay(new Date());
    // As the app does (bootstrap.ts): the engine counts the teams' boards.
    groupMemberships.give([teamBoardMemberships]);
    const numberings = databases.map((database) => createActNumbering(database.db, "kindly_bench_ceiling"));
    const started = performance.now();
    const outcomes = await Promise.all(
      Array.from({ length: acts }, (_, i) => {
        const userId = `ceiling-${tag}-${i + 1}`;
        const place = places[i % places.length]!;
        return numberings[i % writers]!.record({
          userId,
          version: null,
          act: {
            id: randomUUID(),
            user_id: userId,
            organization_id: place.organization_id,
            location_id: place.id,
            card_series_id: null,
            card_number: null,
            card_type: "virtual",
            scanned_at: new Date(),
            scan_day: day,
            rarity: "bronze",
            user_pseudo: "Kindly #CEIL",
            latitude: null,
            longitude: null,
            client_timestamp: null,
          },
          totals: { totalActs: 1, streak: { current: 1, longest: 1, lastDay: day, freezes: 0, frozenThrough: null } },
          achievements: [],
          pendingScanId: null,
        });
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const recorded = outcomes.filter((outcome) => outcome.status === "recorded").length;
    if (recorded !== acts) throw new Error(`${acts - recorded} of ${acts} scans were not recorded`);
    return { writers, acts, seconds, perSecond: acts / seconds };
  } finally {
    await Promise.all(databases.map((database) => database.close()));
  }
}
