import { chmodSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * A new temporary folder to use as DATA_DIR. mkdtemp makes it private to
 * this account; it is opened (0755) because, when the tests run as root, the
 * embedded PostgreSQL runs as the postgres account and must reach DATA_DIR/pg.
 */
export function temporaryDataFolder(prefix: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), prefix));
  chmodSync(folder, 0o755);
  return folder;
}
