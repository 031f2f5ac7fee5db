import { rmSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../platform/db/embedded-postgres.js";
import { temporaryDataFolder } from "./data-folder.js";
import { compiledEntry } from "./server-process.js";
import { createTemplateDatabase } from "./test-databases.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The PostgreSQL every API test runs on: DATABASE_URL's, or the run's own embedded server. */
    databaseUrl: string;
    /** The database on it that each test server's own database is copied from (test-databases.ts). */
    databaseTemplate: string;
    /** A private primary and its streaming replica, for the "replica" run of the files that read through DATABASE_READ_URL (replica-setup.ts). */
    replicaPair: { primary: string; replica: string; template: string } | null;
  }
}

/**
 * The API tests' database (vitest.config.ts's "api" and "replica" projects;
 * the unit tests start none). Without DATABASE_URL, one embedded PostgreSQL
 * (the same server `npm start` runs) serves the project's files; each test
 * server works in a database of its own on it, a copy of one migrated here.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The files that start Kindly in a process of its own run the compiled server: built here, once, before any worker.
  await compiledEntry("main");
  if (process.env.DATABASE_URL) {
    const template = await createTemplateDatabase(process.env.DATABASE_URL);
    project.provide("databaseUrl", process.env.DATABASE_URL);
    project.provide("databaseTemplate", template.name);
    return template.drop;
  }
  const folder = temporaryDataFolder("kindly-test-pg-");
  const embedded = await startEmbeddedPostgres({ dataDir: path.join(folder, "pg"), tuning: "tests" });
  project.provide("databaseUrl", embedded.url);
  project.provide("databaseTemplate", (await createTemplateDatabase(embedded.url)).name);
  return async () => {
    await embedded.stop();
    rmSync(folder, { recursive: true, force: true });
  };
}
