import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { CardSeriesInput, CardSeriesView } from "../../../shared/schemas/organizations.js";
import type { DB } from "../../platform/db/schema.js";
import { newQrToken } from "./organization-repository.js";
import { sourceActs } from "./source-acts.js";

// Like locations: every statement names the organisation too.

/** Only the translations written (a blank field is none). */
const writtenTranslations = (translations: Partial<Record<string, string>> = {}) =>
  Object.fromEntries(Object.entries(translations).filter(([, value]) => value?.trim()));

export async function listCardSeries(db: Kysely<DB>, organizationId: string): Promise<CardSeriesView[]> {
  const rows = await db
    .selectFrom("card_series as c")
    .select(["c.id", "c.name", "c.name_translations", "c.card_type", "c.card_count", "c.is_active", "c.created_at"])
    .leftJoin(sourceActs.sql().as("t"), "t.source_id", "c.id")
    .select("t.acts as scans")
    .where("c.organization_id", "=", organizationId)
    .orderBy("c.is_active", "desc")
    .orderBy("c.created_at", "desc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    translations: row.name_translations,
    cardType: row.card_type,
    cardCount: row.card_count,
    isActive: row.is_active,
    scans: Number(row.scans ?? 0),
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

export async function createCardSeries(db: Kysely<DB>, organizationId: string, input: CardSeriesInput): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("card_series")
    .values({
      id,
      organization_id: organizationId,
      name: input.name,
      name_translations: JSON.stringify(writtenTranslations(input.translations)),
      card_type: input.cardType,
      card_count: input.cardCount,
      qr_token: newQrToken(),
    })
    .execute();
  return id;
}

/** Name and number of cards; a series keeps its type (its printed links say it). */
export async function updateCardSeries(
  db: Kysely<DB>,
  organizationId: string,
  id: string,
  input: { name: string; cardCount: number; translations?: Partial<Record<string, string>> },
) {
  const result = await db
    .updateTable("card_series")
    .set({ name: input.name, name_translations: JSON.stringify(writtenTranslations(input.translations)), card_count: input.cardCount })
    .where("id", "=", id)
    .where("organization_id", "=", organizationId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function findCardSeriesCode(db: Kysely<DB>, organizationId: string, id: string) {
  return db
    .selectFrom("card_series as c")
    .innerJoin("organizations as o", "o.id", "c.organization_id")
    .select(["c.id", "c.name", "c.qr_token", "c.short_code", "c.card_type", "c.card_count", "o.org_code", "o.name as organization_name"])
    .where("c.id", "=", id)
    .where("c.organization_id", "=", organizationId)
    .executeTakeFirst();
}
