import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../test/source-files.js";

/*
 * One writer per table (issue 45 §1): each table belongs to one feature, and
 * only that feature's code inserts, updates or deletes its rows; another
 * feature asks the owner's door for a verb. This test reads every write in
 * the features' code (tests may set up what they need): Kysely's
 * insertInto/updateTable/deleteFrom with a table's name, and `insert into`,
 * `update`, `delete from` in sql`…` text. A write whose table is computed
 * (`sql.table(name)`, `deleteFrom(table)`) must say which tables it may touch
 * in a `// writes: a, b` comment in the eight lines above it, so none escapes
 * the count.
 *
 * STILL_SHARED lists the tables that more than one feature writes today,
 * with the features, until each moves behind its owner's door; the list may
 * only shrink (an entry that is no longer true fails too).
 */

const FEATURES_DIR = dirname(fileURLToPath(import.meta.url));
const SCHEMA = readFileSync(join(FEATURES_DIR, "../platform/db/schema.ts"), "utf8");
const TABLES = new Set(
  [...SCHEMA.slice(SCHEMA.indexOf("export interface DB {")).matchAll(/^\s+([a-z_]+): \w+Table;/gm)].map((match) => match[1]!),
);

const STILL_SHARED: Record<string, string[]> = {
  // Erasure (privacy's purge of a deleted account, row by row) and retention reach into each owner's
  // rows; next: an eraseFor(person) and an exportFor(person) each owner implements, which privacy calls.
  anomaly_flags: ["anomalies", "privacy"],
  card_mutes: ["card-journeys", "privacy"],
  certificates: ["privacy", "workplace"],
  chat_message_likes: ["community", "privacy"],
  consents: ["privacy", "users"],
  content_reports: ["moderation", "privacy"],
  contest_draw_entries: ["contests", "privacy"],
  contest_entries: ["privacy", "scan"],
  contest_winners: ["contests", "privacy"],
  email_recovery_tokens: ["accounts", "privacy"],
  gallery_post_likes: ["community", "privacy"],
  known_devices: ["auth", "privacy"],
  learning_attempts: ["privacy", "workplace"],
  legal_names: ["privacy", "workplace"],
  notification_preferences: ["notifications", "privacy"],
  notifications: ["card-journeys", "privacy"],
  organization_members: ["organizations", "privacy"],
  organization_requests: ["organizations", "privacy"],
  pending_scans: ["privacy", "scan"],
  policy_acknowledgments: ["privacy", "workplace"],
  push_subscriptions: ["notifications", "privacy"],
  quiz_results: ["privacy", "workplace"],
  scan_replays: ["privacy", "scan"],
  sessions: ["privacy", "sessions"],
  sst_committee_feedback: ["privacy", "workplace"],
  survey_respondents: ["privacy", "workplace"],
  telework_inclusion_actions: ["privacy", "workplace"],
  thanks: ["privacy", "thanks"],
  training_completions: ["privacy", "workplace"],
  user_roles: ["privacy", "users"],
  users: ["privacy", "users"],
  voided_acts: ["privacy", "scan"],
  workplace_access: ["privacy", "workplace"],
  // Also moderation, which hides and restores community content: community imports moderation
  // (reports, posting rights), so the hide must move to community behind a verb moderation is handed.
  chat_messages: ["community", "moderation", "privacy"],
  gallery_posts: ["community", "moderation", "privacy"],
  // Also card-journeys, which puts a holder's stop on the map: scan imports card-journeys (a card's
  // move, its story), so the write must move to scan behind a verb card-journeys is handed.
  acts: ["card-journeys", "privacy", "scan"],
};

