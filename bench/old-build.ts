// An earlier commit of Hearth, exported and built in a folder of its own under the system's
// temporary folder, so that a benchmark can measure its server beside this checkout's in the same
// run. Kept between runs: one folder per commit (and Node ABI, for the native modules), reused
// once its build has finished.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from '../scripts/build-inputs.mjs';

const READY = '.bench-build-ready';

/** The folder holding `commit`'s sources, its dependencies and its production build. */
export function oldBuild(commit: string): { dir: string; commit: string } {
  const sha = execFileSync('git', ['rev-parse', `${commit}^{commit}`], {
    cwd: root,
    encoding: 'utf8',
  }).trim();
  const dir = path.join(os.tmpdir(), `hearth-bench-build-${sha.slice(0, 12)}-abi${process.versions.modules}`);
  if (fs.existsSync(path.join(dir, READY))) return { dir, commit: sha };

  // Built beside its final place and renamed at the end: an interrupted build is never reused.
  const scratch = `${dir}.${process.pid}`;
  fs.rmSync(scratch, { recursive: true, force: true });
  fs.mkdirSync(scratch, { recursive: true });
  const started = performance.now();
  console.info(`[old build] ${sha.slice(0, 12)} into ${dir}`);
  try {
    prepare(sha, scratch);
  } catch (error) {
    fs.rmSync(scratch, { recursive: true, force: true });
    throw error;
  }
  fs.writeFileSync(path.join(scratch, READY), `${new Date().toISOString()}\n`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(scratch, dir);
  console.info(`[old build] ready in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return { dir, commit: sha };
}

/** Sources, dependencies and build of `sha` in `scratch`. */
function prepare(sha: string, scratch: string): void {
  execFileSync('sh', ['-c', `git archive --format=tar ${sha} | tar -x -C "${scratch}"`], { cwd: root });
  // A development environment for its install and build, whatever this process runs with.
  const env = { ...process.env };
  delete env.NODE_ENV;
  const sameLock = ['package.json', 'package-lock.json'].every((f) =>
    fs.readFileSync(path.join(root, f)).equals(fs.readFileSync(path.join(scratch, f))),
  );
  if (sameLock) fs.symlinkSync(path.join(root, 'node_modules'), path.join(scratch, 'node_modules'));
  else
    execFileSync('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: scratch,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: scratch, env, stdio: 'inherit' });
}
