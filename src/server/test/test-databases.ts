import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase } from "../platform/db/client.js";
import { migrateToLatest } from "../platform/db/migrate.js";

/*
 * Each test server works in a database of its own on the run's PostgreSQL.
 * Migrating one from nothing costs about 0.4 s of PostgreSQL and 0.13 s of
 * Node per server (some 130 servers a run); cloning a database migrated once
 * (`CREATE DATABASE … TEMPLATE`) costs a few tens of milliseconds and needs no
 * lock between test processes, since no two servers share a database's
 * catalogue (issue 59).
 */

/** The address of database `name` on the server `url` points at. */
export function databaseUrl(url: string, name: string): string {
  const address = new URL(url);
  address.pathname = `/${name}`;
  return address.toString();
}

/** The database `url` names, on another server (a replica of its own). */
export function sameDatabaseOn(server: string, url: string): string {
  return databaseUrl(server, new URL(url).pathname.slice(1));
}

/** `work` with a connection of its own to `url`, closed after it. */
export async function onServer<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A database name no other test process will choose. */
function freshName(prefix: string): string {
  return `${prefix}_${randomBytes(6).toString("hex")}`;
}

export interface TestDatabase {
  name: string;
  /** Where the database is: `url`'s server, its own database. */
  url: string;
  drop(): Promise<void>;
}

/**
 * A new database on `url`'s server: a copy of `template` (migrated) when given, else empty (with
 * `schema` created in it when given). Dropped with `drop()`, whoever is still connected (a listener a test left open).
 */
export async function createTestDatabase(url: string, from: { template?: string; schema?: string } = {}): Promise<TestDatabase> {
  const name = freshName("kindly_test");
  await onServer(url, (client) => client.query(`create database ${name}${from.template ? ` template ${from.template}` : ""}`));
  if (from.schema) await onServer(databaseUrl(url, name), (client) => client.query(`create schema ${from.schema}`));
  return {
    name,
    url: databaseUrl(url, name),
    drop: () => onServer(url, (client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

/**
 * The run's template: a database migrated to the latest schema, which takes no
 * connections from then on (a connected template cannot be copied). Dropped
 * when the run ends.
 */
export async function createTemplateDatabase(url: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = freshName("kindly_template");
  await onServer(url, (client) => client.query(`create database ${name}`));
  const database = await openDatabase({ url: databaseUrl(url, name), poolSize: 1 });
  try {
    await migrateToLatest(database.db, database.schema);
  } finally {
    await database.close();
  }
  await onServer(url, (client) => client.query(`alter database ${name} with allow_connections false is_template true`));
  return {
    name,
    drop: async () => {
      await onServer(url, async (client) => {
        await client.query(`alter database ${name} with is_template false`);
        await client.query(`drop database if exists ${name} with (force)`);
      });
    },
  };
}
