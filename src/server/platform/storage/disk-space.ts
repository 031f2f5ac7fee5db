import { statfs } from "node:fs/promises";
import { dirname, resolve } from "node:path";

/**
 * Free bytes for an unprivileged writer on the file system holding `folder`
 * (the nearest existing folder above it, when it is not made yet).
 */
export async function freeBytesAt(folder: string): Promise<number> {
  for (let dir = resolve(folder); ; dir = dirname(dir)) {
    try {
      const stats = await statfs(dir);
      return stats.bavail * stats.bsize;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT" || dirname(dir) === dir) throw error;
    }
  }
}
