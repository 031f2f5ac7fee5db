import { createInterface } from "node:readline";

/*
 * The passphrase of an encrypted backup (issue 58 §5): asked on the terminal
 * without echo, twice when making one; a script gives it in
 * KINDLY_BACKUP_PASSPHRASE instead (never as an argument, which other users
 * of the machine could read in the process list).
 */

export const PASSPHRASE_VARIABLE = "KINDLY_BACKUP_PASSPHRASE";
/** Shorter than this is a password, not a passphrase: scrypt slows guessing, it does not make a weak one strong. */
export const PASSPHRASE_MIN_LENGTH = 12;

function ask(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const input = process.stdin;
    const lines = createInterface({ input, output: process.stderr, terminal: true });
    // Nothing typed is echoed: readline writes through this, and only the question gets out.
    const write = (lines as unknown as { _writeToOutput: (text: string) => void })._writeToOutput;
    (lines as unknown as { _writeToOutput: (text: string) => void })._writeToOutput = (text: string) => {
      if (text.startsWith(question)) write.call(lines, question);
    };
    lines.question(question, (answer) => {
      lines.close();
      process.stderr.write("\n");
      resolve(answer);
    });
    lines.on("SIGINT", () => {
      lines.close();
      reject(new Error("Cancelled."));
    });
  });
}

/** The passphrase from the environment or the terminal; null when neither can give one. */
export async function readPassphrase(options: { confirm: boolean }): Promise<string | null> {
  const given = process.env[PASSPHRASE_VARIABLE];
  if (given) return given;
  if (!process.stdin.isTTY) return null;
  const first = await ask("Backup passphrase: ");
  if (options.confirm && (await ask("The same passphrase again: ")) !== first) throw new Error("The two passphrases differ.");
  return first;
}
