import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * A new temporary folder to use as DATA_DIR. mkdtemp makes it private to this
 * account; run as root, the embedded PostgreSQL opens it to passage for the
 * postgres account itself (db/embedded-postgres.ts), as it would for any
 * DATA_DIR an operator chose.
 */
export function temporaryDataFolder(prefix: string): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}
