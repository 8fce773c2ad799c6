import { createHash } from 'node:crypto';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/database.ts';
import { createChoreSchema } from '#shared/chores.ts';
import { listingsQuerySchema } from '#shared/listings.ts';
import { createTestApp, PASSWORD, signUp, type TestApp, testEngine, uniqueEmail } from './helpers.ts';
import { listRoutes, type Route } from './routes.ts';

/**
 * Property-based fuzzing of every route the app registers (issue 11). A signed-in member of
 * household A, who knows household B's ids, sends generated requests: valid-ish bodies (a
 * template per known route, with the shared schemas' field names, holding A's or B's ids), then
 * mutated; boundary, wrong-typed, unicode, NUL and lone surrogate values; huge and deeply nested
 * bodies; B's ids in path params; odd query strings. A route added later is found and fuzzed
 * with generic bodies until it gets a template.
 *
 * Properties, checked after every request:
 * - never a 5xx;
 * - a 4xx changes nothing (a digest of every table but sessions, rate limits and bus payloads);
 * - household B's rows never change (B's users, sessions, household, chores, expenses, …);
 * - at the end, the server is healthy and a normal request works.
 *
 * SQLite runs 20,000 requests in all; PostgreSQL, where each request and digest is a network
 * round trip, runs 3,000. When the fuzzer logs itself out, leaves or deletes its household or
 * account, household A is made again and that route is fuzzed less from then on. A failure
 * prints fast-check's seed: HEARTH_FUZZ_SEED=<seed> replays the same generated values.
 */

/** Requests in all; HEARTH_FUZZ_REQUESTS asks for a longer soak. */
const TOTAL = Number(process.env.HEARTH_FUZZ_REQUESTS) || (testEngine === 'postgres' ? 3_000 : 20_000);
const ADDRESS = '10.99.0.1';

// ---- the world: households A and B --------------------------------------------------------------

interface HouseholdIds {
  household: string;
  invite: string;
  users: string[];
  chore: string;
  expense: string;
  splits: string[];
  event: string;
  message: string;
  listing: string;
}

let PHOTO = '';

type Person = Awaited<ReturnType<typeof signUp>>;

const ok = (response: LightMyRequestResponse, status = 201) => {
  if (response.statusCode !== status) throw new Error(`seed: ${response.statusCode} ${response.body}`);
  return response.json() as Record<string, unknown>;
};

/** A household of two (admin and member) with a chore, an expense, an event and a message. */
async function seedHousehold(app: FastifyInstance, name: string, people?: { admin: Person; other: Person }) {
  const admin = people?.admin ?? (await signUp(app, { firstName: `${name}-admin` }));
  const other = people?.other ?? (await signUp(app, { firstName: `${name}-member` }));
  const household = ok(await admin.client.post('/api/households', { name: `${name} home` }));
  ok(await other.client.post('/api/households/join', { inviteCode: household.inviteCode }), 200);
  const users = [admin.user.id, other.user.id];
  const chore = ok(
    await admin.client.post('/api/chores', {
      title: `${name} dishes`,
      assignedTo: users[1],
      dueDate: '2030-01-01T10:00:00Z',
      subtasks: ['rinse'],
    }),
  );
  const expense = ok(
    await admin.client.post('/api/expenses', {
      expense: { title: `${name} groceries`, amount: '12.50', paidBy: users[0] },
      splits: users.map((userId) => ({ userId, amount: '6.25' })),
    }),
  );
  const event = ok(
    await admin.client.post('/api/calendar', { title: `${name} party`, startDate: '2030-01-02T18:00:00Z' }),
  );
  const message = ok(await other.client.post('/api/messages', { content: `hello from ${name}` }));
  const ids: HouseholdIds = {
    household: String(household.id),
    invite: String(household.inviteCode),
    users,
    chore: String(chore.id),
    expense: String(expense.id),
    splits: (expense.splits as Array<{ id: string }>).map((s) => String(s.id)),
    event: String(event.id),
    message: String(message.id),
    listing: '',
  };
  return { admin, other, ids };
}

