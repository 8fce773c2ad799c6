// Roommate listings: the operator's command that features a listing (npm run listings:feature).

import { spawn } from 'node:child_process';

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';

import { openMigratedDatabase } from '#server/db/database.ts';
import type { ListingView as Listing } from '#shared/listings/api.ts';
import { createTestApp, signUp, testConfig, testEngine } from './helpers.ts';
import { browseTitles, getListing, setUpListingsApp } from './listings-setup.ts';

const t = setUpListingsApp();
const { createListing } = t;

// ---- the operator command -----------------------------------------------------------------------

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function runFeatureCommand(args: string[], env: Record<string, string>) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['DATABASE_URL', 'DATA_DIR', 'PGOPTIONS']) delete childEnv[key];
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'listings:feature', '--', ...args], {
      cwd: repoRoot,
      env: { ...childEnv, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * An app on a database a separate process can open as `npm start` would: a SQLite file in its own
 * DATA_DIR, or (on PostgreSQL) a fresh schema reached through DATABASE_URL and the search path.
 */
async function appForOperator(): Promise<{
  app: FastifyInstance;
  env: Record<string, string>;
  close: () => Promise<void>;
}> {
  if (testEngine === 'postgres') {
    const pg = await createTestApp({}, { now: () => t.clock });
    const url = process.env.TEST_DATABASE_URL as string;
    return {
      app: pg.app,
      env: { DATABASE_URL: url, PGOPTIONS: `-c search_path=${pg.database.schema}` },
      close: pg.close,
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-listings-'));
  const database = await openMigratedDatabase({ engine: 'sqlite', file: path.join(dataDir, 'hearth.db') });
  const app = await buildApp(testConfig(), { database, sweepIntervalMs: null, now: () => t.clock });
  await app.ready();
  return {
    app,
    env: { DATA_DIR: dataDir },
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe('npm run listings:feature', () => {
  it('features a listing (first in the list) and --off takes it back; an unknown id fails', async () => {
    const operator = await appForOperator();
    try {
      const poster = await signUp(operator.app, { firstName: 'Kim' });
      const older = await createListing(poster.client, { title: 'Older' });
      await createListing(poster.client, { title: 'Newer' });
      expect(await browseTitles(poster.client, {})).toEqual(['Newer', 'Older']);

      const on = await runFeatureCommand([older.id], operator.env);
      expect(on.stderr).toBe('');
      expect(on.code).toBe(0);
      expect(on.stdout).toContain(`Listing ${older.id} is now featured.`);
      expect(await browseTitles(poster.client, {})).toEqual(['Older', 'Newer']);
      expect(await browseTitles(poster.client, { featured: 'true' })).toEqual(['Older']);
      expect(((await getListing(poster.client, older.id)).json() as Listing).featured).toBe(true);

      const off = await runFeatureCommand([older.id, '--off'], operator.env);
      expect(off.code).toBe(0);
      expect(off.stdout).toContain('no longer featured');
      expect(await browseTitles(poster.client, {})).toEqual(['Newer', 'Older']);

      const unknown = await runFeatureCommand(['no-such-listing'], operator.env);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('No listing with id no-such-listing');
    } finally {
      await operator.close();
    }
  }, 60_000);
});
