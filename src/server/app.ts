import http from 'node:http';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { type Context, requireMember, viewerOf } from './auth/guards.ts';
import { dailyBackups } from './backup/daily.ts';
import { holdServerLock } from './backup/server-lock.ts';
import { createAuthCache } from './cache/auth-cache.ts';
import { registerCachedReads } from './cache/cached-reads.ts';
import { createFastReads, type FastReads } from './cache/fast-reads.ts';
import { registerInvalidation } from './cache/invalidation.ts';
import { createReadCache } from './cache/read-cache.ts';
import type { Config } from './config.ts';
import { registerAnswerCheck } from './contracts/answer-check.ts';
import { docsRoutes } from './contracts/docs-routes.ts';
import { collectOperations, type OperationList } from './contracts/openapi.ts';
import { type Database, openMigratedDatabase } from './db/database.ts';
import { inlineDownloads, workerDownloads } from './downloads/downloads.ts';
import { emailRoutes } from './features/accounts/email-routes.ts';
import { accountJobs } from './features/accounts/jobs.ts';
import { passwordRoutes } from './features/accounts/password-routes.ts';
import { accountRoutes } from './features/accounts/routes.ts';
import { sessionRoutes } from './features/accounts/session-routes.ts';
import { activityRoutes } from './features/activity/routes.ts';
import { calendarRoutes } from './features/calendar/routes.ts';
import { choreRoutes } from './features/chores/routes.ts';
import { dashboardRoutes } from './features/dashboard/routes.ts';
import { expenseJobs } from './features/expenses/jobs.ts';
import { paymentRoutes } from './features/expenses/payment-routes.ts';
import { expenseRoutes } from './features/expenses/routes.ts';
import { exportRoutes } from './features/export/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { emailInviteRoutes } from './features/households/email-invites.ts';
import { householdRoutes } from './features/households/routes.ts';
import { imageRoutes } from './features/images/routes.ts';
import { importRoutes } from './features/imports/routes.ts';
import { importWriter } from './features/imports/writer.ts';
import { listingRoutes } from './features/listings/routes.ts';
import { messageRoutes } from './features/messages/routes.ts';
import { type PushOptions, pushRoutes } from './features/push/routes.ts';
import { searchRoutes } from './features/search/routes.ts';
import { createCompressor, registerCompression } from './http/compression.ts';
import { registerDrain } from './http/drain.ts';
import { acceptEmptyJsonBodies, frameworkErrorReply, registerErrorHandler } from './http/errors.ts';
import { registerSecurity, securityHeaders } from './http/security.ts';
import { SWEEP_INTERVAL_MS, startScheduler } from './jobs/scheduler.ts';
import { createTransport } from './mail/transport.ts';
import { MAIL_SWEEP_INTERVAL_MS, startMailWorker } from './mail/worker.ts';
import { createMetrics, type Metrics } from './metrics/metrics.ts';
import { registerMetrics, routeLabel } from './metrics/route.ts';
import { registerWeb } from './pages/web.ts';
import { createInProcessBus, createPostgresBus } from './realtime/bus.ts';
import { createHub, type Hub } from './realtime/hub.ts';
import { serverTurns, type Turns } from './turns.ts';

export interface BuildOptions {
  /** An open, migrated database to use instead of the one the config names (tests). */
  database?: Database;
  /** Where logs go; defaults to stdout. */
  logStream?: NodeJS.WritableStream;
  /** The current time in ms; tests fix it to make time-based rules deterministic. */
  now?: () => number;
  /** How often scheduled work is swept (ms); null turns the sweeps off (tests run them by hand). */
  sweepIntervalMs?: number | null;
  /** Web Push sender options; by default it sweeps when the other sweeps run. */
  push?: PushOptions;
  /** Socket timeouts (ms) of the listening server; tests shorten them. */
  timeouts?: Partial<ServerTimeouts>;
  /** The built downloads worker (downloads/worker.ts); without it downloads are built inline. */
  downloadsWorker?: string;
  /** Check every answer against its route's contract (the integration tests do). */
  checkAnswers?: boolean;
  /** The event loop's turns that requests and writes are taken up on (tests bring their own). */
  turns?: Turns;
}

