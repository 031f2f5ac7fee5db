import { rmSync, writeFileSync } from "node:fs";
import { createDeps, databaseFor } from "../../src/server/bootstrap.js";
import { loadConfig } from "../../src/server/config.js";
import { ensureOfficialAccount } from "../../src/server/features/auth/index.js";
import { seedDemoDataIfWanted } from "../../src/server/features/demo/index.js";
import { E2E_OFFICIAL_EMAIL, officialCredentialsFile } from "./official.js";

/*
 * The server the journeys run against: `npm start`'s server, after one
 * preparation on its fresh embedded database. The demo data is seeded as on a
 * first start, and the official account is created with its generated
 * password kept in a file of the run's data directory, where the journeys
 * read it (the operator would read it on the console).
 */
const config = loadConfig();
const database = await databaseFor(config, { stopEmbedded: "if-started" });
const deps = await createDeps(config, database, () => undefined);
await seedDemoDataIfWanted(deps.db, deps.storage, config, database.driver);
const official = await ensureOfficialAccount(deps, E2E_OFFICIAL_EMAIL);
if (official.password) {
  writeFileSync(officialCredentialsFile(config.DATA_DIR), JSON.stringify({ email: E2E_OFFICIAL_EMAIL, password: official.password }));
}
await deps.limiter.close();
await deps.live.close();
await deps.sessions.close();
await database.close();

// The run's data folder (its embedded PostgreSQL included) goes with the server, once the server has stopped it.
process.on("exit", () => rmSync(config.DATA_DIR, { recursive: true, force: true }));

await import("../../src/server/main.js");
