import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { type BuildOptions, buildApp } from '#server/app.ts';
import type { Config, DatabaseConfig } from '#server/config.ts';
import { type Database, openMigratedDatabase } from '#server/db/database.ts';

/**
 * Integration tests run on SQLite by default and on PostgreSQL when HEARTH_TEST_ENGINE=postgres
 * (with TEST_DATABASE_URL). Each test file gets a fresh database: in-memory SQLite, or a new
 * PostgreSQL schema dropped afterwards.
 */
export const testEngine: 'sqlite' | 'postgres' =
  process.env.HEARTH_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

export function freshDatabaseConfig(): DatabaseConfig {
  if (testEngine === 'sqlite') return { engine: 'sqlite', file: ':memory:' };
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('HEARTH_TEST_ENGINE=postgres needs TEST_DATABASE_URL');
  return { engine: 'postgres', url, schema: `test_${randomBytes(6).toString('hex')}` };
}

export async function freshDatabase(): Promise<Database & { drop: () => Promise<void> }> {
  const config = freshDatabaseConfig();
  const database = await openMigratedDatabase(config);
  return {
    ...database,
    drop: async () => {
      if (config.engine === 'postgres' && config.schema) {
        await sql`drop schema if exists ${sql.id(config.schema)} cascade`.execute(database.db);
      }
      await database.close();
    },
  };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: '/nonexistent',
    database: { engine: 'sqlite', file: ':memory:' },
    publicOrigin: null,
    logLevel: 'silent',
    trustProxy: false,
    signupsPerAddressPerHour: 20,
    webRoot: null,
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close: () => Promise<void>;
}

export async function createTestApp(
  overrides: Partial<Config> = {},
  options: Omit<BuildOptions, 'database'> = {},
): Promise<TestApp> {
  const database = await freshDatabase();
  // Scheduled sweeps run only when a test asks for them.
  // Every answer is checked against its route's contract (src/shared/api/).
  const app = await buildApp(testConfig(overrides), {
    sweepIntervalMs: null,
    checkAnswers: true,
    ...options,
    database,
  });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

/** What a test file reads of its own app: the app, its database and the app's clock (ms). */
export interface FileApp {
  readonly app: FastifyInstance;
  readonly database: Database;
  clock: number;
}

/**
 * Registers the calling file's hooks: its own app and database for the whole file, on a clock
 * that starts at `start` and that the tests may set. `tick` moves the clock on at every reading;
 * `resetEachTest: false` leaves it where the previous test left it.
 */
export function setUpTestApp(start: number, { tick = 0, resetEachTest = true } = {}): FileApp {
  let testApp: TestApp | undefined;
  let clock = start;
  beforeAll(async () => {
    testApp = await createTestApp({}, { now: () => (clock += tick) });
  });
  afterAll(async () => {
    await testApp?.close();
  });
  if (resetEachTest) {
    beforeEach(() => {
      clock = start;
    });
  }
  const opened = () => {
    if (!testApp) throw new Error('the app is created in beforeAll');
    return testApp;
  };
  return {
    get app() {
      return opened().app;
    },
    get database() {
      return opened().database;
    },
    get clock() {
      return clock;
    },
    set clock(at: number) {
      clock = at;
    },
  };
}

/** Several app instances on one fresh database, as behind a load balancer (PostgreSQL). */
export async function createTestApps(
  count: number,
  overrides: Partial<Config> = {},
): Promise<{ apps: FastifyInstance[]; database: Database; close: () => Promise<void> }> {
  const database = await freshDatabase();
  const apps: FastifyInstance[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const app = await buildApp(testConfig(overrides), { sweepIntervalMs: null, database });
      apps.push(app);
      await app.ready();
    }
  } catch (error) {
    await Promise.all(apps.map((app) => app.close()));
    await database.drop();
    throw error;
  }
  return {
    apps,
    database,
    close: async () => {
      await Promise.all(apps.map((app) => app.close()));
      await database.drop();
    },
  };
}

let addressCounter = 0;

/** A browser-like client: keeps its session cookie and has an address of its own. */
export class Client {
  cookie: string | null = null;
  readonly address: string;