export interface ServerTimeouts {
  /** All of a request's headers must arrive within this (slow-loris). */
  headersMs: number;
  /** The whole request, body included (a 72 MB listing upload on a slow phone needs time). */
  requestMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: number;
  /** How often Node looks for requests past those limits (its default, 30 s, lets them linger). */
  checkIntervalMs: number;
}

export const DEFAULT_TIMEOUTS: ServerTimeouts = {
  headersMs: 10_000,
  requestMs: 60_000,
  keepAliveMs: 5_000,
  checkIntervalMs: 1_000,
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The WebSocket hub of this instance. */
    hub: Hub;
    /** Repeated household reads answered before routing (fast-reads.ts). */
    fastReads: FastReads;
    /** The API's operations, and any API route registered without one. */
    apiOperations: OperationList;
  }
}

export const JSON_BODY_LIMIT = 1024 * 1024;

/** Creates the whole app without listening: main.ts listens, tests inject. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  // A server on a DATA_DIR says so for as long as it runs: a restore refuses meanwhile.
  const dataDirLock =
    !options.database && config.database.engine === 'sqlite' && config.database.file !== ':memory:'
      ? holdServerLock(path.dirname(config.database.file))
      : null;
  const turns = options.turns ?? serverTurns;
  let database: Database;
  let metrics: Metrics | null = null;
  try {
    // Group commits are counted once the metrics exist (they are made with the rest below).
    database =
      options.database ??
      (await openMigratedDatabase(config.database, {
        turns,
        ...(config.metricsToken ? { batches: { committed: (units, ms) => metrics?.batch(units, ms) } } : {}),
      }));
  } catch (error) {
    dataDirLock?.release();
    throw error;
  }
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  // Set once the caches exist; until then (and whenever it declines) Fastify answers.
  let fastReads: FastReads | undefined;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
      // Requests are logged by method, URL and address only; these never reach a log line.
      redact: {
        paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password'],
        censor: '[redacted]',
      },
    },
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    frameworkErrors: frameworkErrorReply(securityHeaders(config)),
    // The server Fastify would make, with repeated household reads answered from memory first.
    serverFactory: (handler) => {
      const server = http.createServer(
        {
          headersTimeout: timeouts.headersMs,
          connectionsCheckingInterval: timeouts.checkIntervalMs,
          requestTimeout: timeouts.requestMs,
          keepAliveTimeout: timeouts.keepAliveMs,
        },
        // A burst of requests is taken in a turn's budget at a time (src/server/turns.ts). A
        // request whose client hung up while it waited is dropped: its body can no longer be
        // read, so it would never finish, and nobody is left to answer.
        (request, response) =>
          turns.admit(() => {
            if (request.destroyed) return;
            if (!fastReads?.handle(request, response)) handler(request, response);
          }),
      );
      server.setTimeout(0);
      return server;
    },
  });
  app.addHook('onClose', async () => {
    if (!options.database) await database.close();
    dataDirLock?.release();
  });
  // While shutting down, answers tell clients not to reuse the connection, so a keep-alive
  // socket does not hold the process open or meet a 503 on its next request.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('Connection', 'close');
    return payload;
  });
  registerDrain(app);

  // Third-party plugins, ours, then routes.
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart);
  registerErrorHandler(app);
  acceptEmptyJsonBodies(app);
  registerSecurity(app, config);
  const operations = collectOperations(app);
  app.decorate('apiOperations', operations);
  if (options.checkAnswers) registerAnswerCheck(app);

  const bus =
    database.config.engine === 'postgres'
      ? createPostgresBus(database.db, database.config, app.log)
      : createInProcessBus();
  await bus.ready();
  const hub = createHub(app, database.db, config, bus);
  app.addHook('preClose', async () => {
    await hub.close();
  });
  app.addHook('onClose', async () => {
    await bus.close();
  });
  app.decorate('hub', hub);

  const now = options.now ?? Date.now;
  const reads = createReadCache({ now });
  const auth = createAuthCache();
  // Off unless METRICS_TOKEN is set: then one hook a request, and observers on the fast path and sweeps.
  if (config.metricsToken) {
    metrics = createMetrics({
      db: database.db,
      now,
      sockets: hub.size,
      reads,
      auth,
      log: app.log,
      ...(database.pool ? { pool: database.pool } : {}),
    });
    registerMetrics(app, config.metricsToken, metrics);
  }
  registerInvalidation(app, database.db, bus, { reads, auth });
  // The membership check of a cached read is the route's own (guards.ts), made once a request.
  registerCachedReads(app, {
    reads,
    enabled: config.readCache !== false,
    member: (request, reply) => requireMember(ctx, request, reply),
  });
  const compressor = createCompressor();
  registerCompression(app, compressor);
  fastReads = createFastReads({
    enabled: config.readCache !== false,
    reads,
    auth,
    compressor,
    headers: securityHeaders(config),
    log: app.log,
    closing: () => closing,
    ...(metrics ? { onAnswer: observeFastRead(metrics) } : {}),
  });
  app.decorate('fastReads', fastReads);
  // An in-memory database cannot be opened a second time, by the worker or anyone.
  const sharable = !(database.config.engine === 'sqlite' && database.config.file === ':memory:');
  const downloads =
    options.downloadsWorker && sharable
      ? workerDownloads(options.downloadsWorker, database.config)
      : inlineDownloads(database.db);
  app.addHook('onClose', () => downloads.close());
  const ctx: Context = { db: database.db, config, now, events: hub, reads, auth, downloads };
  const mail = startMailWorker({
    db: database.db,
    transport: createTransport(config, app.log),
    now: ctx.now,
    intervalMs: options.sweepIntervalMs === null ? null : MAIL_SWEEP_INTERVAL_MS,
    log: app.log,
  });
  app.addHook('preClose', () => mail.stop());
  const imports = importWriter({ db: database.db, events: hub, log: app.log, now: ctx.now });
  app.addHook('preClose', () => imports.close());
  const backups =
    database.config.engine === 'sqlite' && sharable && config.backupKeep
      ? dailyBackups({ file: database.config.file, keep: config.backupKeep, log: app.log })
      : null;
  if (backups) app.addHook('preClose', () => backups.stop());
  if (options.sweepIntervalMs !== null) {
    const scheduler = startScheduler({
      db: database.db,
      events: hub,
      log: app.log,
      now: ctx.now,
      intervalMs: options.sweepIntervalMs ?? SWEEP_INTERVAL_MS,
      jobs: [...expenseJobs, imports.job, ...accountJobs, ...(backups ? [backups.job] : [])],
      ...(metrics ? { observe: metrics.job } : {}),
    });
    app.addHook('preClose', () => scheduler.stop());
  }
  healthRoutes(app, ctx, database.engine);
  accountRoutes(app, ctx);
  passwordRoutes(app, ctx);
  emailRoutes(app, ctx);
  sessionRoutes(app, ctx);
  imageRoutes(app, ctx);
  householdRoutes(app, ctx);
  emailInviteRoutes(app, ctx);
  messageRoutes(app, ctx);
  choreRoutes(app, ctx);
  expenseRoutes(app, ctx);
  paymentRoutes(app, ctx);
  activityRoutes(app, ctx);
  importRoutes(app, ctx, imports);
  exportRoutes(app, ctx);
  calendarRoutes(app, ctx);
  listingRoutes(app, ctx);
  dashboardRoutes(app, ctx);
  searchRoutes(app, ctx);
  pushRoutes(app, ctx, {
    ...(options.sweepIntervalMs === null ? { intervalMs: null } : {}),
    ...options.push,
  });
  docsRoutes(app, operations);

  await registerWeb(app, config.webRoot, (request) => viewerOf(ctx, request));
  return app;
}

/** Answers from memory are counted as the route that first computed them. */
const observeFastRead = (metrics: Metrics) => (route: string, status: number, seconds: number) =>
  metrics.request('GET', routeLabel(route), status, seconds);