async function seedListing(person: Person, name: string): Promise<string> {
  const listing = ok(
    await person.client.post('/api/roommate-listings', {
      title: `${name} room`,
      rent: 700,
      location: '1 Main St',
      city: 'Springfield',
      images: [PHOTO],
    }),
  );
  return String(listing.id);
}

// ---- database digests ---------------------------------------------------------------------------

/** Tables that legitimately change on a refused request: sliding sessions, attempt counters, the bus. */
const VOLATILE = new Set(['sessions', 'rate_limits', 'bus_payloads']);

interface Column {
  name: string;
  binary: boolean;
}

async function tableColumns(db: Db): Promise<Map<string, Column[]>> {
  const tables = new Map<string, Column[]>();
  if (testEngine === 'sqlite') {
    const { rows } = await sql<{ name: string }>`
      select name from sqlite_master
      where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'`.execute(db);
    for (const { name } of rows) {
      const info = await sql<{ name: string; type: string }>`
        select name, type from pragma_table_info(${name})`.execute(db);
      tables.set(
        name,
        info.rows.map((c) => ({ name: c.name, binary: /blob/i.test(c.type) })),
      );
    }
  } else {
    const { rows } = await sql<{ table_name: string; column_name: string; data_type: string }>`
      select table_name, column_name, data_type from information_schema.columns
      where table_schema = current_schema() and table_name not like 'kysely_%'
      order by table_name, ordinal_position`.execute(db);
    for (const row of rows) {
      const list = tables.get(row.table_name) ?? [];
      list.push({ name: row.column_name, binary: row.data_type === 'bytea' });
      tables.set(row.table_name, list);
    }
  }
  return tables;
}

const literal = (value: string) => {
  if (!/^[\w-]+$/.test(value)) throw new Error(`unexpected id ${value}`);
  return `'${value}'`;
};

/** Which rows of a table belong to household B, or null when the table holds none of B's rows. */
function householdBFilter(table: string, columns: Column[], b: HouseholdIds): string | null {
  const names = new Set(columns.map((c) => c.name));
  const users = b.users.map(literal).join(', ');
  if (table === 'households') return `id = ${literal(b.household)}`;
  if (table === 'users') return `id in (${users})`;
  if (names.has('household_id')) return `household_id = ${literal(b.household)}`;
  if (table === 'listings') return `created_by in (${users})`;
  if (table === 'listing_images')
    return `listing_id in (select id from listings where created_by in (${users}))`;
  if (names.has('user_id')) return `user_id in (${users})`;
  return null;
}

/** One statement that returns a digest of every table (minus volatile ones) and of B's rows. */
function digestQuery(tables: Map<string, Column[]>, b: HouseholdIds): string {
  const parts: string[] = [];
  for (const [table, columns] of tables) {
    const row =
      testEngine === 'sqlite'
        ? columns.map((c) => (c.binary ? `length("${c.name}")` : `quote("${c.name}")`)).join(` || '|' || `)
        : `concat_ws('|', ${columns
            .map((c) => (c.binary ? `length("${c.name}")::text` : `quote_nullable("${c.name}"::text)`))
            .join(', ')})`;
    const select = (kind: string, where: string) =>
      testEngine === 'sqlite'
        ? `select '${kind}:${table}' as k, coalesce(group_concat(r, char(10)), '') as d from (select ${row} as r from "${table}" ${where} order by r)`
        : `select '${kind}:${table}' as k, coalesce(string_agg(r, E'\\n' order by r), '') as d from (select ${row} as r from "${table}" ${where}) s`;
    if (!VOLATILE.has(table)) parts.push(select('all', ''));
    const filter = householdBFilter(table, columns, b);
    if (filter) parts.push(select('b', `where ${filter}`));
  }
  return parts.join('\nunion all\n');
}

interface Digest {
  all: string;
  b: string;
  /** Per table, for a readable failure. */
  tables: Map<string, string>;
}

