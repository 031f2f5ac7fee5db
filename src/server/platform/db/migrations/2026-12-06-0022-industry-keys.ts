import type { Kysely } from "kysely";

// Frozen: migrations never import application code.

/*
 * The demo organisations were seeded with an industry written out in English
 * ("Food and drink") where every other organisation stores one of the
 * industries' keys (shared/schemas/organizations.ts), so lists printed a raw
 * message key for them (issue 30). Each such label becomes its key.
 */
const LABELS: Record<string, string> = {
  "Food and drink": "food-beverage",
  Retail: "retail",
  "Public libraries": "education",
  "Parks and recreation": "government-public",
  "Food security": "social-services",
  "Community services": "social-services",
};

export async function up(db: Kysely<any>): Promise<void> {
  for (const [label, key] of Object.entries(LABELS)) {
    await db.updateTable("organizations").set({ industry: key }).where("industry", "=", label).execute();
  }
}

export async function down(): Promise<void> {
  // The labels were never valid values: nothing to put back.
}
