import { readFileSync } from "node:fs";
import path from "node:path";

export const E2E_OFFICIAL_EMAIL = "official-e2e@kindly.test";

export const officialCredentialsFile = (dataDir: string) => path.join(dataDir, "official-account.json");

/** The official account the e2e server created (see e2e-server.ts). */
export function officialAccount(): { email: string; password: string } {
  return JSON.parse(readFileSync(officialCredentialsFile(process.env.KINDLY_E2E_DATA!), "utf8")) as { email: string; password: string };
}
