import { sql, type Kysely } from "kysely";

// Frozen: migrations never import application code.

/*
 * Text people write in every language (contest names and descriptions,
 * prizes, the kind messages a scan shows) moves from one column per language
 * (`name_en`, `name_fr`) to one jsonb column holding an object by language
 * code ({"en": "…", "fr": "…"}): a third language is then a key, not a
 * migration per table. Language columns lose their `in ('en', 'fr')` checks
 * for the same reason; the server's schemas say which languages exist.
 */
const LOCALIZED: { table: string; column: string; hasDefault?: boolean }[] = [
  { table: "contests", column: "name" },
  { table: "contests", column: "description", hasDefault: true },
  { table: "contest_prizes", column: "category" },
  { table: "contest_prizes", column: "prize" },
  { table: "kind_messages", column: "message" },
];

const LANGUAGE_COLUMNS = [
  { table: "users", column: "language_preference" },
  { table: "organization_requests", column: "language" },
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const { table, column, hasDefault } of LOCALIZED) {
    await sql`alter table ${sql.table(table)} add column ${sql.ref(column)} jsonb`.execute(db);
    await sql`update ${sql.table(table)} set ${sql.ref(column)} = jsonb_build_object('en', ${sql.ref(`${column}_en`)}, 'fr', ${sql.ref(`${column}_fr`)})`.execute(
      db,
    );
    await sql`alter table ${sql.table(table)} alter column ${sql.ref(column)} set not null`.execute(db);
    if (hasDefault) await sql`alter table ${sql.table(table)} alter column ${sql.ref(column)} set default '{}'::jsonb`.execute(db);
    // Every value is an object of strings: the application's shape, checked where it is stored.
    await sql`alter table ${sql.table(table)} add constraint ${sql.ref(`${table}_${column}_by_language`)} check (jsonb_typeof(${sql.ref(column)}) = 'object')`.execute(
      db,
    );
    await sql`alter table ${sql.table(table)} drop column ${sql.ref(`${column}_en`)}, drop column ${sql.ref(`${column}_fr`)}`.execute(db);
  }
  for (const { table, column } of LANGUAGE_COLUMNS) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(`${table}_${column}_check`)}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.ref(`${table}_${column}_check`)} check (${sql.ref(column)} ~ '^[a-z]{2,3}$')`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { table, column } of LANGUAGE_COLUMNS) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(`${table}_${column}_check`)}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.ref(`${table}_${column}_check`)} check (${sql.ref(column)} in ('en', 'fr'))`.execute(
      db,
    );
  }
  for (const { table, column, hasDefault } of LOCALIZED) {
    for (const language of ["en", "fr"]) {
      const perLanguage = `${column}_${language}`;
      await sql`alter table ${sql.table(table)} add column ${sql.ref(perLanguage)} text`.execute(db);
      await sql`update ${sql.table(table)} set ${sql.ref(perLanguage)} = coalesce(${sql.ref(column)} ->> ${language}, '')`.execute(db);
      await sql`alter table ${sql.table(table)} alter column ${sql.ref(perLanguage)} set not null`.execute(db);
      if (hasDefault) await sql`alter table ${sql.table(table)} alter column ${sql.ref(perLanguage)} set default ''`.execute(db);
    }
    await sql`alter table ${sql.table(table)} drop column ${sql.ref(column)}`.execute(db);
  }
}