  constructor(
    protected readonly app: FastifyInstance,
    address?: string,
  ) {
    addressCounter += 1;
    this.address = address ?? `10.0.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
  }

  async request(options: InjectOptions): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...(options.headers as Record<string, string>) };
    if (this.cookie && !headers.cookie) headers.cookie = this.cookie;
    const response = await this.send({ ...options, headers });
    const setCookie = response.headers['set-cookie'];
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair] = line.split(';');
      // The session cookie only: its readable companion (decision 0012) is for the web app.
      if (!pair?.startsWith('hearth_session=')) continue;
      const expired = /max-age=0|expires=thu, 01 jan 1970/i.test(line);
      this.cookie = expired ? null : pair;
    }
    return response;
  }

  protected send(options: InjectOptions): Promise<LightMyRequestResponse> {
    return this.app.inject({ ...options, remoteAddress: this.address });
  }

  get(url: string, headers: Record<string, string> = {}) {
    return this.request({ method: 'GET', url, headers });
  }
  post(url: string, payload?: unknown, headers: Record<string, string> = {}) {
    return this.request({
      method: 'POST',
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }
  patch(url: string, payload?: unknown, headers: Record<string, string> = {}) {
    return this.request({
      method: 'PATCH',
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }
  delete(url: string, headers: Record<string, string> = {}) {
    return this.request({ method: 'DELETE', url, headers });
  }
}

/**
 * The same client over a real connection to the listening app (all from 127.0.0.1), for what
 * inject() skips: the server's own request handler (fast-reads.ts), timeouts, keep-alive.
 */
export class HttpClient extends Client {
  protected override async send(options: InjectOptions): Promise<LightMyRequestResponse> {
    const { port } = this.app.server.address() as AddressInfo;
    const headers = new Headers(options.headers as Record<string, string>);
    let body: string | undefined;
    if (options.payload !== undefined) {
      body = typeof options.payload === 'string' ? options.payload : JSON.stringify(options.payload);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    }
    const response = await fetch(`http://127.0.0.1:${port}${options.url}`, {
      method: options.method ?? 'GET',
      headers,
      // As inject(): a redirect is an answer to look at, not to follow.
      redirect: 'manual',
      ...(body === undefined ? {} : { body }),
    });
    const text = await response.text();
    const fields: Record<string, string | string[]> = Object.fromEntries(response.headers);
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) fields['set-cookie'] = cookies;
    // The fields the tests read of an inject() answer.
    return {
      statusCode: response.status,
      headers: fields,
      body: text,
      payload: text,
      json: () => JSON.parse(text),
    } as unknown as LightMyRequestResponse;
  }
}

let userCounter = 0;
export function uniqueEmail(prefix = 'user'): string {
  userCounter += 1;
  return `${prefix}-${userCounter}-${randomBytes(3).toString('hex')}@example.com`;
}

export const PASSWORD = 'correct horse battery';

/** Registers a new user through the API and returns the signed-in client with the user. */
export async function signUp(
  app: FastifyInstance,
  fields: Partial<Record<'email' | 'firstName' | 'lastName', string>> = {},
) {
  const client = new Client(app);
  const email = fields.email ?? uniqueEmail();
  const response = await client.post('/api/register', {
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    firstName: fields.firstName ?? 'Ada',
    lastName: fields.lastName ?? 'Lovelace',
  });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  return { client, user: response.json() as { id: string; email: string }, email };
}

export interface Member {
  client: Client;
  user: { id: string; email: string };
  email: string;
  firstName: string;
  lastName: string;
}

/** Signs up "First Last" people; the first creates the household and the others join in order. */
export async function householdOf(app: FastifyInstance, names: string[]) {
  const people: Member[] = [];
  for (const name of names) {
    const [firstName = name, lastName = 'Tester'] = name.split(' ');
    people.push({ ...(await signUp(app, { firstName, lastName })), firstName, lastName });
  }
  const [admin, ...others] = people;
  const created = await admin!.client.post('/api/households', { name: `${names[0]}'s place` });
  expect(created.statusCode, created.body).toBe(201);
  const household = created.json() as { id: string; name: string; inviteCode: string };
  for (const other of others) {
    const joined = await other.client.post('/api/households/join', { inviteCode: household.inviteCode });
    expect(joined.statusCode, joined.body).toBe(200);
  }
  return { household, admin: admin!, others, people };
}

/**
 * A multipart/form-data body built by hand, as a browser's FormData sends it: the text `fields`
 * first, then the file.
 */
export function multipart(
  field: string,
  filename: string,
  contentType: string,
  data: Buffer | string,
  fields: Record<string, string> = {},
) {
  const boundary = '----HearthReceiptBoundary7MA4YWxkTrZu0gW';
  const texts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([
      Buffer.from(texts.join('') + head),
      Buffer.from(data),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
