import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { randomUUID } from "node:crypto";
import { dirname, join, relative, resolve, sep } from "node:path";
import { assertSafeKey, type FileStorage } from "./file-store.js";
import { freeBytesAt } from "./disk-space.js";

/** Files under one directory; written to a temporary name first, so a half-written file is never served. */
export function localDiskStorage(directory: string): FileStorage {
  const root = resolve(directory);
  const pathOf = (key: string) => {
    assertSafeKey(key);
    return join(root, key);
  };
  return {
    kind: "local",
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.${randomUUID()}.tmp`;
      try {
        await writeFile(temporary, body);
        await rename(temporary, path);
      } catch (error) {
        // A full disk leaves a partial file behind: it would hold the space the next upload needs.
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async *list() {
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return [];
        throw error;
      });
      for (const entry of entries) {
        if (!entry.isFile() || entry.name.endsWith(".tmp")) continue;
        yield relative(root, join(entry.parentPath, entry.name)).split(sep).join("/");
      }
    },
    freeBytes: () => freeBytesAt(root),
  };
}
