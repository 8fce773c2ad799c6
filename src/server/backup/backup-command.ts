// `npm run backup -- <file> [--force]`: a consistent copy of the SQLite database in DATA_DIR,
// taken while the server runs (README, Backups). Built into dist/server/backup.js, so it runs
// with production dependencies only.
import fs from 'node:fs';
import path from 'node:path';
import { fail, operatorConfig, parseArguments } from './command.ts';
import { copyDatabase } from './copy.ts';

const USAGE = `Usage: npm run backup -- <file> [--force]
  Writes a consistent copy of the SQLite database in DATA_DIR to <file>, also while the server runs.
  --force  replace <file> if it exists`;

const { files, flags } = parseArguments(process.argv.slice(2), ['--force'], USAGE);
if (files.length !== 1) fail(files.length === 0 ? 'Name the file to write.' : 'Name one file.', USAGE);
const config = operatorConfig(
  'a PostgreSQL database is copied with pg_dump, e.g. pg_dump -Fc "$DATABASE_URL" -f hearth.dump',
);
const source = config.file;
const destination = path.resolve(files[0]!);
// Checked before anything else: --force must never write over the database.
if (['', '-wal', '-shm', '-journal'].some((suffix) => destination === `${source}${suffix}`)) {
  fail(`${destination} is the database itself: name another file.`);
}

if (!fs.existsSync(source)) {
  fail(`There is no database in ${config.dataDir} (no hearth.db there): is DATA_DIR right?`);
}
if (!fs.existsSync(path.dirname(destination)))
  fail(`The folder ${path.dirname(destination)} does not exist.`);
if (fs.existsSync(destination)) {
  if (fs.statSync(destination).isDirectory()) fail(`${destination} is a folder: name a file in it.`);
  if (!flags.has('--force'))
    fail(`${destination} already exists: choose another name, or add --force to replace it.`);
}

try {
  const result = await copyDatabase(source, destination, { overwrite: flags.has('--force') });
  console.info(
    `Backed up ${source} to ${result.file} (${(result.bytes / 1024 / 1024).toFixed(1)} MB, checked) in ${(result.ms / 1000).toFixed(1)} s.`,
  );
} catch (error) {
  fail(`The backup failed: ${error instanceof Error ? error.message : String(error)}`);
}
