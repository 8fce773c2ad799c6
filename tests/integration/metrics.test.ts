import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '#server/app.ts';
import { createAuthCache } from '#server/cache/auth-cache.ts';
import { createReadCache } from '#server/cache/read-cache.ts';
import type { DatabaseConfig } from '#server/config.ts';
import { openMigratedDatabase } from '#server/db/database.ts';
import { createMetrics, type PoolUse } from '#server/metrics/metrics.ts';
import {
  createTestApp,
  freshDatabaseConfig,
  HttpClient,
  householdOf,
  signUp,
  type TestApp,
  testConfig,
  testEngine,
} from './helpers.ts';
import { addressOf, TestSocket } from './sockets.ts';

// GET /metrics (docs/deploy/metrics.md): absent without METRICS_TOKEN, behind the bearer token
// with it, in the Prometheus text format a scraper reads.
const TOKEN = 'metrics-test-token-0123456789abcdef';
const NOW = Date.now();
const PROMETHEUS_TEXT = 'text/plain; version=0.0.4; charset=utf-8';

/** The value of a sample whose labels include `labels`, or undefined when there is none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([A-Za-z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (match?.[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

const requests = (text: string, method: string, route: string, status: number) =>
  sample(text, 'hearth_http_request_duration_seconds_count', { method, route, status: String(status) }) ?? 0;

const errorBody = (response: LightMyRequestResponse) => response.json() as { message: string; code: string };

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('does not exist: 404 as any unknown address, whatever token is sent', async () => {
    const reply = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(reply.statusCode).toBe(404);
    expect(reply.body).not.toContain('hearth_');
    expect(t.app.hasRoute({ method: 'GET', url: '/metrics' })).toBe(false);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  const scrape = async () => {
    const reply = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.body;
  };

  beforeAll(async () => {
    t = await createTestApp({ metricsToken: TOKEN }, { now: () => NOW });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('answers 401 in the error format, asking for a bearer token, when the token is missing or wrong', async () => {
    for (const authorization of [
      undefined,
      '',
      'Bearer',
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}`,
      TOKEN,
    ]) {
      const reply = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(reply.statusCode, String(authorization)).toBe(401);
      expect(reply.headers['www-authenticate']).toBe('Bearer');
      expect(errorBody(reply)).toEqual({ message: 'Not signed in', code: 'auth.not_signed_in' });
      expect(reply.body).not.toContain('hearth_');
    }
  });

  it('answers the Prometheus text format with the hearth_ metrics and the process metrics', async () => {
    const reply = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `bearer ${TOKEN}` },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe(PROMETHEUS_TEXT);
    expect(reply.headers['cache-control']).toBe('no-store');
    for (const [name, type] of [
      ['hearth_http_request_duration_seconds', 'histogram'],
      ['hearth_job_duration_seconds', 'histogram'],
      ['hearth_websocket_connections', 'gauge'],
      ['hearth_outbox_pending', 'gauge'],
      ['hearth_outbox_oldest_age_seconds', 'gauge'],
      ['hearth_cache_hits_total', 'counter'],
      ['hearth_cache_misses_total', 'counter'],
      ['nodejs_eventloop_lag_p99_seconds', 'gauge'],
      ['process_cpu_seconds_total', 'counter'],
      ['process_resident_memory_bytes', 'gauge'],
    ]) {
      expect(reply.body).toContain(`# TYPE ${name} ${type}\n`);
    }
    for (const cache of ['read', 'session', 'membership', 'people']) {
      expect(sample(reply.body, 'hearth_cache_hits_total', { cache })).toBeGreaterThanOrEqual(0);
      expect(sample(reply.body, 'hearth_cache_misses_total', { cache })).toBeGreaterThanOrEqual(0);
    }
    // The pool's use is reported when the database has one (PostgreSQL), and only then.
    const pooled = 'pool' in t.database && t.database.pool !== undefined;
    expect(reply.body.includes('# TYPE hearth_db_pool_waiting_queries gauge')).toBe(pooled);
  });

  it('counts each request by method, route pattern and status, never by its address', async () => {
    const { client } = await signUp(t.app);
    const before = await scrape();
    const ids = [randomUUID(), randomUUID()];
    const statuses = [];
    for (const id of ids) statuses.push((await client.get(`/api/roommate-listings/${id}`)).statusCode);
    expect(statuses[0]).toBeGreaterThanOrEqual(400);
    expect(statuses[1]).toBe(statuses[0]);
    const unknown = await client.get('/nowhere/at/all');
    expect(unknown.statusCode).toBe(404);

    const after = await scrape();
    const status = statuses[0]!;
    expect(requests(after, 'GET', '/api/roommate-listings/:id', status)).toBe(
      requests(before, 'GET', '/api/roommate-listings/:id', status) + 2,
    );
    expect(requests(after, 'GET', 'unrouted', 404)).toBe(requests(before, 'GET', 'unrouted', 404) + 1);
    // The sign-up before the first scrape is counted under its own route and status.
    expect(requests(before, 'POST', '/api/register', 201)).toBeGreaterThanOrEqual(1);
    for (const id of ids) expect(after).not.toContain(id);
    expect(after).not.toContain('/nowhere');
    expect(
      sample(after, 'hearth_http_request_duration_seconds_bucket', {
        method: 'GET',
        route: '/api/roommate-listings/:id',
        status: String(status),
        le: '+Inf',
      }),
    ).toBe(requests(after, 'GET', '/api/roommate-listings/:id', status));
  });

  it('counts reads answered from memory, before Fastify, under their route', async () => {
    const { admin } = await householdOf(t.app, ['Mona Metrics', 'Max Metrics']);
    const http = Object.assign(new HttpClient(t.app), { cookie: admin.client.cookie });
    const before = await scrape();
    let reads = 0;
    const served = t.app.fastReads.served();
    // Until one comes from memory (on PostgreSQL a write's invalidation echoes back a moment later).
    while (t.app.fastReads.served() === served && reads < 100) {
      expect((await http.get('/api/chores')).statusCode).toBe(200);
      reads += 1;
    }
    expect(t.app.fastReads.served()).toBe(served + 1);
    const after = await scrape();
    expect(requests(after, 'GET', '/api/chores', 200)).toBe(
      requests(before, 'GET', '/api/chores', 200) + reads,
    );
    expect(sample(after, 'hearth_cache_hits_total', { cache: 'read' })).toBeGreaterThan(
      sample(before, 'hearth_cache_hits_total', { cache: 'read' }) ?? 0,
    );
  });

  it('reports the open WebSockets of the instance', async () => {
    const { admin, household } = await householdOf(t.app, ['Sam Socket']);
    const { ws, origin } = addressOf(t.app);
    const socket = await TestSocket.open(ws, { cookie: admin.client.cookie, origin });
    try {
      await socket.connect(admin.user.id, household.id);
      expect(sample(await scrape(), 'hearth_websocket_connections')).toBe(1);
    } finally {
      await socket.close();
    }
  });

  it('reports how many e-mails and pushes wait and how old the oldest is, leaving out e-mails given up on', async () => {
    const mail = (createdAt: number, failedAt: number | null) => ({
      id: randomUUID(),
      dedupe_key: randomUUID(),
      user_id: null,
      to_address: 'someone@example.org',
      subject: 'Waiting',
      text_body: 'Waiting',
      html_body: null,
      headers: null,
      attempts: 1,
      // Not due before the test ends: no sender takes it meanwhile.
      next_attempt_at: NOW + 3_600_000,
      claimed_until: null,
      failed_at: failedAt,
      error: null,
      created_at: createdAt,
    });
    const before = await scrape();
    expect(sample(before, 'hearth_outbox_pending', { outbox: 'mail' })).toBe(0);
    expect(sample(before, 'hearth_outbox_oldest_age_seconds', { outbox: 'mail' })).toBe(0);
    await t.database.db
      .insertInto('mail_outbox')
      .values([mail(NOW - 90_000, null), mail(NOW - 30_000, null), mail(NOW - 600_000, NOW - 1_000)])
      .execute();
    const after = await scrape();
    expect(sample(after, 'hearth_outbox_pending', { outbox: 'mail' })).toBe(2);
    expect(sample(after, 'hearth_outbox_oldest_age_seconds', { outbox: 'mail' })).toBe(90);
    expect(sample(after, 'hearth_outbox_pending', { outbox: 'push' })).toBe(0);
    expect(sample(after, 'hearth_outbox_oldest_age_seconds', { outbox: 'push' })).toBe(0);
  });

  /** The app's metrics as createMetrics makes them for a PostgreSQL pool. */
  const withPool = (pool: PoolUse) =>
    createMetrics({
      db: t.database.db,
      now: () => NOW,
      sockets: () => 0,
      reads: createReadCache({ now: () => NOW }),
      auth: createAuthCache(),
      pool,
      log: t.app.log,
    });

  it('reports the use of a PostgreSQL pool it is given', async () => {
    const pool = { totalCount: 7, idleCount: 2, waitingCount: 3 };
    const metrics = withPool(pool);
    const text = await metrics.registry.metrics();
    expect(sample(text, 'hearth_db_pool_connections')).toBe(7);
    expect(sample(text, 'hearth_db_pool_idle_connections')).toBe(2);
    expect(sample(text, 'hearth_db_pool_waiting_queries')).toBe(3);
    pool.waitingCount = 0;
    expect(sample(await metrics.registry.metrics(), 'hearth_db_pool_waiting_queries')).toBe(0);
  });

  it('serves every metric the Grafana dashboard reads', async () => {
    const dashboard = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../docs/deploy/grafana-dashboard.json'),
      'utf8',
    );
    const read = new Set(
      [...dashboard.matchAll(/\b((?:hearth|nodejs|process)_\w+)/g)].map((m) =>
        m[1]!.replace(/_(bucket|count|sum)$/, ''),
      ),
    );
    const text = await withPool({ totalCount: 1, idleCount: 1, waitingCount: 0 }).registry.metrics();
    const served = new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]));
    expect(read.size).toBeGreaterThan(10);
    expect([...read].filter((name) => !served.has(name))).toEqual([]);
  });
});