/**
 * A cheap "has anything been written?": SQLite's count of rows written on this connection, or
 * PostgreSQL's WAL position (other databases on the cluster move it too, which only costs a
 * digest; a write of ours always moves it).
 */
async function writeMark(db: Db): Promise<string> {
  const { rows } =
    testEngine === 'sqlite'
      ? await sql<{ n: string }>`select cast(total_changes() as text) as n`.execute(db)
      : await sql<{ n: string }>`select pg_current_wal_insert_lsn()::text as n`.execute(db);
  return String(rows[0]?.n);
}

async function digest(db: Db, query: string): Promise<Digest> {
  const { rows } = await sql<{ k: string; d: string }>`${sql.raw(query)}`.execute(db);
  const all = createHash('sha1');
  const b = createHash('sha1');
  const tables = new Map<string, string>();
  for (const row of rows.sort((x, y) => (x.k < y.k ? -1 : 1))) {
    const hash = createHash('sha1').update(row.d).digest('hex');
    tables.set(row.k, hash);
    (row.k.startsWith('b:') ? b : all).update(`${row.k}=${hash};`);
  }
  return { all: all.digest('hex'), b: b.digest('hex'), tables };
}

function messageOf(response: LightMyRequestResponse): unknown {
  try {
    return (response.json() as { message?: unknown } | null)?.message;
  } catch {
    return undefined;
  }
}

const changedTables = (before: Digest, after: Digest) =>
  [...after.tables].filter(([k, v]) => before.tables.get(k) !== v).map(([k]) => k);

// ---- generated values ---------------------------------------------------------------------------

const LONE_SURROGATES = ['\ud800', '\udfff', 'a\ud83dz', '\udc00\ud800'];
const boundaryString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\t\n',
    '\u0000',
    'a\u0000b',
    ...LONE_SURROGATES,
    '\u202e', // right-to-left override
    '\ufeff',
    '🏠👩‍👩‍👧',
    'Zoë 李 مريم',
    "'; drop table users; --",
    '" or 1=1 --',
    '<img src=x onerror=alert(1)>',
    '../../etc/passwd',
    '%00',
    '%',
    '__proto__',
    'constructor',
    'null',
    'undefined',
    'NaN',
    '1e309',
    '-1',
    '0',
    '2030-02-30',
    '2030-01-01T25:61:00Z',
    '9999-12-31T23:59:59.999Z',
    '0000-01-01T00:00:00Z',
    'data:image/png;base64,AAAA',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'https://evil.example/x',
    'javascript:alert(1)',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.nat({ max: 6 }).map((n) => 'x'.repeat([100, 101, 120, 121, 200, 201, 2001][n] ?? 1)),
  fc.constantFrom(10_000, 70_000).map((n) => 'é'.repeat(n)),
);

const boundaryNumber = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    1,
    0.005,
    0.1,
    12.345,
    99_999_999.99,
    1e21,
    -1e21,
    Number.MAX_SAFE_INTEGER,
    Number.MAX_SAFE_INTEGER + 2,
    Number.MIN_SAFE_INTEGER,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
    2 ** 31,
    2 ** 63,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any value a hostile client can put in JSON. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: boundaryString },
  { weight: 2, arbitrary: boundaryNumber },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null, [], {}, [null], { __proto__: null }) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.array(boundaryString, { maxLength: 60 }) },
  { weight: 1, arbitrary: fc.dictionary(boundaryString, boundaryString, { maxKeys: 4 }) },
);

// ---- requests -----------------------------------------------------------------------------------

interface World {
  a: HouseholdIds;
  b: HouseholdIds;
  cookie: string;
}

const allIds = (w: World) => [
  ...Object.values(w.a).flat(),
  ...Object.values(w.b).flat(),
  'not-an-id',
  '0',
  '-1',
  '1e3',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
];

