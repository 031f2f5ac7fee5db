import { sql, type Kysely } from "kysely";

/*
 * The in-app news of a person's cards' travels is the card journeys' table
 * (issue 63 §1): it was named `notifications`, as if it were the
 * notifications feature's, which keeps the choices, the devices and the
 * email pauses. Renamed for what it holds, with its key and index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table notifications rename to travel_news`.execute(db);
  await sql`alter table travel_news rename constraint notifications_pkey to travel_news_pkey`.execute(db);
  await sql`alter table travel_news rename constraint notifications_user_id_fkey to travel_news_user_id_fkey`.execute(db);
  await sql`alter index notifications_user_idx rename to travel_news_user_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter index travel_news_user_idx rename to notifications_user_idx`.execute(db);
  await sql`alter table travel_news rename constraint travel_news_user_id_fkey to notifications_user_id_fkey`.execute(db);
  await sql`alter table travel_news rename constraint travel_news_pkey to notifications_pkey`.execute(db);
  await sql`alter table travel_news rename to notifications`.execute(db);
}
