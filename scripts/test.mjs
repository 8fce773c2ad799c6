// `npm test`: everything CI checks, in order of speed. Stops at the first failing layer.
// The integration suite runs on SQLite and, when TEST_DATABASE_URL is set, again on PostgreSQL.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from './build-inputs.mjs';

const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };

function run(title, command, args, env = {}) {
  console.info(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n✗ ${title} failed`);
    console.info(`${totals.passed} passed, ${totals.failed + 1} failed`);
    process.exit(result.status ?? 1);
  }
}

function vitest(title, project, env = {}) {
  const report = path.join(reportDir, `${title.replace(/\W+/g, '-')}.json`);
  run(
    title,
    bin('vitest'),
    ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    env,
  );
  const summary = JSON.parse(fs.readFileSync(report, 'utf8'));
  totals.passed += summary.numPassedTests;
  totals.failed += summary.numFailedTests;
  totals.skipped += summary.numPendingTests + summary.numTodoTests;
  if (summary.numTotalTests === 0) {
    console.error(`✗ ${title} ran no test`);
    process.exit(1);
  }
}

run('lint (Biome)', bin('biome'), ['check', '--error-on-warnings', '.']);
run('typecheck (tsc)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
vitest('unit', 'unit');
vitest('integration on SQLite', 'integration', { HEARTH_TEST_ENGINE: 'sqlite' });
if (process.env.TEST_DATABASE_URL) {
  vitest('integration on PostgreSQL', 'integration', { HEARTH_TEST_ENGINE: 'postgres' });
} else {
  console.info('\n(TEST_DATABASE_URL is not set: skipping the PostgreSQL run of the integration suite)');
}
// Real server processes: SIGKILLed under load (SQLite, and PostgreSQL when TEST_DATABASE_URL is
// set), and cut off from a PostgreSQL of their own that is stopped and started again.
vitest('reliability (crashes, database outage)', 'reliability');
vitest('end-to-end in Chromium', 'e2e');

fs.rmSync(reportDir, { recursive: true, force: true });
console.info(
  `\nAll layers passed.\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`,
);