/** A body the route's schema accepts (or nearly), with ids of household A or, as often, of B. */
function validBody(route: Route, w: World, useB: boolean, pick: number): Record<string, unknown> | undefined {
  const own = useB ? w.b : w.a;
  const user = own.users[pick % own.users.length];
  const key = `${route.method} ${route.url}`;
  switch (key) {
    case 'POST /api/register':
      return {
        email: uniqueEmail('fuzz'),
        password: PASSWORD,
        confirmPassword: PASSWORD,
        firstName: 'Fuzz',
        lastName: 'Er',
      };
    case 'POST /api/login':
      return { email: 'nobody@example.com', password: PASSWORD };
    case 'POST /api/households':
      return { name: 'Another home' };
    case 'POST /api/households/join':
      return { inviteCode: own.invite };
    case 'PATCH /api/households/current':
      return { name: 'Renamed home', rentAmount: '1200.00' };
    case 'PATCH /api/households/current/members/me':
      return { awayFrom: '2030-01-01', awayUntil: '2030-01-05' };
    case 'PATCH /api/user':
      return { profileColor: 'green' };
    case 'PATCH /api/auth/user':
      return { firstName: 'Renamed', lastName: 'Member' };
    case 'POST /api/chores':
      return {
        title: 'Take out bins',
        assignedTo: user,
        dueDate: '2030-03-01T08:00:00Z',
        recurrence: 'weekly',
        subtasks: ['one', 'two'],
      };
    case 'PATCH /api/chores/:id':
      return [{ status: 'done' }, { title: 'Renamed chore' }, { subtasks: [{ text: 'x', done: true }] }][
        pick % 3
      ];
    case 'POST /api/expenses':
      return {
        expense: { title: 'Pizza', amount: '20.00', paidBy: user, splitType: 'equal' },
        splits: own.users.map((userId) => ({ userId, amount: '10.00' })),
      };
    case 'PATCH /api/expense-splits/:id':
      return { settled: true };
    case 'POST /api/settle-up':
      return { toUserId: user };
    case 'POST /api/calendar':
      return { title: 'Movie', startDate: '2030-04-01T20:00:00Z', attendees: [user], recurrence: 'weekly' };
    case 'PATCH /api/calendar-events/:id':
      return { title: 'Renamed event', location: 'Living room' };
    case 'POST /api/messages':
      return { content: 'hi', householdId: own.household, userId: user };
    case 'POST /api/messages/:id/reactions':
      return { emoji: '👍' };
    case 'POST /api/messages/read':
      return { messageId: own.message };
    case 'POST /api/roommate-listings':
      return { title: 'Room', rent: 500, location: '2 Main St', city: 'Springfield', images: [PHOTO] };
    case 'PATCH /api/roommate-listings/:id':
      return { title: 'Renamed room', status: 'inactive' };
    case 'POST /api/push/subscribe':
      return {
        endpoint: 'https://push.example/abc',
        keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
      };
    case 'POST /api/push/unsubscribe':
      return { endpoint: 'https://push.example/abc' };
    case 'PUT /api/notification-settings':
      return {
        enabled: true,
        types: { message: true, chore: false, expense: true, calendar: true, household: true },
        quietHours: { start: '22:00', end: '07:00' },
        timeZone: 'Europe/Paris',
      };
    default:
      return route.method === 'GET' || route.method === 'HEAD' ? undefined : {};
  }
}

/** The id a path param names: A's or B's row of the right kind, or anything else. */
function paramValue(route: Route, w: World, useB: boolean, pick: number): string {
  const own = useB ? w.b : w.a;
  const url = route.url;
  if (url.includes('/chores/')) return own.chore;
  if (url.includes('/expense-splits/')) return own.splits[pick % own.splits.length] ?? own.expense;
  if (url.includes('/expenses/')) return own.expense;
  if (url.includes('/calendar-events/')) return own.event;
  if (url.includes('/messages/')) return own.message;
  if (url.includes('/roommate-listings/')) return own.listing;
  if (url.includes('/members/')) return own.users[pick % own.users.length] ?? own.household;
  const ids = allIds(w);
  return ids[pick % ids.length] ?? 'x';
}

