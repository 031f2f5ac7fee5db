import { createDeps, databaseFor } from "./bootstrap.js";
import { loadConfig } from "./config.js";
import { ensureOfficialAccount } from "./features/auth/official-account.js";

/** Operator commands: `npm run kindly -- set-official <email>`. */
async function run(args: string[]): Promise<number> {
  const [command, value] = args;
  if (command !== "set-official" || !value) {
    process.stderr.write("Usage: npm run kindly -- set-official <email>\n");
    return 2;
  }
  const config = loadConfig();
  const database = await databaseFor(config);
  try {
    const deps = await createDeps(config, database, () => undefined);
    const result = await ensureOfficialAccount(deps, value);
    process.stdout.write(`${value} is now the official account.\n`);
    if (result.created) process.stdout.write(`It did not exist and was created with the password: ${result.password}\n`);
    return 0;
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
