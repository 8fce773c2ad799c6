// What `npm run backup` and `npm run restore` share: their arguments, their configuration (the
// same DATA_DIR and DATABASE_URL as `npm start`) and how they fail.
import { ConfigError, loadConfig } from '../config.ts';

/** Prints `message` and exits: 2 with the usage for a wrong command line, else 1. */
export function fail(message: string, usage?: string): never {
  console.error(usage ? `${message}\n\n${usage}` : message);
  process.exit(usage ? 2 : 1);
}

/** The file names and flags of a command line (npm's `--` dropped); an unknown flag fails. */
export function parseArguments(args: readonly string[], known: readonly string[], usage: string) {
  const files: string[] = [];
  const flags = new Set<string>();
  for (const arg of args) {
    if (arg === '--') continue;
    if (arg.startsWith('-')) {
      if (!known.includes(arg)) fail(`Unknown option ${arg}.`, usage);
      flags.add(arg);
    } else files.push(arg);
  }
  return { files, flags };
}

/** DATA_DIR and its database file; on PostgreSQL (DATABASE_URL set) it fails with `postgresHint`. */
export function operatorConfig(postgresHint: string): { dataDir: string; file: string } {
  try {
    const config = loadConfig(process.env);
    if (config.database.engine === 'postgres') {
      fail(
        `DATABASE_URL is set, and this command works on the SQLite database in DATA_DIR only: ${postgresHint} (README, Backups).`,
      );
    }
    return { dataDir: config.dataDir, file: config.database.file };
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}