const QUERY_KEYS = [
  ...Object.keys(listingsQuerySchema.shape),
  'before',
  'limit',
  'status',
  'from',
  'to',
  'occurrence',
  'series',
  'period',
  'messageId',
];

const oddQuery = fc.oneof(
  fc.constantFrom(
    '',
    '?',
    '?&&&',
    '?a',
    '?a=1&a=2&a=3',
    '?__proto__[x]=1',
    '?constructor[prototype][x]=1',
    '?a[b][c][d]=1',
    '?limit=-1',
    '?limit=0',
    '?limit=1e309',
    '?limit=99999999999999999999',
    '?before=%ff%fe',
    '?from=2030-01-01T00:00:00Z&to=1970-01-01T00:00:00Z',
    '?from=0001-01-01T00:00:00Z&to=9999-12-31T23:59:59Z',
    '?status=done&before=not-a-date',
    '?series=maybe',
    '?period=decade',
    '?cursor=%00',
    `?q=${'%E2%80%AE'.repeat(50)}`,
    `?q=${'a'.repeat(5000)}`,
    '?%=%',
  ),
  fc
    .array(fc.tuple(fc.constantFrom(...QUERY_KEYS), fc.oneof(boundaryString, boundaryNumber.map(String))), {
      minLength: 1,
      maxLength: 4,
    })
    .map((pairs) => {
      // Lone surrogates cannot be percent-encoded; send them as raw bytes of an invalid escape.
      const encode = (s: string) => (s.isWellFormed() ? encodeURIComponent(s) : '%ED%A0%80');
      return `?${pairs.map(([k, v]) => `${k}=${encode(v)}`).join('&')}`;
    }),
);

type BodyPlan =
  | { kind: 'none' }
  | {
      kind: 'valid';
      useB: boolean;
      pick: number;
      mutation: 'none' | 'replace' | 'drop' | 'extra';
      value: unknown;
      field: number;
    }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; contentType: string; payload: string };

const rawBodies = fc.constantFrom(
  { contentType: 'application/json', payload: '' },
  { contentType: 'application/json', payload: '{' },
  { contentType: 'application/json', payload: '{"a":1,"a":2}' },
  { contentType: 'application/json', payload: '{"__proto__":{"x":1}}' },
  { contentType: 'application/json', payload: '{"constructor":{"prototype":{"x":1}}}' },
  { contentType: 'application/json', payload: '"\\ud800"' },
  { contentType: 'application/json', payload: '{"title":"\\u0000"}' },
  { contentType: 'application/json', payload: '1e999999' },
  { contentType: 'application/json; charset=utf-16', payload: '{}' },
  { contentType: 'text/plain', payload: 'hello' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'a=1&b=2' },
  {
    contentType: 'multipart/form-data; boundary=x',
    payload:
      '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nnot a png\r\n--x--\r\n',
  },
  { contentType: 'multipart/form-data', payload: '--x--' },
  { contentType: 'application/xml', payload: '<a/>' },
  { contentType: '', payload: '{}' },
  { contentType: 'application/json', payload: '\u00ff\u00fe{}' },
);

const bodyPlan: fc.Arbitrary<BodyPlan> = fc.oneof(
  { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('valid' as const),
      useB: fc.boolean(),
      pick: fc.nat(),
      mutation: fc.constantFrom(
        'none' as const,
        'replace' as const,
        'replace' as const,
        'drop' as const,
        'extra' as const,
      ),
      value: hostileValue,
      field: fc.nat(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('json' as const), value: hostileValue }) },
  { weight: 1, arbitrary: rawBodies.map((raw) => ({ kind: 'raw' as const, ...raw })) },
);

