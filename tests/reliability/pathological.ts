// The pathological run: a production server (dist/server/main.js) whose household is filled to
// its caps, with years of history and recurring series that start on the first accepted day, is
// driven through every write route with the worst values each accepts (dates at both ends of the
// window, maximum lengths and counts, the largest CSV and photos) while a second client keeps
// reading the heaviest answers. The server samples its own event loop (loop-probe.mjs). Used by
// tests/reliability/event-loop.test.ts and by `npm run bench`.
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { DatabaseConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/database.ts';
import { CAPS } from '#shared/caps.ts';
import { MAX_SUBTASKS } from '#shared/chores/rules.ts';
import { SPLITWISE_MAX_BYTES, SPLITWISE_MAX_ROWS } from '#shared/imports/splitwise.ts';
import { MESSAGE_MAX_LENGTH } from '#shared/messages/rules.ts';
import { maxAmount } from '#shared/money.ts';
import { MAX_PUSH_DEVICES_PER_USER } from '#shared/push/notifications.ts';
import { EARLIEST_DATE, latestDate } from '#shared/time/window.ts';
import { IMAGE_MAX_BYTES, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '#shared/validation-rules.ts';
import { root } from '../../scripts/build-inputs.mjs';
import { ServerProcess } from './server.ts';

const PROBE = path.join(root, 'tests/reliability/loop-probe.mjs');
const PASSWORD = 'correct horse battery';

/** History a household has after a few years together, seeded as copies of real rows. */
export const HISTORY = {
  expenses: 5_000,
  messages: 10_000,
  doneChores: 3_000,
  /** Weekly recurring expenses dated on the first accepted day, not yet swept. */
  overdueSeries: 50,
  /** Daily recurring events from the first accepted day, as many as the household may keep. */
  dailySeries: CAPS.recurringEventsPerHousehold.max,
};

export interface Timed {
  label: string;
  status: number;
  /** Until the whole answer had arrived. */
  ms: number;
  /** Until the first bytes of its body had arrived (the whole answer when it has none). */
  firstByteMs: number;
}

/**
 * The whole-history downloads: the household's exports, its expenses CSV and its calendar feed.
 * They stream as they are built, tens of megabytes on a household filled to every cap, so how
 * soon they answer is when their first bytes arrive (decision 0024).
 */
export const DOWNLOAD = /^GET \/api\/(export\.json|export\/me|expenses\/export\.csv|calendar\/feed\/)/;

/** How soon a request answered: its first bytes for a download, else the whole answer. */
export const answeredMs = (timed: Timed) => (DOWNLOAD.test(timed.label) ? timed.firstByteMs : timed.ms);

export interface LoopDelay {
  samples: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface PathologicalResult {
  writes: Timed[];
  reads: Timed[];
  loop: LoopDelay;
  /** `METHOD /url` of every write route the run sent something to. */
  routesDriven: Set<string>;
  seconds: number;
}

// ---- a client over real connections -----------------------------------------------------------------

class Person {
  cookie = '';
  id = '';
  email = '';
  constructor(
    readonly base: string,
    readonly log: Timed[],
    readonly driven: Set<string>,
  ) {}

  async send(
    method: string,
    url: string,
    body?: unknown,
    route?: string,
  ): Promise<{ status: number; text: string }> {
    const headers: Record<string, string> = {};
    if (this.cookie) headers.cookie = this.cookie;
    let payload: string | FormData | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    const started = performance.now();
    const response = await fetch(`${this.base}${url}`, {
      method,
      headers,
      body: payload,
      redirect: 'manual',
    });
    let firstByteMs: number | undefined;
    const chunks: Uint8Array[] = [];
    const reader = response.body?.getReader();
    for (let read = await reader?.read(); read && !read.done; read = await reader?.read()) {
      firstByteMs ??= performance.now() - started;
      chunks.push(read.value);
    }
    const text = Buffer.concat(chunks).toString('utf8');
    const ms = performance.now() - started;
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0] ?? '';
      if (pair.startsWith('hearth_session=')) this.cookie = /max-age=0/i.test(line) ? '' : pair;
    }
    this.log.push({
      label: `${method} ${url.slice(0, 120)}`,
      status: response.status,
      ms,
      firstByteMs: firstByteMs ?? ms,
    });
    if (process.env.PATHOLOGICAL_LOG)
      console.info(
        `${response.status} ${ms.toFixed(0)} ms ${method} ${url.slice(0, 80)} ${response.status >= 400 ? text.slice(0, 200) : ''}`,
      );
    if (route) this.driven.add(route);
    return { status: response.status, text };
  }

  async ok<T = Record<string, unknown>>(
    method: string,
    url: string,
    body?: unknown,
    route?: string,
  ): Promise<T> {
    const { status, text } = await this.send(method, url, body, route);
    if (status >= 300) throw new Error(`${method} ${url}: ${status} ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : null) as T;
  }

  async register(firstName: string): Promise<this> {
    this.email = `${firstName.toLowerCase()}-${randomBytes(4).toString('hex')}@pathological.test`;
    const user = await this.ok<{ id: string }>(
      'POST',
      '/api/register',
      { email: this.email, password: PASSWORD, confirmPassword: PASSWORD, firstName, lastName: 'Tester' },
      'POST /api/register',
    );
    this.id = user.id;
    return this;
  }
}

// ---- values at the edges ----------------------------------------------------------------------------

const text = (length: number) => 'Ωx🏠'.repeat(Math.ceil(length / 4)).slice(0, length);
const first = `${EARLIEST_DATE}T00:00:00Z`;
const last = () => `${latestDate()}T12:00:00Z`;

async function photo(width: number, height: number, quality = 90): Promise<Buffer> {
  // Noise does not compress: the file is as heavy as its pixel count allows.
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}

/** A picture like a phone's: smooth light with some grain, as a JPEG. */
async function picture(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  const grain = randomBytes(pixels.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = ((x * 255) / width + (grain[i]! & 15)) & 255;
      pixels[i + 1] = ((y * 255) / height + (grain[i + 1]! & 15)) & 255;
      pixels[i + 2] = (((x + y) * 127) / (width + height) + 64 + (grain[i + 2]! & 15)) & 255;
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** The heaviest JPEG under the upload limit. */
async function largestPhoto(): Promise<Buffer> {
  for (const side of [1800, 1600, 1400, 1200]) {
    const bytes = await photo(side, Math.round(side * 0.75));
    if (bytes.length < IMAGE_MAX_BYTES) return bytes;
  }
  return photo(1000, 750);
}

const form = (field: string, bytes: Buffer) => {
  const data = new FormData();
  data.append(field, new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
  return data;
};

/** A Splitwise export of the given size, every row valid, for the given people. */
export function splitwiseCsv(names: string[], rows: number): string {
  const lines = [`Date,Description,Category,Cost,Currency,${names.join(',')}`, ''];
  for (let i = 0; i < rows; i++) {
    const day = `20${String(10 + (i % 14)).padStart(2, '0')}-0${1 + (i % 9)}-1${i % 10}`;
    const shares = names.map((_, n) => (n === 0 ? (names.length - 1).toFixed(2) : '-1.00'));
    lines.push(`${day},Row ${i},General,${names.length}.00,USD,${shares.join(',')}`);
  }
  const totals = names.map((_, n) => (n === 0 ? (rows * (names.length - 1)).toFixed(2) : (-rows).toFixed(2)));
  lines.push('', `,Total balance,,,USD,${totals.join(',')}`);
  return lines.join('\n');
}

/** As many rows as the preview takes, together as large as it takes: its worst case. */
function hugeCsv(): string {
  const header = 'Date,Description,Category,Cost,Currency,A B,C D\n';
  const rows = SPLITWISE_MAX_ROWS - 10;
  const shape = (description: string) => `2024-01-01,${description},General,2.00,USD,1.00,-1.00\n`;
  const pad = Math.floor((SPLITWISE_MAX_BYTES - header.length - 100) / rows) - shape('').length;
  return `${header}${shape('x'.repeat(Math.max(1, pad))).repeat(rows)}\n,Total balance,,,USD,${rows}.00,-${rows}.00\n`;
}

// ---- seeding copies of real rows ----------------------------------------------------------------

/** The database seen as plain rows: the seeding copies rows it has just read, whatever the table. */
type Rows = Kysely<Record<string, Record<string, unknown>>>;

async function copies(
  db: Rows,
  table: string,
  template: Record<string, unknown>,
  count: number,
  vary: (row: Record<string, unknown>, i: number) => Record<string, unknown>,
): Promise<void> {
  for (let done = 0; done < count; done += 500) {
    const batch = Array.from({ length: Math.min(500, count - done) }, (_, k) =>
      vary({ ...template, id: randomUUID() }, done + k),
    );
    await db.insertInto(table).values(batch).execute();
  }
}

const booleanColumns = ['all_day', 'on_time', 'is_recurring', 'settled', 'featured', 'is_system'];
/** Rows read back as they are written: booleans (SQLite gives 0/1) and JSON text. */
function asWritten(row: Record<string, unknown>): Record<string, unknown> {
  const out = { ...row };
  for (const column of booleanColumns) if (typeof out[column] === 'number') out[column] = out[column] === 1;
  // PostgreSQL hands JSON columns back parsed; they go back in as text.
  for (const [column, value] of Object.entries(out))
    if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value))
      out[column] = JSON.stringify(value);
  return out;
}

async function one(db: Rows, table: string, id: string): Promise<Record<string, unknown>> {
  const row = await db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return asWritten(row);
}

async function seedHistory(database: DatabaseConfig, ids: Record<string, string>): Promise<void> {
  const opened = await openDatabase(database);
  const db = opened.db as unknown as Rows;
  const close = opened.close;
  try {
    const DAY = 86_400_000;
    const start = Date.parse(first);
    const expense = await one(db, 'expenses', ids.expense!);
    const splits = await db
      .selectFrom('expense_splits')
      .selectAll()
      .where('expense_id', '=', ids.expense!)
      .execute();
    for (let done = 0; done < HISTORY.expenses; done += 250) {
      const batch = Array.from({ length: Math.min(250, HISTORY.expenses - done) }, (_, k) => {
        const at = start + ((done + k) % 9_000) * DAY;
        return {
          ...expense,
          id: randomUUID(),
          date: new Date(at).toISOString().slice(0, 10),
          created_at: at,
        };
      });
      await db.insertInto('expenses').values(batch).execute();
      // Most of a long history is settled; the last tenth is still owed.
      const settled = done + 250 <= HISTORY.expenses * 0.9;
      const splitRows = batch.flatMap((e) =>
        splits.map((s) => ({
          ...asWritten(s),
          id: randomUUID(),
          expense_id: e.id,
          settled: settled || s.user_id === expense.paid_by,
          settled_at: settled ? e.created_at : null,
        })),
      );
      await db.insertInto('expense_splits').values(splitRows).execute();
    }
    const series = await one(db, 'expenses', ids.series!);
    const seriesSplits = await db
      .selectFrom('expense_splits')
      .selectAll()
      .where('expense_id', '=', ids.series!)
      .execute();
    for (let n = 0; n < HISTORY.overdueSeries; n++) {
      const id = randomUUID();
      await db
        .insertInto('expenses')
        .values({ ...series, id })
        .execute();
      await db
        .insertInto('expense_splits')
        .values(seriesSplits.map((s) => ({ ...asWritten(s), id: randomUUID(), expense_id: id })))
        .execute();
    }
    await copies(db, 'messages', await one(db, 'messages', ids.message!), HISTORY.messages, (row, i) => ({
      ...row,
      created_at: start + i * 60_000,
    }));
    await copies(db, 'chores', await one(db, 'chores', ids.doneChore!), HISTORY.doneChores, (row, i) => ({
      ...row,
      series_id: row.id,
      completed_at: start + i * DAY,
    }));
    const openChore = await one(db, 'chores', ids.openChore!);
    const openCount = await db
      .selectFrom('chores')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('household_id', '=', ids.household!)
      .where('status', '!=', 'done')
      .executeTakeFirstOrThrow();
    await copies(
      db,
      'chores',
      openChore,
      CAPS.openChoresPerHousehold.max - Number(openCount.n) - 2,
      (row, i) => ({
        ...row,
        series_id: row.id,
        due_at: start + (i % 9_000) * DAY,
      }),
    );
    const daily = await one(db, 'calendar_events', ids.dailyEvent!);
    await copies(db, 'calendar_events', daily, HISTORY.dailySeries - 1, (row) => row);
    const single = await one(db, 'calendar_events', ids.event!);
    await copies(
      db,
      'calendar_events',
      single,
      CAPS.eventsPerHousehold.max - HISTORY.dailySeries - 2,
      (row, i) => ({ ...row, start_at: start + i * DAY, end_at: start + i * DAY + 3_600_000 }),
    );
  } finally {
    await close();
  }
}

// ---- the run ------------------------------------------------------------------------------------------

/**
 * Sets up a household through a first server, seeds its history, restarts the server with the
 * probe and drives it. `env` names the database (DATA_DIR or DATABASE_URL); `database` is the
 * same database for seeding.
 */
export async function runPathological(
  env: Record<string, string>,
  database: DatabaseConfig,
): Promise<PathologicalResult> {
  const serverEnv = { ...env, SIGNUPS_PER_ADDRESS_PER_HOUR: '100000' };
  const writes: Timed[] = [];
  const reads: Timed[] = [];
  const driven = new Set<string>();

  // 1. A household of four, with one of each thing to copy, through a first server.
  let server = new ServerProcess(serverEnv);
  let base = `http://127.0.0.1:${await server.port}`;
  const setupLog: Timed[] = [];
  const [ada, ben, cleo, dan] = await Promise.all(
    ['Ada', 'Ben', 'Cleo', 'Dan'].map((name) => new Person(base, setupLog, new Set()).register(name)),
  );
  if (!ada || !ben || !cleo || !dan) throw new Error('registration failed');
  const home = await ada.ok<{ id: string; inviteCode: string }>('POST', '/api/households', {
    name: 'Edge House',
  });
  for (const person of [ben, cleo, dan])
    await person.ok('POST', '/api/households/join', { inviteCode: home.inviteCode });
  const everyone = [ada, ben, cleo, dan];
  const splitAll = (cents: number) =>
    everyone.map((p, i) => ({
      userId: p.id,
      amount: ((Math.floor(cents / 4) + (i < cents % 4 ? 1 : 0)) / 100).toFixed(2),
    }));
  const ids: Record<string, string> = { household: home.id };
  ids.expense = (
    await ada.ok<{ id: string }>('POST', '/api/expenses', {
      expense: { title: 'Groceries', amount: '40.00', paidBy: ada.id, date: '2026-01-10' },
      splits: splitAll(4000),
    })
  ).id;
  ids.series = (
    await ada.ok<{ id: string }>('POST', '/api/expenses', {
      expense: {
        title: 'Weekly cleaner',
        amount: '40.00',
        paidBy: ben.id,
        date: EARLIEST_DATE,
        isRecurring: true,
        recurringInterval: 'weekly',
      },
      splits: splitAll(4000),
    })
  ).id;
  ids.message = (await ada.ok<{ id: string }>('POST', '/api/messages', { content: text(200) })).id;
  ids.doneChore = (
    await ada.ok<{ id: string }>('POST', '/api/chores', {
      title: 'Old chore',
      assignedTo: ben.id,
      dueDate: first,
    })
  ).id;
  await ben.ok('PATCH', `/api/chores/${ids.doneChore}`, { status: 'done' });
  ids.openChore = (
    await ada.ok<{ id: string }>('POST', '/api/chores', {
      title: 'Daily chore since 2000',
      assignedTo: cleo.id,
      dueDate: first,
      recurrence: 'daily',
      rotation: 'round_robin',
      subtasks: Array.from({ length: MAX_SUBTASKS }, (_, i) => `${i} ${text(190)}`),
    })
  ).id;
  ids.dailyEvent = (
    await ada.ok<{ id: string }>('POST', '/api/calendar', {
      title: 'Daily since 2000',
      startDate: first,
      endDate: `${EARLIEST_DATE}T01:00:00Z`,
      recurrence: 'daily',
      reminder: '15min',
      attendees: everyone.map((p) => p.id),
    })
  ).id;
  ids.event = (
    await ada.ok<{ id: string }>('POST', '/api/calendar', { title: 'One-off', startDate: first })
  ).id;
  await server.stop();
  await seedHistory(database, ids);

  // 2. The same data, a new server that samples its event loop from here on.
  server = new ServerProcess(serverEnv, ['--import', PROBE]);
  base = `http://127.0.0.1:${await server.port}`;
  const people = everyone.map((p) =>
    Object.assign(new Person(base, writes, driven), { cookie: p.cookie, id: p.id, email: p.email }),
  );
  const [a, b, c, d] = people as [Person, Person, Person, Person];
  const readers = people.map((p) =>
    Object.assign(new Person(base, reads, new Set()), { cookie: p.cookie, id: p.id }),
  );
  const probe = async (): Promise<LoopDelay> => {
    const line = server.nextLine(/"loopProbe"/);
    server.child.kill('SIGUSR2');
    return (JSON.parse(await line) as { loopProbe: LoopDelay }).loopProbe;
  };
  await probe();
  const startedAt = performance.now();

  // The second client: the heaviest reads, over and over, until the writes are done.
  let writing = true;
  const window = (days: number) => {
    const from = new Date(Date.now() - 3 * 86_400_000);
    const to = new Date(from.getTime() + days * 86_400_000);
    return `from=${from.toISOString()}&to=${to.toISOString()}`;
  };
  const feed = new URL((await readers[1]!.ok<{ url: string }>('GET', '/api/calendar/feed')).url).pathname;
  // The screens' reads loop for as long as the writes go on; each whole-household download (rare
  // in real use) is taken once, beside them.
  const readLoop = (async () => {
    const urls = [
      '/api/calendar',
      `/api/calendar?${window(42)}`,
      '/api/home?tz=Pacific%2FKiritimati',
      '/api/dashboard?period=all&tz=Europe%2FBerlin',
      '/api/chores',
      '/api/chores?status=done',
      '/api/expenses',
      '/api/balances',
      '/api/payments',
      '/api/activity',
      '/api/messages',
      '/api/roommate-listings',
      '/api/households/current',
    ];
    for (let round = 0; writing || round < urls.length; round++) {
      const reader = readers[round % readers.length]!;
      await reader.send('GET', urls[round % urls.length]!);
    }
  })();
  const downloads = (async () => {
    const [reader] = readers;
    for (const url of ['/api/export.json', '/api/expenses/export.csv', '/api/export/me', feed])
      await reader!.send('GET', url);
  })();

  const expenseBody = (fields: Record<string, unknown>, cents = 100_000_000) => ({
    expense: {
      title: text(120),
      amount: (cents / 100).toFixed(2),
      paidBy: a.id,
      description: text(2000),
      notes: text(2000),
      ...fields,
    },
    splits: splitAll(cents),
  });

  try {
    // Accounts.
    const extra = await new Person(base, writes, driven).register(text(NAME_MAX_LENGTH));
    await extra.send(
      'POST',
      '/api/login',
      { email: extra.email, password: 'x'.repeat(PASSWORD_MAX_LENGTH) },
      'POST /api/login',
    );
    await extra.send('POST', '/api/login', { email: extra.email, password: PASSWORD }, 'POST /api/login');
    await extra.send('PATCH', '/api/user', { profileColor: 'teal' }, 'PATCH /api/user');

    // Passwords and sessions, on an account of their own: a reset ends every session of it.
    const pat = await new Person(base, writes, driven).register('Pat');
    const longest = 'p'.repeat(PASSWORD_MAX_LENGTH);
    // Without SMTP_URL the e-mail, link and all, goes to the server's log.
    const mailed = server.nextLine(/reset-password\?token=/);
    await pat.send('POST', '/api/auth/password-reset', { email: pat.email }, 'POST /api/auth/password-reset');
    await pat.send(
      'POST',
      '/api/auth/password-reset',
      { email: `${'e'.repeat(240)}@example.test` },
      'POST /api/auth/password-reset',
    );
    const token = /reset-password\?token=([\w-]+)/.exec(await mailed)?.[1];
    if (!token) throw new Error('no reset link in the log');
    await pat.send(
      'POST',
      '/api/auth/password-reset/confirm',
      { token: 'x'.repeat(100), password: longest, confirmPassword: longest },
      'POST /api/auth/password-reset/confirm',
    );
    await pat.ok(
      'POST',
      '/api/auth/password-reset/confirm',
      { token, password: longest, confirmPassword: longest },
      'POST /api/auth/password-reset/confirm',
    );
    await pat.ok(
      'PATCH',
      '/api/auth/password',
      { currentPassword: longest, newPassword: PASSWORD, confirmPassword: PASSWORD },
      'PATCH /api/auth/password',
    );
    const patElsewhere = Object.assign(new Person(base, writes, driven), { email: pat.email });
    for (let n = 0; n < 3; n++) {
      await patElsewhere.ok(
        'POST',
        '/api/login',
        { email: pat.email, password: PASSWORD },
        'POST /api/login',
      );
    }
    const sessions = await pat.ok<{ id: string; current: boolean }[]>('GET', '/api/auth/sessions');
    await pat.send(
      'DELETE',
      `/api/auth/sessions/${sessions.find((s) => !s.current)?.id ?? 'none'}`,
      undefined,
      'DELETE /api/auth/sessions/:id',
    );
    await pat.send(
      'DELETE',
      `/api/auth/sessions/${'s'.repeat(100)}`,
      undefined,
      'DELETE /api/auth/sessions/:id',
    );
    await pat.send(
      'POST',
      '/api/auth/sessions/revoke-others',
      undefined,
      'POST /api/auth/sessions/revoke-others',
    );
    // A change of e-mail: the longest wrong password, then the longest address, confirmed by the
    // link the log shows.
    await pat.send(
      'PATCH',
      '/api/auth/email',
      { email: `${'e'.repeat(240)}@example.test`, password: longest },
      'PATCH /api/auth/email',
    );
    const confirmMail = server.nextLine(/confirm-email\?token=/);
    const longestEmail = `${randomBytes(4).toString('hex')}${'n'.repeat(228)}@pathological.test`;
    await pat.ok(
      'PATCH',
      '/api/auth/email',
      { email: longestEmail, password: PASSWORD },
      'PATCH /api/auth/email',
    );
    const emailToken = /confirm-email\?token=([\w-]+)/.exec(await confirmMail)?.[1];
    if (!emailToken) throw new Error('no confirmation link in the log');
    await pat.send(
      'POST',
      '/api/auth/email/confirm',
      { token: 'x'.repeat(100) },
      'POST /api/auth/email/confirm',
    );
    await pat.ok('POST', '/api/auth/email/confirm', { token: emailToken }, 'POST /api/auth/email/confirm');
    await extra.send(
      'PATCH',
      '/api/auth/user',
      { firstName: text(NAME_MAX_LENGTH), lastName: text(NAME_MAX_LENGTH) },
      'PATCH /api/auth/user',
    );
    const big = await largestPhoto();
    await extra.send(
      'POST',
      '/api/user/profile-image',
      form('profileImage', big),
      'POST /api/user/profile-image',
    );
    await extra.send('DELETE', '/api/user/profile-image', undefined, 'DELETE /api/user/profile-image');
    await extra.send('POST', '/api/user/clear-kicked-flag', undefined, 'POST /api/user/clear-kicked-flag');
    await extra.send(
      'PUT',
      '/api/notification-settings',
      {
        enabled: true,
        types: { message: true, chore: true, expense: true, calendar: true, household: true },
        quietHours: { start: '23:59', end: '00:00' },
        timeZone: 'Pacific/Kiritimati',
        email: { chore: true, rent: true, expense: true, summary: true },
      },
      'PUT /api/notification-settings',
    );
    // The one-click unsubscribe is public: the longest token it reads, signed by nobody.
    await new Person(base, writes, driven).send(
      'POST',
      `/api/email/unsubscribe?token=chore.${'u'.repeat(150)}.${'s'.repeat(43)}`,
      undefined,
      'POST /api/email/unsubscribe',
    );
    for (let n = 0; n <= MAX_PUSH_DEVICES_PER_USER + 2; n++) {
      await extra.send(
        'POST',
        '/api/push/subscribe',
        {
          endpoint: `https://push.invalid/${randomBytes(400).toString('hex')}`,
          expirationTime: null,
          keys: {
            p256dh: Buffer.concat([Buffer.from([4]), randomBytes(64)]).toString('base64url'),
            auth: randomBytes(16).toString('base64url'),
          },
        },
        'POST /api/push/subscribe',
      );
    }
    await extra.send('POST', '/api/push/test', undefined, 'POST /api/push/test');
    await extra.send(
      'POST',
      '/api/push/unsubscribe',
      { endpoint: 'https://push.invalid/none' },
      'POST /api/push/unsubscribe',
    );

    // Households: a second one to join, leave, remove from and delete.
    const other = await extra.ok<{ inviteCode: string }>(
      'POST',
      '/api/households',
      { name: text(50) },
      'POST /api/households',
    );
    // An invite by e-mail to the longest address, from the household with the longest name.
    await extra.send(
      'POST',
      '/api/households/current/invites',
      { email: `${'i'.repeat(240)}@example.test` },
      'POST /api/households/current/invites',
    );
    for (let n = 0; n < 40; n++)
      await d.send(
        'POST',
        '/api/households/join',
        { inviteCode: `ZZ${String(n).padStart(6, '0')}` },
        'POST /api/households/join',
      );
    const joiner = await new Person(base, writes, driven).register('Joiner');
    await joiner.send(
      'POST',
      '/api/households/join',
      { inviteCode: other.inviteCode },
      'POST /api/households/join',
    );
    await extra.send(
      'DELETE',
      `/api/households/members/${joiner.id}`,
      undefined,
      'DELETE /api/households/members/:userId',
    );
    await joiner.send(
      'POST',
      '/api/households/join',
      { inviteCode: other.inviteCode },
      'POST /api/households/join',
    );
    await joiner.send('POST', '/api/households/leave', undefined, 'POST /api/households/leave');
    await extra.send(
      'PATCH',
      '/api/households/current',
      { name: text(50), rentAmount: (maxAmount(2) / 100).toFixed(2), rentDueDay: 31 },
      'PATCH /api/households/current',
    );
    await extra.send('DELETE', '/api/dev/delete-all-data', undefined, 'DELETE /api/dev/delete-all-data');
    await d.send(
      'PATCH',
      '/api/households/current/members/me',
      { awayFrom: EARLIEST_DATE, awayUntil: latestDate() },
      'PATCH /api/households/current/members/me',
    );

    // Chores: both ends of the window, every count at its maximum.
    const subtasks = Array.from({ length: MAX_SUBTASKS }, (_, i) => `${i} ${text(190)}`);
    for (const [dueDate, recurrence] of [
      [first, 'daily'],
      [last(), 'monthly'],
      [first, 'weekly'],
    ] as const) {
      await a.send(
        'POST',
        '/api/chores',
        {
          title: text(120),
          description: text(2000),
          notes: text(2000),
          assignedTo: d.id,
          dueDate,
          recurrence,
          rotation: 'least_done',
          priority: 'urgent',
          estimatedDuration: 240,
          reminder: '1day',
          subtasks,
          timeZone: 'Australia/Lord_Howe',
        },
        'POST /api/chores',
      );
    }
    await a.send(
      'PATCH',
      `/api/chores/${ids.openChore}`,
      { subtasks: subtasks.map((t) => ({ text: t, done: true })) },
      'PATCH /api/chores/:id',
    );
    await c.send('PATCH', `/api/chores/${ids.openChore}`, { status: 'done' }, 'PATCH /api/chores/:id');
    await a.send('PATCH', `/api/chores/${ids.openChore}`, { dueDate: last() }, 'PATCH /api/chores/:id');
    await a.send('POST', `/api/chores/${ids.openChore}/snooze`, undefined, 'POST /api/chores/:id/snooze');
    await a.send('DELETE', `/api/chores/${ids.openChore}?series=true`, undefined, 'DELETE /api/chores/:id');

    // Expenses: the largest amount, recurring from the first day to the last, every share.
    for (const fields of [
      { date: EARLIEST_DATE, isRecurring: true, recurringInterval: 'weekly', recurringEndDate: latestDate() },
      { date: latestDate(), isRecurring: true, recurringInterval: 'yearly' },
      { date: EARLIEST_DATE, splitType: 'custom' },
    ]) {
      await a.send('POST', '/api/expenses', expenseBody(fields), 'POST /api/expenses');
    }
    const created = await a.ok<{ id: string; splits: { id: string; userId: string }[] }>(
      'POST',
      '/api/expenses',
      expenseBody({}),
    );
    await a.send(
      'POST',
      `/api/expenses/${created.id}/receipt`,
      form('receipt', big),
      'POST /api/expenses/:id/receipt',
    );
    await a.send(
      'PATCH',
      `/api/expense-splits/${created.splits.find((split) => split.userId !== a.id)?.id}`,
      { settled: true },
      'PATCH /api/expense-splits/:id',
    );
    await c.send('POST', '/api/settle-up', { toUserId: a.id }, 'POST /api/settle-up');
    await b.send(
      'PATCH',
      `/api/expenses/${created.id}`,
      { expense: { title: text(120), notes: text(2000), amount: '1000000.00', date: EARLIEST_DATE } },
      'PATCH /api/expenses/:id',
    );
    await a.send('DELETE', `/api/expenses/${created.id}`, undefined, 'DELETE /api/expenses/:id');
    await b.send('POST', `/api/expenses/${created.id}/restore`, undefined, 'POST /api/expenses/:id/restore');
    // Payments: the largest amount on the first day, the longest note, a repeated device id.
    const paymentBody = {
      toUserId: a.id,
      amount: '1000000.00',
      date: EARLIEST_DATE,
      note: text(500),
      clientId: 'x'.repeat(100),
    };
    await b.send('POST', '/api/payments', paymentBody, 'POST /api/payments');
    const payment = await b.ok<{ id: string }>('POST', '/api/payments', paymentBody, 'POST /api/payments');
    await a.send('DELETE', `/api/payments/${payment.id}`, undefined, 'DELETE /api/payments/:id');
    await c.send('POST', `/api/payments/${payment.id}/restore`, undefined, 'POST /api/payments/:id/restore');

    // Calendar: daily from the first day, the widest window, a skipped occurrence far in.
    await a.send(
      'POST',
      '/api/calendar',
      {
        title: text(120),
        description: text(2000),
        notes: text(2000),
        location: text(200),
        startDate: first,
        endDate: `${EARLIEST_DATE}T23:00:00Z`,
        recurrence: 'daily',
        attendees: people.map((p) => p.id),
        timeZone: 'Australia/Lord_Howe',
      },
      'POST /api/calendar',
    );
    await a.send(
      'POST',
      '/api/calendar',
      { title: 'Far', startDate: last(), endDate: last(), recurrence: 'yearly' },
      'POST /api/calendar',
    );
    await a.send(
      'PATCH',
      `/api/calendar-events/${ids.dailyEvent}`,
      { title: text(120), recurrence: 'daily' },
      'PATCH /api/calendar-events/:id',
    );
    const today = new Date();
    const occurrence = `${today.toISOString().slice(0, 10)}T00:00:00.000Z`;
    await a.send(
      'DELETE',
      `/api/calendar-events/${ids.dailyEvent}?occurrence=${encodeURIComponent(occurrence)}`,
      undefined,
      'DELETE /api/calendar-events/:id',
    );
    await a.send('GET', `/api/calendar?${window(366)}`);
    await a.send('POST', '/api/calendar/feed/reset', undefined, 'POST /api/calendar/feed/reset');

    // Chat.
    for (let n = 0; n < 20; n++)
      await b.send('POST', '/api/messages', { content: text(MESSAGE_MAX_LENGTH) }, 'POST /api/messages');
    // A photo at the upload limit with the longest text beside it.
    const photoMessage = new FormData();
    photoMessage.append('content', text(MESSAGE_MAX_LENGTH));
    photoMessage.append('photo', new Blob([new Uint8Array(big)], { type: 'image/jpeg' }), 'photo.jpg');
    await b.send('POST', '/api/messages/photo', photoMessage, 'POST /api/messages/photo');
    for (const emoji of ['👍', '❤️', '😂', '😮', '😢', '🎉'])
      await c.send(
        'POST',
        `/api/messages/${ids.message}/reactions`,
        { emoji },
        'POST /api/messages/:id/reactions',
      );
    await d.send('POST', '/api/messages/read', { messageId: ids.message }, 'POST /api/messages/read');

    // Listings: every photo a listing may have, every text at its longest, both date ends.
    const listingPhoto = `data:image/jpeg;base64,${(await picture(1600, 1200)).toString('base64')}`;
    const listing = await b.ok<{ id: string }>(
      'POST',
      '/api/roommate-listings',
      {
        title: text(120),
        description: text(5000),
        rent: 99999,
        utilities: 9999,
        currency: 'USD',
        location: text(200),
        street: text(200),
        streetVisibility: 'everyone',
        country: 'US',
        postcode: text(20),
        city: text(100),
        region: text(100),
        availableFrom: EARLIEST_DATE,
        availableTo: latestDate(),
        images: Array(10).fill(listingPhoto),
      },
      'POST /api/roommate-listings',
    );
    await b.send(
      'PATCH',
      `/api/roommate-listings/${listing.id}`,
      { description: text(5000), availableTo: latestDate() },
      'PATCH /api/roommate-listings/:id',
    );
    await b.send(
      'DELETE',
      `/api/roommate-listings/${listing.id}`,
      undefined,
      'DELETE /api/roommate-listings/:id',
    );

    // Splitwise: the largest file the preview takes, and the largest import.
    await a.send(
      'POST',
      '/api/import/splitwise/preview',
      { csv: hugeCsv() },
      'POST /api/import/splitwise/preview',
    );
    await a.send(
      'POST',
      '/api/import/splitwise/preview',
      { csv: `${'"'.repeat(1)}${'x'.repeat(SPLITWISE_MAX_BYTES - 2)}` },
      'POST /api/import/splitwise/preview',
    );
    const names = ['Ada Tester', 'Ben Tester', 'Cleo Tester', 'Dan Tester'];
    const csv = splitwiseCsv(names, SPLITWISE_MAX_ROWS - 10);
    let accepted = await a.ok<{ id: string; state: string }>(
      'POST',
      '/api/import/splitwise',
      {
        csv,
        mapping: Object.fromEntries(names.map((name, i) => [name, people[i]!.id])),
      },
      'POST /api/import/splitwise',
    );
    // It is written after the answer: ask as the web app does, until it is, so the writing
    // happens within the run.
    while (accepted.state !== 'done') {
      await sleep(100);
      accepted = await a.ok('GET', `/api/import/splitwise/${accepted.id}`);
    }

    // Last: the end of a session and of an account.
    await extra.send('POST', '/api/logout', undefined, 'POST /api/logout');
    await joiner.send(
      'DELETE',
      '/api/auth/user',
      { email: joiner.email, password: PASSWORD },
      'DELETE /api/auth/user',
    );
  } finally {
    writing = false;
    await Promise.all([readLoop, downloads]);
  }
  const loop = await probe();
  const seconds = (performance.now() - startedAt) / 1000;
  await server.stop();
  return { writes, reads, loop, routesDriven: driven, seconds };
}
