import type { Config } from "./config.js";
import type { DatabaseDriver } from "./platform/db/client.js";
import type { DemoLink, DemoWorkplace } from "../shared/schemas/system.js";
import { SHORT_LINK_PREFIX } from "../shared/schemas/scans.js";

/*
 * The text `npm start` prints last, in a frame (issue 59 §4): where Kindly
 * is, where its mail goes, the demo links and, on a first start, the
 * official account's one-time password. It must agree with the README: a
 * scan signed out is kept as a pending claim until the person signs up or
 * in, so the links work signed out.
 */

export interface StartSummaryInput {
  config: Pick<Config, "APP_URL" | "DATA_DIR" | "devOutbox">;
  database: DatabaseDriver;
  links: DemoLink[];
  workplace: DemoWorkplace | null;
  /** Only when this start created the account: its password is never stored or shown again. */
  official: { email: string; password: string } | null;
}

export function startSummary({ config, database, links, workplace, official }: StartSummaryInput): string[] {
  const url = config.APP_URL;
  const lines = [
    `Kindly is running at ${url}`,
    `Database: ${database === "embedded" ? `embedded PostgreSQL (${config.DATA_DIR}/pg)` : "PostgreSQL (DATABASE_URL)"}`,
  ];
  if (config.devOutbox) lines.push(`Email: development outbox at ${url}/dev/mail`);
  if (links.length > 0) {
    lines.push("", "Demo scan links (signed out too: the act waits until you sign up or sign in):");
    for (const link of links) {
      // The short link, as a printed code encodes it (it leads to the scan page's long address).
      lines.push(`  ${link.type.padEnd(8)} ${url}${link.short ? `${SHORT_LINK_PREFIX}${link.short}` : link.path}`);
      if (link.near) {
        lines.push(
          `           within ${link.near.radiusMeters} m of ${link.near.lat}, ${link.near.lon} (a browser's location override works)`,
        );
      }
    }
  }
  if (workplace) lines.push(`Demo workplace code: ${workplace.code} (${workplace.employer}) at ${url}/workplace-wellbeing`);
  if (official) {
    lines.push(
      "",
      "Official account (runs Kindly from /admin):",
      `  email     ${official.email}`,
      `  password  ${official.password}`,
      "  Shown this once: note it, then change it from the profile page.",
    );
  }
  return lines;
}
