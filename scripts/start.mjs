// `npm start`: build when dist/ is missing or older than the sources, then serve.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { buildIsStale, root } from './build-inputs.mjs';

if (buildIsStale()) {
  console.info('Building the app (dist/ is missing or out of date)...');
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
}
await import(path.join(root, 'dist/server/main.js'));
