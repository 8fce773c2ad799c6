// Starts the production build the way `npm start` serves it, on a free port with a brand-new
// DATA_DIR, and hands its URL to the tests as inject('baseUrl').
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildIsStale, root } from '../../scripts/build-inputs.mjs';
import { ServerProcess, startEnv } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Covers a missing build and one older than the sources (the same check as `npm start`).
  if (buildIsStale()) {
    execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], {
      cwd: root,
      stdio: 'inherit',
      env: startEnv(),
    });
  }

  const server = await ServerProcess.launch();
  project.provide('baseUrl', server.url);
  return () => server.dispose();
}
