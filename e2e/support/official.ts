import { readFileSync } from "node:fs";
import path from "node:path";

export const E2E_OFFICIAL_EMAIL = "official-e2e@kindly.test";

export const officialCredentialsFile = (dataDir: string) => path.join(dataDir, "official-account.json");

/** The official account the e2e server created (see e2e-server.ts); the server of the journeys unless another's data folder is given. */
export function officialAccount(dataDir = process.env.KINDLY_E2E_DATA!): { email: string; password: string } {
  return JSON.parse(readFileSync(officialCredentialsFile(dataDir), "utf8")) as { email: string; password: string };
}
