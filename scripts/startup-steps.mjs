import { performance } from "node:perf_hooks";

/**
 * What `npm start` says while it starts (issue 59 §4): each step on a line
 * as it begins ("Building the web app… ") and its duration when it ends
 * ("9.1 s"), so a first start that takes a minute never looks stuck. Plain
 * JavaScript: the launcher (scripts/start.mjs) uses it before any build
 * exists, and the server (src/server/main.ts) after.
 */

/** "0.4 s", "9.1 s", "72 s". */
export function formatDuration(ms) {
  const seconds = ms / 1000;
  return seconds < 10 ? `${seconds.toFixed(1)} s` : `${Math.round(seconds)} s`;
}

export function createStartupSteps(write = (text) => process.stdout.write(text)) {
  // The label of the step whose line is still open (its duration not yet written), if any.
  let open = null;
  const endOpenLine = () => {
    if (open !== null) write("\n");
    open = null;
  };
  return {
    async step(label, work) {
      endOpenLine();
      write(`${label}… `);
      open = label;
      const started = performance.now();
      const result = await work();
      const took = formatDuration(performance.now() - started);
      // Something printed in between (a warning): the duration gets a line of its own, named.
      write(open === label ? `${took}\n` : `${label}: ${took}\n`);
      open = null;
      return result;
    },
    line(text) {
      endOpenLine();
      write(`${text}\n`);
    },
  };
}

/** The lines in a frame, so that what a person must note (a password, the links) stands out from the logs. */
export function boxed(lines) {
  const width = Math.max(...lines.map((line) => [...line].length));
  const pad = (line) => line + " ".repeat(width - [...line].length);
  return [`┌${"─".repeat(width + 2)}┐`, ...lines.map((line) => `│ ${pad(line)} │`), `└${"─".repeat(width + 2)}┘`].join("\n");
}