function buildBody(route: Route, w: World, plan: BodyPlan): Pick<InjectOptions, 'payload' | 'headers'> {
  if (plan.kind === 'none') return {};
  if (plan.kind === 'raw') {
    return {
      payload: plan.payload,
      headers: plan.contentType ? { 'content-type': plan.contentType } : {},
    };
  }
  if (plan.kind === 'json')
    return { payload: JSON.stringify(plan.value), headers: { 'content-type': 'application/json' } };
  const body = validBody(route, w, plan.useB, plan.pick);
  if (body === undefined) return {};
  // The fields of the template, and for chores every field of the shared schema.
  const fields = [
    ...new Set([
      ...Object.keys(body),
      ...(route.url === '/api/chores' ? Object.keys(createChoreSchema.shape) : []),
    ]),
  ];
  const field = fields[plan.field % Math.max(fields.length, 1)];
  const mutated: Record<string, unknown> = { ...body };
  if (field && plan.mutation === 'replace') mutated[field] = plan.value;
  if (field && plan.mutation === 'drop') delete mutated[field];
  if (plan.mutation === 'extra') mutated[`extra${plan.field % 3}`] = plan.value;
  return { payload: JSON.stringify(mutated), headers: { 'content-type': 'application/json' } };
}

function buildUrl(route: Route, w: World, useB: boolean, pick: number, raw: string | null, query: string) {
  const path = route.url.replace(/:(\w+)/g, (_match, name: string) => {
    if (raw !== null) return raw;
    const value = name === 'file' ? `${'a'.repeat(16)}.ics` : paramValue(route, w, useB, pick);
    return encodeURIComponent(value);
  });
  return path + query;
}

const rawParam = fc.oneof(
  { weight: 6, arbitrary: fc.constant(null) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '',
      '%',
      '%zz',
      '..',
      '..%2F..%2Fetc%2Fpasswd',
      '%C0%AE%C0%AE',
      '%ED%A0%80',
      '%F0%9F%8F%A0',
      'a'.repeat(100),
      'a'.repeat(101),
      'b'.repeat(5000),
      '1%20or%201%3D1',
      "'%3B--",
      '__proto__',
      'constructor',
    ),
  },
  {
    weight: 2,
    arbitrary: boundaryString.map((s) => (s.isWellFormed() ? encodeURIComponent(s) : '%ED%B0%80')),
  },
);

// ---- the test -----------------------------------------------------------------------------------