/** The sql`…` texts of a file (a nested ${…} stays inside its text: it is read as part of it). */
function sqlTexts(source: string): string[] {
  return [...source.matchAll(/\bsql(?:<[^`]*?>)?`([^`]*)`/g)].map((match) => match[1]!);
}

/** The tables a piece of code writes, and the computed writes it leaves undeclared. */
function writesIn(source: string): { tables: Set<string>; undeclared: string[] } {
  const tables = new Set<string>();
  const undeclared: string[] = [];
  for (const [, table] of source.matchAll(/\b(?:insertInto|updateTable|deleteFrom|mergeInto)\(\s*"([a-z_]+)"/g)) tables.add(table!);
  for (const text of sqlTexts(source)) {
    for (const [, table] of text.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+([a-z_]+)\b/gi)) {
      if (TABLES.has(table!)) tables.add(table!);
    }
  }
  const lines = source.split("\n");
  lines.forEach((line, index) => {
    const computed =
      /\b(?:insertInto|updateTable|deleteFrom|mergeInto)\(\s*[a-zA-Z_$]/.test(line) ||
      /\b(?:insert\s+into|update|delete\s+from)\s+\$\{sql\.table\(/i.test(line);
    if (!computed) return;
    const declaration = lines
      .slice(Math.max(0, index - 8), index)
      .reverse()
      .map((above) => /\/\/ writes: (.+)$/.exec(above))
      .find(Boolean);
    if (!declaration) return void undeclared.push(`line ${index + 1}: ${line.trim()}`);
    for (const table of declaration[1]!.split(",").map((name) => name.trim())) {
      if (TABLES.has(table)) tables.add(table);
      else undeclared.push(`line ${index + 1}: "${table}" is not a table`);
    }
  });
  return { tables, undeclared };
}

function writersByTable(): { writers: Map<string, Set<string>>; undeclared: string[] } {
  const writers = new Map<string, Set<string>>();
  const undeclared: string[] = [];
  for (const feature of readdirSync(FEATURES_DIR, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
    for (const file of sourceFiles(join(FEATURES_DIR, feature.name))) {
      const found = writesIn(readFileSync(file, "utf8"));
      undeclared.push(...found.undeclared.map((site) => `${relative(FEATURES_DIR, file)} ${site}`));
      for (const table of found.tables) {
        if (!writers.has(table)) writers.set(table, new Set());
        writers.get(table)!.add(feature.name);
      }
    }
  }
  return { writers, undeclared };
}

describe("the tables' writers", () => {
  const { writers, undeclared } = writersByTable();
  const shared = [...writers].filter(([, features]) => features.size > 1);
  // The figure the issue tracks (and, with KINDLY_PRINT_WRITERS=1, the tables and their writers).
  console.log(`tables written by more than one feature: ${shared.length}`);
  if (process.env.KINDLY_PRINT_WRITERS) console.log(JSON.stringify(Object.fromEntries(shared.map(([t, f]) => [t, [...f].sort()]))));

  it("are found for every write: a computed table says which tables it may be", () => {
    expect(undeclared).toEqual([]);
  });

  it("are one feature per table, apart from the tables still listed as shared", () => {
    const shared = [...writers]
      .filter(([table, features]) => features.size > 1 && !STILL_SHARED[table])
      .map(([table, features]) => `${table}: ${[...features].sort().join(", ")}`);
    expect(shared).toEqual([]);
  });

  it("list as still shared only what is still shared, as it is (the list only shrinks)", () => {
    const listed = Object.entries(STILL_SHARED).map(([table]) => `${table}: ${[...(writers.get(table) ?? [])].sort().join(", ")}`);
    expect(listed).toEqual(Object.entries(STILL_SHARED).map(([table, features]) => `${table}: ${features.join(", ")}`));
  });

  it("catch each kind of write (the reader is not blind)", () => {
    expect([...writesIn('db.insertInto("thanks").values(row)').tables]).toEqual(["thanks"]);
    expect([...writesIn("await sql`update users set muted_until = ${until}`.execute(db)").tables]).toEqual(["users"]);
    expect(writesIn("trx.deleteFrom(table).where(column, '=', id)").undeclared).toHaveLength(1);
    expect([...writesIn("// writes: chat_messages, gallery_posts\ntrx.updateTable(table)").tables]).toEqual([
      "chat_messages",
      "gallery_posts",
    ]);
  });
});
