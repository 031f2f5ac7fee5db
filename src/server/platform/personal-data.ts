import type { Kysely, Transaction } from "kysely";
import { LANGUAGES } from "../../shared/i18n/languages.js";
import type { LocalizedText } from "../../shared/i18n/localized-text.js";
import type { DB } from "./db/schema.js";

/*
 * What each feature does, on the rows it owns, for a person's Law 25 rights
 * (issue 45 §1): privacy builds the data archive and purges a deleted account
 * by asking every owner through this contract, never by reaching into their
 * tables. A feature that keeps personal data exports `personalData` from its
 * door; src/server/personal-data.ts lists them, in the order the archive
 * writes them and the purge erases them.
 */

/** One section of a person's archive: its rows, each a flat record (written as JSON and as CSV). */
export type ExportRows = Record<string, string | number | boolean | null>[];

export interface ExportSection {
  /** The file's name, and its line in the archive's README (`export.sections.<name>`). */
  name: string;
  folder?: string;
  read: (db: Kysely<DB>, person: string) => Promise<ExportRows>;
}

export interface PersonalData {
  /** The owner's part of the person's archive. */
  exportFor?: readonly ExportSection[];
  /**
   * Erases (or makes anonymous) the person's rows, inside the purge's
   * transaction. What must stay for others' totals stays, anonymous.
   */
  eraseFor?: (trx: Transaction<DB>, person: string, now: Date) => Promise<void>;
  /** The person's files in storage, read before the erasure and removed after it commits. */
  filesOf?: (trx: Transaction<DB>, person: string) => Promise<string[]>;
  /**
   * Removes, for everyone, what the owner keeps only for a while, once its
   * period is over (housekeeping, hourly). The privacy page states each period.
   */
  forgetExpired?: (db: Kysely<DB>, now: Date) => Promise<void>;
}

/** A moment as the archive writes it. */
export const isoMoment = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** A text in every language as columns (contest_en, contest_fr…): CSV files hold scalars. */
export const localizedColumns = (prefix: string, text: LocalizedText): Record<string, string> =>
  Object.fromEntries(LANGUAGES.map((language) => [`${prefix}_${language}`, text[language] ?? ""]));
