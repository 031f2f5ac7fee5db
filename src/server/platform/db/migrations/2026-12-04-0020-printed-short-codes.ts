import { sql, type Kysely } from "kysely";

// Frozen: migrations never import application code.

/*
 * A printed code's short link (issue 30): `${APP_URL}/c/<short code>`, with
 * `-<n>` for a portable series' card n, instead of the scan link with the
 * organisation's name in it. Short, so that the QR stays a version 3 code
 * whose modules a phone reads off a business card. Codes printed before keep
 * their long links, which still work.
 *
 * Ten base62 characters, drawn by `new_short_code()` from the random bytes of
 * a version 4 UUID (PostgreSQL's strong random source), skipping its version
 * and variant bytes: about 59 bits, unguessable, and unlikely to collide (the
 * unique index refuses the rare collision). The default for every new
 * location and card series; a renewed code draws a new one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function new_short_code() returns text language sql volatile as $$
      select string_agg(substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', 1 + get_byte(r.b, i) % 62, 1), '' order by i)
      from (select uuid_send(gen_random_uuid()) as b) r, unnest(array[0, 1, 2, 3, 4, 5, 7, 9, 10, 11]) as i
    $$`.execute(db);
  for (const table of ["business_locations", "card_series"]) {
    await sql`alter table ${sql.table(table)} add column short_code text not null default new_short_code()`.execute(db);
    await sql`create unique index ${sql.raw(`${table}_short_code_key`)} on ${sql.table(table)} (short_code)`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["business_locations", "card_series"]) {
    await sql`alter table ${sql.table(table)} drop column short_code`.execute(db);
  }
  await sql`drop function new_short_code`.execute(db);
}
