// Operator command: `npm run listings:feature -- <listing id> [--off]` marks a listing as featured
// (or not) in the database the environment names (DATA_DIR or DATABASE_URL, as `npm start` reads).
import { loadConfig } from '#server/config.ts';
import { openMigratedDatabase } from '#server/db/database.ts';
import { setFeatured } from '#server/features/listings/queries.ts';

const args = process.argv.slice(2).filter((a) => a !== '--');
const id = args.find((a) => !a.startsWith('--'));
const featured = !args.includes('--off');
if (!id) {
  console.error('Usage: npm run listings:feature -- <listing id> [--off]');
  process.exit(2);
}
const database = await openMigratedDatabase(loadConfig(process.env).database);
try {
  if (!(await setFeatured(database.db, id, featured))) {
    console.error(`No listing with id ${id}`);
    process.exitCode = 1;
  } else {
    console.info(`Listing ${id} is ${featured ? 'now featured' : 'no longer featured'}.`);
  }
} finally {
  await database.close();
}
