// What fuzz.test.ts fuzzes with: the ids of the two households, digests of the database that show
// whether a request wrote anything (and to household B), and the generated values, bodies, paths
// and query strings it sends.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import sharp from 'sharp';
import type { Db } from '#server/db/database.ts';
import { createChoreSchema } from '#shared/chores/schemas.ts';
import { listingsQuerySchema } from '#shared/listings/schemas.ts';
import { PASSWORD, testEngine, uniqueEmail } from './helpers.ts';
import type { Route } from './routes.ts';

/** The ids of a seeded household: A's, which the fuzzer uses, and B's, which it must never change. */
export interface HouseholdIds {
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

/** A small PNG as a data URL, for the listings of the seed and of the bodies of new listings. */
export const PHOTO = `data:image/png;base64,${(
  await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer()
).toString('base64')}`;

// ---- database digests ---------------------------------------------------------------------------

/** Tables that legitimately change on a refused request: sliding sessions, attempt counters, the bus. */
const VOLATILE = new Set(['sessions', 'rate_limits', 'bus_payloads']);

export interface Column {
  name: string;
  binary: boolean;
}

export async function tableColumns(db: Db): Promise<Map<string, Column[]>> {
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
export function digestQuery(tables: Map<string, Column[]>, b: HouseholdIds): string {
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

export interface Digest {
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
export async function writeMark(db: Db): Promise<string> {
  const { rows } =
    testEngine === 'sqlite'
      ? await sql<{ n: string }>`select cast(total_changes() as text) as n`.execute(db)
      : await sql<{ n: string }>`select pg_current_wal_insert_lsn()::text as n`.execute(db);
  return String(rows[0]?.n);
}

export async function digest(db: Db, query: string): Promise<Digest> {
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

export function messageOf(response: LightMyRequestResponse): unknown {
  try {
    return (response.json() as { message?: unknown } | null)?.message;
  } catch {
    return undefined;
  }
}

export const changedTables = (before: Digest, after: Digest) =>
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

export interface World {
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
export function validBody(
  route: Route,
  w: World,
  useB: boolean,
  pick: number,
): Record<string, unknown> | undefined {
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
      return {
        title: 'Room',
        rent: 500,
        location: '2 Main St',
        city: 'Springfield',
        country: 'US',
        postcode: '62701',
        images: [PHOTO],
      };
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
  ...Object.keys(listingsQuerySchema.in.shape),
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

export const oddQuery = fc.oneof(
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

export const bodyPlan: fc.Arbitrary<BodyPlan> = fc.oneof(
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

export function buildBody(
  route: Route,
  w: World,
  plan: BodyPlan,
): Pick<InjectOptions, 'payload' | 'headers'> {
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

export function buildUrl(
  route: Route,
  w: World,
  useB: boolean,
  pick: number,
  raw: string | null,
  query: string,
) {
  const path = route.url.replace(/:(\w+)/g, (_match, name: string) => {
    if (raw !== null) return raw;
    const value = name === 'file' ? `${'a'.repeat(16)}.ics` : paramValue(route, w, useB, pick);
    return encodeURIComponent(value);
  });
  return path + query;
}

export const rawParam = fc.oneof(
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
