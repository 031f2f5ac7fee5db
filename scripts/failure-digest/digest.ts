import { appendFileSync } from "node:fs";

/*
 * The failure digest (`npm test`, scripts/test-all.ts): each failed test's
 * name and the first lines of its error, gathered from every part into one
 * file that the run prints last. A CI log is read from its end, where the
 * reporters' own accounts of a failure (stacks, attachments, the browser's
 * log) would otherwise push the error itself out of view.
 */

/** The file the parts append to, named by test-all in this variable; unset, the reporters stay silent. */
export const DIGEST_FILE_VARIABLE = "KINDLY_FAILURE_DIGEST";

const ERROR_LINES = 10;
// The reporters colour their messages for a terminal; the digest is read in a log.
// eslint-disable-next-line no-control-regex -- the escape character is what an ANSI colour code starts with
const ANSI = /\u001b\[[0-9;]*m/g;

/** One failed test, as the digest lists it: where, which, and its error's first lines. */
export function recordFailure(where: string, title: string, error: string | undefined): void {
  const file = process.env[DIGEST_FILE_VARIABLE];
  if (!file) return;
  const lines = (error ?? "(no error message)")
    .replace(ANSI, "")
    .split("\n")
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== "")
    .slice(0, ERROR_LINES);
  appendFileSync(file, `✘ ${where} › ${title}\n${lines.map((line) => `    ${line}`).join("\n")}\n`);
}