describe(`fuzzing every route (${testEngine})`, () => {
  let t: TestApp;
  let routes: Route[];
  let world: World;
  let tables: Map<string, Column[]>;
  let query: string;
  let bView: () => Promise<unknown>;
  let count = 0;
  /** Requests after which the digest of A's side differed: proof that the digest sees writes. */
  let changedDigests = 0;
  let last: Digest | null = null;
  let lastChanges = '';
  const rare = new Set<string>();
  const statuses = new Map<number, number>();

  let people: { admin: Person; other: Person } | undefined;

  /**
   * Household A again, after the fuzzer logged out, left, deleted it or its account: the same
   * people when they can still sign in (no new password hashes), else new ones.
   */
  async function seedA() {
    let listing = world.a?.listing ?? '';
    if (people) {
      const signedIn = await Promise.all([
        people.admin.client.get('/api/user'),
        people.other.client.get('/api/user'),
      ]);
      if (signedIn.every((r) => r.statusCode === 200)) {
        await people.admin.client.post('/api/households/leave');
        await people.other.client.post('/api/households/leave');
      } else {
        people = undefined;
      }
    }
    const a = await seedHousehold(t.app, 'A', people);
    if (!people) listing = await seedListing(a.admin, 'A');
    people = { admin: a.admin, other: a.other };
    const cookie = a.admin.client.cookie;
    if (!cookie) throw new Error('no session cookie');
    world = { ...world, a: { ...a.ids, listing }, cookie };
    last = null;
  }

  /** Is the fuzzing member still signed in and in household A? */
  async function stillMemberOfA(): Promise<boolean> {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/households/current',
      headers: { cookie: world.cookie },
      remoteAddress: ADDRESS,
    });
    if (response.statusCode !== 200) return false;
    const household = response.json() as {
      id?: string;
      members?: Array<{ id?: string; userId?: string }>;
    } | null;
    return household?.id === world.a.household;
  }

  async function send(options: InjectOptions): Promise<LightMyRequestResponse> {
    count += 1;
    const headers = { ...(options.headers as Record<string, string>), cookie: world.cookie };
    const response = await t.app.inject({ ...options, headers, remoteAddress: ADDRESS });
    statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    return response;
  }

  /** Sends one request and checks the properties against digests taken before and after. */
  async function check(route: Route, options: InjectOptions): Promise<void> {
    // Only the fuzzer writes to this database, so the digest after one request is the digest
    // before the next, and a request that wrote nothing at all needs no digest.
    const changesBefore = await writeMark(t.database.db);
    if (!last || changesBefore !== lastChanges) {
      last = await digest(t.database.db, query);
    }
    const before = last;
    const response = await send(options);
    const changesAfter = await writeMark(t.database.db);
    const wroteNothing = changesAfter === changesBefore;
    last = wroteNothing ? before : await digest(t.database.db, query);
    lastChanges = changesAfter;
    if (last.all !== before.all) changedDigests += 1;
    const label = `${options.method} ${String(options.url).slice(0, 200)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
    expect(response.statusCode, label).toBeLessThan(500);
    const after = last;
    expect(after.b === before.b, `household B changed: ${changedTables(before, after)} after ${label}`).toBe(
      true,
    );
    if (response.statusCode >= 400) {
      // A HEAD answer has no body to carry the message.
      if (options.method !== 'HEAD') expect(messageOf(response), label).toEqual(expect.any(String));
      expect(
        after.all === before.all,
        `a ${response.statusCode} changed ${changedTables(before, after)}: ${label}`,
      ).toBe(true);
    } else if (!(await stillMemberOfA())) {
      // Logout, leave, delete the household or the account: fuzzed 8 times less from now on.
      rare.add(`${route.method} ${route.url}`);
      await seedA();
    }
    // A fresh household A now and then, so lists, dashboards and exports stay small and fast.
    if (count % 1_000 === 0) await seedA();
  }

  beforeAll(async () => {
    t = await createTestApp({ signupsPerAddressPerHour: 100_000 });
    PHOTO = `data:image/png;base64,${(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366cc' } })
        .png()
        .toBuffer()
    ).toString('base64')}`;
    routes = listRoutes(t.app);
    const b = await seedHousehold(t.app, 'B');
    b.ids.listing = await seedListing(b.admin, 'B');
    world = { a: b.ids, b: b.ids, cookie: '' };
    people = undefined;
    await seedA();
    tables = await tableColumns(t.database.db);
    query = digestQuery(tables, world.b);
    // What B's members see, through the API: compared at the very end.
    bView = async () => {
      const views: unknown[] = [];
      for (const url of [
        '/api/households/current',
        '/api/chores',
        '/api/expenses',
        '/api/balances',
        '/api/calendar?from=2029-01-01T00:00:00Z&to=2031-01-01T00:00:00Z',
        '/api/messages',
        '/api/roommate-listings/my',
        '/api/user',
      ]) {
        const response = await b.admin.client.get(url);
        views.push([url, response.statusCode, response.json()]);
      }
      return views;
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds every route of the app, the ones added later included', () => {
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      'POST /api/chores',
      'PATCH /api/chores/:id',
      'DELETE /api/roommate-listings/:id',
      'GET /api/health',
    ]) {
      expect(keys).toContain(expected);
    }
    expect(routes.length).toBeGreaterThan(60);
  });

  it('survives hostile bodies on every route: huge, deeply nested, NUL, lone surrogates, over the limit', async () => {
    const bodies: Array<[string, string]> = [
      ['10,000 nested arrays', `${'['.repeat(10_000)}${']'.repeat(10_000)}`],
      ['10,000 nested arrays in a field', `{"title":${'['.repeat(10_000)}${']'.repeat(10_000)}}`],
      ['5,000 nested objects', `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`],
      ['a 1 MB string in every field', ''],
      ['just over the body limit', JSON.stringify({ title: 'x'.repeat(1024 * 1024) })],
      [
        '100,000 array items',
        JSON.stringify({
          subtasks: Array.from({ length: 100_000 }, () => 'a'),
          images: Array(100_000).fill('data:image/png;base64,'),
        }),
      ],
      ['NUL everywhere', ''],
      ['lone surrogates everywhere', ''],
    ];
    const everyField = (value: string) => (route: Route) => {
      const body = validBody(route, world, false, 0) ?? {};
      return JSON.stringify(Object.fromEntries(Object.keys(body).map((k) => [k, value])));
    };
    const fillers: Record<string, (route: Route) => string> = {
      'a 1 MB string in every field': (route) => {
        const body = validBody(route, world, false, 0) ?? { title: '' };
        const keys = Object.keys(body);
        const each = Math.floor((1024 * 1024 - 200) / Math.max(keys.length, 1) / 2);
        return JSON.stringify(Object.fromEntries(keys.map((k) => [k, 'é'.repeat(each)])));
      },
      'NUL everywhere': everyField('a\u0000b'),
      'lone surrogates everywhere': everyField('x\ud800y'),
    };
    for (const route of routes) {
      for (const [label, fixed] of bodies) {
        const payload = fillers[label]?.(route) ?? fixed;
        await check(route, {
          method: route.method as InjectOptions['method'],
          url: buildUrl(route, world, true, 0, null, ''),
          payload,
          headers: { 'content-type': 'application/json' },
        });
      }
    }
  }, 120_000);

  it('never answers 5xx, never changes anything on a 4xx, never touches household B', async () => {
    const before = await bView();
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: routes.length - 1 }),
        fc.boolean(),
        fc.nat(),
        rawParam,
        fc.oneof({ weight: 3, arbitrary: fc.constant('') }, { weight: 1, arbitrary: oddQuery }),
        bodyPlan,
        async (index, useB, pick, raw, queryString, plan) => {
          let route = routes[index]!;
          if (rare.has(`${route.method} ${route.url}`) && pick % 8 !== 0) {
            route = routes[(index + (pick % routes.length)) % routes.length] ?? route;
            if (rare.has(`${route.method} ${route.url}`))
              route = routes.find((r) => r.url === '/api/chores') ?? route;
          }
          const { payload, headers } = buildBody(route, world, plan);
          await check(route, {
            method: route.method as InjectOptions['method'],
            url: buildUrl(route, world, useB, pick, raw, queryString),
            ...(payload === undefined ? {} : { payload }),
            headers: { ...(headers as Record<string, string>) },
          });
        },
      ),
      {
        numRuns: Math.max(TOTAL - count, 1_000),
        endOnFailure: true,
        ...(process.env.HEARTH_FUZZ_SEED ? { seed: Number(process.env.HEARTH_FUZZ_SEED) } : {}),
      },
    );
    expect(await bView()).toEqual(before);
  }, 300_000);

  it('is still healthy afterwards, and a normal request works', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const { client } = await signUp(t.app);
    expect((await client.post('/api/households', { name: 'After the storm' })).statusCode).toBe(201);
    expect((await client.get('/api/chores')).statusCode).toBe(200);
    expect(count).toBeGreaterThanOrEqual(TOTAL);
    // Most answers should be refusals, but the valid-ish bodies must get through often enough.
    const ok = [...statuses].filter(([s]) => s < 300).reduce((n, [, c]) => n + c, 0);
    expect(ok).toBeGreaterThan(count / 50);
    // The digests watched real data: writes showed in them, and B's side covers B's rows.
    expect(changedDigests).toBeGreaterThan(count / 100);
    const final = await digest(t.database.db, query);
    const empty = createHash('sha1').update('').digest('hex');
    for (const table of ['users', 'households', 'chores', 'expenses', 'messages', 'listings']) {
      expect(final.tables.get(`b:${table}`), table).toBeDefined();
      expect(final.tables.get(`b:${table}`), table).not.toBe(empty);
    }
  });
});
