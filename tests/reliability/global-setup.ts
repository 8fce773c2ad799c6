// The reliability tests run the production build: build it first if it is missing or stale
// (the same check as `npm start`).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { buildIsStale, root } from '../../scripts/build-inputs.mjs';
import { startEnv } from '../e2e/server.ts';

export default function setup(): void {
  if (buildIsStale()) {
    execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], {
      cwd: root,
      stdio: 'inherit',
      env: startEnv(),
    });
  }
}
