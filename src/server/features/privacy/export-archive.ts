import { zip, type Zippable } from "fflate";
import type { Kysely } from "kysely";
import type { Language } from "../../../shared/constants.js";
import { translate } from "../../../shared/i18n/translate.js";
import type { DB } from "../../platform/db/schema.js";
import type { FileStorage } from "../../platform/storage/file-storage.js";
import { formatMoment } from "../../platform/format/quebec-dates.js";
import type { ExportRows, PersonalData } from "../../platform/personal-data.js";

/** RFC 4180: fields with a comma, quote or line break are quoted, quotes doubled; a leading = + - @ is defused for spreadsheets. */
function csvField(value: string | number | boolean | null): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(rows: ExportRows): string {
  if (rows.length === 0) return "";
  const columns = Object.keys(rows[0]!);
  return [columns.join(","), ...rows.map((row) => columns.map((column) => csvField(row[column] ?? null)).join(","))].join("\r\n") + "\r\n";
}

const encode = (text: string) => new TextEncoder().encode(text);

/**
 * The archive of everything Kindly holds about a person: one JSON and one
 * CSV file per section, their photos, and a README in their language saying
 * what each file is. `onProgress` hears 0–100 as sections are read.
 */
export async function buildArchive(
  deps: { db: Kysely<DB>; storage: FileStorage; personalData: readonly PersonalData[] },
  userId: string,
  language: Language,
  now: Date,
  onProgress: (percent: number) => Promise<void>,
): Promise<Uint8Array> {
  const files: Zippable = {};
  const counts: string[] = [];
  // Each owner's sections (src/server/personal-data.ts), in its order.
  const sections = deps.personalData.flatMap((owner) => owner.exportFor ?? []);
  for (const [index, section] of sections.entries()) {
    const rows = await section.read(deps.db, userId);
    for (const row of rows) {
      if (typeof row.photo_key !== "string") continue;
      const photo = await deps.storage.get(row.photo_key);
      // Stored already compressed: kept as it is.
      if (photo) files[String(row.photo)] = [new Uint8Array(photo), { level: 0 }];
      delete row.photo_key;
    }
    const path = section.folder ? `${section.folder}/${section.name}` : section.name;
    files[`${path}.json`] = encode(JSON.stringify(rows, null, 2) + "\n");
    files[`${path}.csv`] = encode(toCsv(rows));
    counts.push(
      translate(language, "export.readmeLine", {
        files: `${path}.json / ${path}.csv`,
        what: translate(language, `export.sections.${section.name}`),
        rows: rows.length,
      }),
    );
    await onProgress(Math.round(((index + 1) / (sections.length + 1)) * 100));
  }
  const date = formatMoment(language, now);
  const readme = [
    translate(language, "export.readmeTitle"),
    "",
    translate(language, "export.readmeIntro", { date }),
    "",
    ...counts,
    "",
    translate(language, "export.readmeNotes"),
    "",
  ].join("\n");
  files[translate(language, "export.readmeFile")] = encode(readme);
  return new Promise((resolve, reject) => zip(files, { level: 6 }, (error, data) => (error ? reject(error) : resolve(data))));
}
