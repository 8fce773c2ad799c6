// Runs an operator command built into dist/server/ (`npm run backup`, `npm run restore`) with
// production dependencies only, as a deployed copy has them. It never builds: `npm start` does.
import fs from 'node:fs';
import path from 'node:path';
import { root } from './build-inputs.mjs';

const [name, ...args] = process.argv.slice(2);
const file = path.join(root, 'dist/server', `${name}.js`);
if (!fs.existsSync(file)) {
  console.error(
    `${path.relative(root, file)} is missing: build the app first (npm run build, or npm start once).`,
  );
  process.exit(1);
}
process.argv = [process.argv[0], file, ...args];
await import(file);
