import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../platform/db/schema.js";
import { publishedOrganizations } from "../organizations/read-models.js";

type Reader = Kysely<DB> | Transaction<DB>;

export async function findSignatory(db: Reader, organizationId: string): Promise<{ name: string; title: string } | null> {
  const row = await db
    .selectFrom(publishedOrganizations.from(db).as("organization"))
    .select(["certificate_signatory_name", "certificate_signatory_title"])
    .where("id", "=", organizationId)
    .executeTakeFirst();
  return row?.certificate_signatory_name && row.certificate_signatory_title
    ? { name: row.certificate_signatory_name, title: row.certificate_signatory_title }
    : null;
}
