import type { FastifyBaseLogger } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AuthCache } from '../cache/auth-cache.ts';
import type { ReadCache } from '../cache/read-cache.ts';
import type { Db } from '../db/database.ts';

/** What a pg.Pool tells of its connections (the pool itself fits). */
export interface PoolUse {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** Where the figures come from; everything but requests and sweeps is read when scraped. */
export interface MetricSources {
  db: Db;
  now: () => number;
  /** Open WebSockets on this instance. */
  sockets: () => number;
  reads: ReadCache;
  auth: AuthCache;
  /** The PostgreSQL pool; absent on SQLite, whose one connection lives in the process. */
  pool?: PoolUse;
  log: FastifyBaseLogger;
}

export interface Metrics {
  registry: Registry;
  /** One answer, by method, route label (routeLabel) and status. */
  request(method: string, route: string, status: number, seconds: number): void;
  /** One run of a scheduled job. */
  job(name: string, seconds: number): void;
  /** One group commit on SQLite: how many units of work it held and how long the commit took. */
  batch(units: number, milliseconds: number): void;
}

// From an answer from memory (well under a millisecond) to a whole-household download.
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
const BATCH_UNIT_BUCKETS = [1, 2, 5, 10, 20, 50, 100, 200, 500];
const COMMIT_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1];

/** The hearth_ metrics of one app instance, with prom-client's process and Node.js metrics beside them. */
export function createMetrics(sources: MetricSources): Metrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'hearth_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status; its _count counts requests.',
    labelNames: ['method', 'route', 'status'],
    buckets: REQUEST_BUCKETS,
    registers,
  });
  const jobs = new Histogram({
    name: 'hearth_job_duration_seconds',
    help: 'Time one run of a scheduled job took, by job.',
    labelNames: ['job'],
    buckets: JOB_BUCKETS,
    registers,
  });

  const batchUnits = new Histogram({
    name: 'hearth_db_group_commit_units',
    help: 'Units of work (transactions or lone writes) each SQLite group commit held.',
    buckets: BATCH_UNIT_BUCKETS,
    registers,
  });
  const commitTime = new Histogram({
    name: 'hearth_db_group_commit_duration_seconds',
    help: 'Time each SQLite group commit took, its fsync included.',
    buckets: COMMIT_BUCKETS,
    registers,
  });

  new Gauge({
    name: 'hearth_websocket_connections',
    help: 'WebSockets open on this instance.',
    registers,
    collect() {
      this.set(sources.sockets());
    },
  });

  // Both outbox gauges come from one pair of queries per scrape.
  let outboxes: Promise<void> | null = null;
  const pending = new Gauge({
    name: 'hearth_outbox_pending',
    help: 'Pushes and e-mails waiting to be sent (e-mails given up on excluded).',
    labelNames: ['outbox'],
    registers,
    collect: () => readOutboxes(),
  });
  const oldest = new Gauge({
    name: 'hearth_outbox_oldest_age_seconds',
    help: 'Age of the oldest push or e-mail waiting to be sent; 0 when none waits.',
    labelNames: ['outbox'],
    registers,
    collect: () => readOutboxes(),
  });
  const readOutboxes = () => {
    outboxes ??= queryOutboxes().finally(() => {
      outboxes = null;
    });
    return outboxes;
  };
  const queryOutboxes = async () => {
    try {
      const [push, mail] = await Promise.all([
        sources.db
          .selectFrom('push_outbox')
          .select((eb) => [eb.fn.countAll().as('count'), eb.fn.min('created_at').as('oldest')])
          .executeTakeFirstOrThrow(),
        sources.db
          .selectFrom('mail_outbox')
          .where('failed_at', 'is', null)
          .select((eb) => [eb.fn.countAll().as('count'), eb.fn.min('created_at').as('oldest')])
          .executeTakeFirstOrThrow(),
      ]);
      const now = sources.now();
      for (const [outbox, row] of [
        ['push', push],
        ['mail', mail],
      ] as const) {
        pending.set({ outbox }, Number(row.count));
        oldest.set({ outbox }, row.oldest === null ? 0 : Math.max(0, (now - Number(row.oldest)) / 1000));
      }
    } catch (error) {
      // A scrape during a database outage still reports everything else; no stale figures.
      pending.reset();
      oldest.reset();
      sources.log.warn({ err: error }, 'metrics: could not read the outboxes');
    }
  };

  const { pool } = sources;
  if (pool) {
    new Gauge({
      name: 'hearth_db_pool_connections',
      help: 'Connections the PostgreSQL pool holds open.',
      registers,
      collect() {
        this.set(pool.totalCount);
      },
    });
    new Gauge({
      name: 'hearth_db_pool_idle_connections',
      help: 'Open connections no query is using.',
      registers,
      collect() {
        this.set(pool.idleCount);
      },
    });
    new Gauge({
      name: 'hearth_db_pool_waiting_queries',
      help: 'Queries waiting for a connection.',
      registers,
      collect() {
        this.set(pool.waitingCount);
      },
    });
  }

  // The caches count for themselves; these counters repeat their running totals when scraped.
  const cacheCounts = () => {
    const read = sources.reads.stats();
    const auth = sources.auth.stats();
    return [
      ['read', read],
      ['session', auth.sessions],
      ['membership', auth.memberships],
      ['people', auth.people],
    ] as const;
  };
  new Counter({
    name: 'hearth_cache_hits_total',
    help: 'Lookups answered from memory, by cache (read: household reads; session, membership, people: auth).',
    labelNames: ['cache'],
    registers,
    collect() {
      this.reset();
      for (const [cache, counts] of cacheCounts()) this.inc({ cache }, counts.hits);
    },
  });
  new Counter({
    name: 'hearth_cache_misses_total',
    help: 'Lookups that had to load or compute the answer, by cache.',
    labelNames: ['cache'],
    registers,
    collect() {
      this.reset();
      for (const [cache, counts] of cacheCounts()) this.inc({ cache }, counts.misses);
    },
  });

  return {
    registry,
    request: (method, route, status, seconds) => requests.observe({ method, route, status }, seconds),
    job: (job, seconds) => jobs.observe({ job }, seconds),
    batch: (units, milliseconds) => {
      batchUnits.observe(units);
      commitTime.observe(milliseconds / 1000);
    },
  };
}