describe('sweep durations', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The scheduler sweeps once at start, then not again within the test.
    t = await createTestApp({ metricsToken: TOKEN }, { sweepIntervalMs: 3_600_000 });
  });
  afterAll(() => t.close());

  it('times each scheduled job by name', async () => {
    await vi.waitFor(
      async () => {
        const text = (
          await t.app.inject({
            method: 'GET',
            url: '/metrics',
            headers: { authorization: `Bearer ${TOKEN}` },
          })
        ).body;
        for (const job of ['recurring-expenses', 'purge-trash', 'splitwise-imports']) {
          expect(sample(text, 'hearth_job_duration_seconds_count', { job })).toBe(1);
        }
      },
      { timeout: 10_000, interval: 50 },
    );
  });
});

describe('the database as the server opens it', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  let dataDir: string;
  let config: DatabaseConfig;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-metrics-'));
    // On SQLite a file, whose writes are committed in groups; on PostgreSQL a schema of its own.
    config =
      testEngine === 'sqlite'
        ? { engine: 'sqlite', file: path.join(dataDir, 'hearth.db') }
        : freshDatabaseConfig();
    app = await buildApp(testConfig({ metricsToken: TOKEN, dataDir, database: config }), {
      sweepIntervalMs: null,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    if (config.engine === 'postgres' && config.schema) {
      const database = await openMigratedDatabase(config);
      await sql`drop schema if exists ${sql.id(config.schema)} cascade`.execute(database.db);
      await database.close();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('reports group commits on SQLite and the pool on PostgreSQL', async () => {
    await signUp(app, { email: `metrics-${randomUUID()}@example.test` });
    const text = (
      await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })
    ).body;
    if (testEngine === 'sqlite') {
      expect(sample(text, 'hearth_db_group_commit_units_count')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'hearth_db_group_commit_units_sum')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'hearth_db_group_commit_duration_seconds_count')).toBeGreaterThanOrEqual(1);
    } else {
      expect(sample(text, 'hearth_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'hearth_db_pool_idle_connections')).toBeLessThanOrEqual(
        sample(text, 'hearth_db_pool_connections')!,
      );
    }
  });
});
