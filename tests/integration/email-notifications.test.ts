// Notifications by e-mail (docs/notifications.md, By e-mail), through a real SMTP server: the
// switches, what each kind says, quiet hours, the weekly summary, the one-click unsubscribe
// (RFC 8058) that works without signing in, and e-mail that could not be delivered. Both engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { accountJobs } from '#server/features/accounts/jobs.ts';
import { runPushSweep } from '#server/features/push/worker.ts';
import { wakeMailSenders } from '#server/mail/outbox.ts';
import { DEFAULT_NOTIFICATION_SETTINGS, EMAIL_NOTIFICATION_TYPES } from '#shared/push/notifications.ts';
import { Client, householdOf, type Member, type TestApp, testConfig } from './helpers.ts';
import { appWithMailbox, linkIn, MAIL_ORIGIN, type Mailbox, type Received } from './mailbox.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
// A Monday, 12:00 UTC.
const START = Date.parse('2026-06-01T12:00:00.000Z');
let clock = START;
let box: Mailbox;
let t: TestApp;

beforeAll(async () => {
  ({ box, t } = await appWithMailbox({ now: () => clock }));
});
afterAll(async () => {
  await t.close();
  await box.close();
});

const config = () => testConfig({ publicOrigin: MAIL_ORIGIN });
/** A sweep at `at`, which becomes the app's time too (its sender sends what is due by then). */
const sweep = (at = clock) => {
  clock = at;
  return runPushSweep({ db: t.database.db, config: config(), now: at });
};

async function settings(person: Member, changes: Record<string, unknown>) {
  const current = (await person.client.get('/api/notification-settings')).json();
  const response = await person.client.request({
    method: 'PUT',
    url: '/api/notification-settings',
    payload: { ...current, ...changes },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const emailOn = (...types: string[]) =>
  Object.fromEntries(EMAIL_NOTIFICATION_TYPES.map((type) => [type, types.includes(type)]));

/** An expense `by` paid, shared equally among `among`. */
async function addExpense(by: Member, among: Member[], title: string, amount: string, category: string) {
  const share = (Number(amount) / among.length).toFixed(2);
  const response = await by.client.post('/api/expenses', {
    expense: { title, amount, category, splitType: 'equal', paidBy: by.user.id, isRecurring: false },
    splits: among.map((m) => ({ userId: m.user.id, amount: share })),
  });
  expect(response.statusCode, response.body).toBe(201);
}

/** Mail is sent by the app's sender once woken; this waits until nothing is left to send. */
async function settled() {
  for (let i = 0; i < 400; i++) {
    const waiting = await t.database.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('failed_at', 'is', null)
      .where('next_attempt_at', '<=', clock)
      .execute();
    if (waiting.length === 0) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('e-mail stayed in the outbox');
}

async function createChore(by: Member, fields: Record<string, unknown>) {
  const response = await by.client.post('/api/chores', {
    title: 'Dishes',
    assignedTo: by.user.id,
    dueDate: new Date(clock + 3 * 60 * MINUTE).toISOString(),
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string };
}

/** A header exactly as it arrived ("List-Unsubscribe: <…>"), or undefined. */
function headerLine(received: Received, name: string): string | undefined {
  // A long header arrives folded over lines; unfolded, it reads as it was written.
  return received.mail.headerLines.find((h) => h.key === name.toLowerCase())?.line.replace(/\r?\n\s+/g, ' ');
}

/** The unsubscribe address of a notice e-mail, as a mail program reads it from the header. */
function oneClickAddress(received: Received): string {
  const line = headerLine(received, 'List-Unsubscribe') ?? '';
  return /^List-Unsubscribe:\s*<(https:[^>]+)>$/.exec(line)?.[1] ?? `no one-click address in: ${line}`;
}

describe('switches', () => {
  it('are all off by default: a chore reminder goes out by push only', async () => {
    const { admin: ada, others } = await householdOf(t.app, ['Ada', 'Bea']);
    const bea = others[0]!;
    expect((await bea.client.get('/api/notification-settings')).json().email).toEqual(
      DEFAULT_NOTIFICATION_SETTINGS.email,
    );
    clock = START;
    const due = clock + 60 * MINUTE;
    await createChore(ada, {
      assignedTo: bea.user.id,
      dueDate: new Date(due).toISOString(),
      reminder: '15min',
    });
    await sweep(due - 15 * MINUTE);
    await sweep(due + MINUTE);
    await settled();
    expect(box.to(bea.email)).toEqual([]);
  });
});

describe('what each kind says', () => {
  it('chores: the reminder and then the overdue notice, once each, with both parts and the unsubscribe headers', async () => {
    const { admin: ada, others, household } = await householdOf(t.app, ['Ada', 'Bea']);
    const bea = others[0]!;
    await settings(bea, { email: emailOn('chore'), timeZone: 'Europe/London' });
    clock = START;
    const due = Date.parse('2026-06-01T17:00:00.000Z');
    await createChore(ada, {
      title: 'Take the bins out',
      assignedTo: bea.user.id,
      dueDate: new Date(due).toISOString(),
      reminder: '30min',
    });
    await sweep(due - 31 * MINUTE);
    await sweep(due - 30 * MINUTE);
    await sweep(due - 20 * MINUTE);
    const reminder = await box.next(bea.email);
    expect(reminder.mail.subject).toBe('Reminder: Take the bins out');
    expect(reminder.mail.text).toContain(household.name);
    expect(reminder.mail.text).toContain('Hi Bea,');
    // 17:00 UTC is 18:00 in London in June.
    expect(reminder.mail.text).toContain(
      '“Take the bins out” is yours and due Mon 1 Jun, 18:00 (in 30 min).',
    );
    expect(linkIn(reminder, `${MAIL_ORIGIN}/chores`)).toBe(`${MAIL_ORIGIN}/chores`);
    expect(reminder.mail.html).toContain('Take the bins out');
    expect(reminder.mail.html).not.toMatch(/<img|<script|src=/i);
    expect(headerLine(reminder, 'List-Unsubscribe-Post')).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    );
    expect(oneClickAddress(reminder)).toMatch(
      new RegExp(`^${MAIL_ORIGIN}/api/email/unsubscribe\\?token=chore\\.`),
    );
    expect(linkIn(reminder, `${MAIL_ORIGIN}/unsubscribe?token=`)).toContain('token=chore.');

    await sweep(due + MINUTE);
    await sweep(due + 2 * MINUTE);
    const overdue = await box.next(bea.email);
    expect(overdue.mail.subject).toBe('Overdue: Take the bins out');
    expect(overdue.mail.text).toContain('was due Mon 1 Jun, 18:00 and is not done yet');
    await settled();
    expect(box.to(bea.email)).toHaveLength(2);
    expect(box.to(ada.email)).toEqual([]);
  });

  it('expenses: each member who owes and asked for it, never the payer', async () => {
    const { admin: ada, others } = await householdOf(t.app, ['Ada', 'Bea', 'Cy']);
    const [bea, cy] = others as [Member, Member];
    await settings(bea, { email: emailOn('expense') });
    await settings(ada, { email: emailOn('expense') });
    await addExpense(ada, [ada, bea, cy], 'Pizza night', '30.00', 'dining');
    const mail = await box.next(bea.email);
    expect(mail.mail.subject).toBe('You owe Ada T. $10.00 for Pizza night');
    expect(mail.mail.text).toContain('Ada T. paid $30.00 for “Pizza night”. Your share is $10.00.');
    expect(linkIn(mail, `${MAIL_ORIGIN}/expenses`)).toBe(`${MAIL_ORIGIN}/expenses`);
    await settled();
    expect(box.to(cy.email)).toEqual([]); // switched off
    expect(box.to(ada.email)).toEqual([]); // the payer
  });

  it('rent: the day before it is due, at 09:00 in the member’s time zone', async () => {
    const { admin: ada, others } = await householdOf(t.app, ['Ada', 'Bea']);
    const bea = others[0]!;
    expect(
      (await ada.client.patch('/api/households/current', { rentAmount: '1200.00', rentDueDay: 15 }))
        .statusCode,
    ).toBe(200);
    await settings(bea, { email: emailOn('rent'), timeZone: 'America/New_York' });
    await sweep(Date.parse('2026-06-14T09:00:00Z'));
    await settled();
    expect(box.to(bea.email)).toEqual([]);
    await sweep(Date.parse('2026-06-14T13:00:00Z')); // 09:00 in New York
    const mail = await box.next(bea.email);
    expect(mail.mail.subject).toBe('$1,200.00 rent is due tomorrow');
    expect(mail.mail.text).toContain('is due tomorrow, Monday 15 June.');
    await sweep(Date.parse('2026-06-14T14:00:00Z'));
    await settled();
    expect(box.to(bea.email)).toHaveLength(1);
  });

  it('the weekly summary: Monday from 08:00 local time, once a week, with the balance, chores and events', async () => {
    const { admin: ada, others } = await householdOf(t.app, ['Ada', 'Bea']);
    const bea = others[0]!;
    clock = Date.parse('2026-06-05T10:00:00Z'); // a Friday
    const chore = await createChore(bea, { title: 'Hoover the stairs', dueDate: '2026-06-05T18:00:00.000Z' });
    expect((await bea.client.patch(`/api/chores/${chore.id}`, { status: 'done' })).statusCode).toBe(200);
    await createChore(ada, {
      title: 'Water the plants',
      assignedTo: bea.user.id,
      dueDate: '2026-06-09T17:00:00.000Z',
    });
    await addExpense(ada, [ada, bea], 'Groceries', '40.00', 'groceries');
    const event = await ada.client.post('/api/calendar', {
      title: 'House meeting',
      startDate: '2026-06-10T18:00:00.000Z',
      endDate: '2026-06-10T19:00:00.000Z',
      timeZone: 'Europe/Berlin',
    });
    expect(event.statusCode, event.body).toBe(201);
    await settings(bea, { email: emailOn('summary'), timeZone: 'Europe/Berlin' });

    clock = Date.parse('2026-06-07T12:00:00Z'); // Sunday
    await sweep();
    clock = Date.parse('2026-06-08T05:59:00Z'); // Monday 07:59 in Berlin
    await sweep();
    await settled();
    expect(box.to(bea.email)).toEqual([]);
    clock = Date.parse('2026-06-08T06:00:00Z'); // 08:00 in Berlin
    await sweep();
    const mail = await box.next(bea.email);
    expect(mail.mail.subject).toBe(`Your week in Ada's place`);
    const text = mail.mail.text ?? '';
    expect(text).toContain('You owe $20.00 in all.');
    expect(text).toContain('you did 1 chore, the household 1 chore');
    expect(text).toContain('• Water the plants: due Tue 9 Jun, 19:00');
    expect(text).toContain('• House meeting: Wed 10 Jun, 20:00');
    expect(mail.mail.html).toContain(
      'Yours for the coming week:<br>• Water the plants: due Tue 9 Jun, 19:00',
    );
    clock = Date.parse('2026-06-08T20:00:00Z');
    await sweep();
    await settled();
    expect(box.to(bea.email)).toHaveLength(1);
    expect(box.to(ada.email)).toEqual([]);
  });
});

describe('several instances', () => {
  it('send each notification e-mail once when they sweep and send at the same moment', async () => {
    const second = await buildApp(
      testConfig({
        publicOrigin: MAIL_ORIGIN,
        mail: { smtpUrl: box.url(), from: 'Hearth <hearth@hearth.test>' },
      }),
      { sweepIntervalMs: null, database: t.database, now: () => clock },
    );
    await second.ready();
    try {
      const { admin: ada, others } = await householdOf(t.app, ['Ada', 'Bea']);
      const bea = others[0]!;
      await settings(bea, { email: emailOn('chore', 'summary'), timeZone: 'UTC' });
      clock = Date.parse('2026-06-15T07:00:00Z'); // a Monday
      const due = clock + 120 * MINUTE;
      await createChore(ada, {
        assignedTo: bea.user.id,
        dueDate: new Date(due).toISOString(),
        reminder: '1hour',
      });
      clock = Date.parse('2026-06-15T08:00:00Z');
      // Three sweeps at once claim each reminder once; both apps' senders are woken to send.
      await Promise.all(
        [1, 2, 3].map(() => runPushSweep({ db: t.database.db, config: config(), now: clock })),
      );
      const subjects = [(await box.next(bea.email)).mail.subject, (await box.next(bea.email)).mail.subject];
      expect(subjects.sort()).toEqual(['Reminder: Dishes', `Your week in Ada's place`]);
      await settled();
      expect(box.to(bea.email)).toHaveLength(2);
    } finally {
      await second.close();
      clock = START;
    }
  });
});

describe('quiet hours', () => {
  it('hold a notification e-mail until they end', async () => {
    const { admin: ada, others } = await householdOf(t.app, ['Ada', 'Bea']);
    const bea = others[0]!;
    await settings(bea, {
      email: emailOn('expense'),
      quietHours: { start: '22:00', end: '07:00' },
      timeZone: 'UTC',
    });
    clock = Date.parse('2026-06-02T23:00:00Z');
    await addExpense(ada, [ada, bea], 'Late taxi', '12.00', 'transportation');
    const held = await t.database.db
      .selectFrom('mail_outbox')
      .select('next_attempt_at')
      .where('to_address', '=', bea.email)
      .executeTakeFirstOrThrow();
    expect(Number(held.next_attempt_at)).toBe(Date.parse('2026-06-03T07:00:00Z'));
    wakeMailSenders(t.database.db);
    await settled();
    expect(box.to(bea.email)).toEqual([]);
    clock = Date.parse('2026-06-03T07:00:00Z');
    wakeMailSenders(t.database.db);
    expect((await box.next(bea.email)).mail.subject).toBe('You owe Ada T. $6.00 for Late taxi');
    clock = START;
  });
});

describe('one-click unsubscribe', () => {
  it('switches that kind off for a mail provider posting from elsewhere, without a session', async () => {
    const { admin: ada, others } = await householdOf(t.app, ['Ada', 'Bea']);
    const bea = others[0]!;
    await settings(bea, { email: emailOn('chore', 'expense') });
    clock = START;
    const due = clock + 60 * MINUTE;
    await createChore(ada, {
      assignedTo: bea.user.id,
      dueDate: new Date(due).toISOString(),
      reminder: '15min',
    });
    await sweep(due - 15 * MINUTE);
    const reminder = await box.next(bea.email);
    const address = oneClickAddress(reminder);
    const path = address.slice(MAIL_ORIGIN.length);

    // The page the footer link opens asks first (scanners open links); reading changes nothing.
    const asked = await new Client(t.app).get(path);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({
      type: 'chore',
      label: 'Chore reminders and overdue chores',
      subscribed: true,
    });

    const posted = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json()).toEqual({
      type: 'chore',
      label: 'Chore reminders and overdue chores',
      subscribed: false,
    });
    // Done twice, it is still done.
    const again = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(again.statusCode, again.body).toBe(200);
    const now = (await bea.client.get('/api/notification-settings')).json();
    expect(now.email).toEqual(emailOn('expense'));

    await sweep(due + MINUTE);
    await settled();
    expect(box.to(bea.email)).toHaveLength(1);
  });

  it('refuses a link it did not sign, changing nothing', async () => {
    const { others } = await householdOf(t.app, ['Ada', 'Bea']);
    const bea = others[0]!;
    await settings(bea, { email: emailOn('chore', 'summary') });
    const forged = [
      `summary.${bea.user.id}.${'A'.repeat(43)}`,
      `chore.${bea.user.id}`,
      `everything.${bea.user.id}.${'A'.repeat(43)}`,
      'x'.repeat(201),
      '',
    ];
    for (const token of forged) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await t.app.inject({
          method,
          url: `/api/email/unsubscribe?token=${encodeURIComponent(token)}`,
        });
        expect(response.statusCode, token).toBe(400);
        expect(response.json().message).toBe(
          'This unsubscribe link is not valid: it may have been copied only in part.',
        );
      }
    }
    expect((await bea.client.get('/api/notification-settings')).json().email).toEqual(
      emailOn('chore', 'summary'),
    );
  });
});

describe('e-mail that cannot be delivered', () => {
  it('is shown to the member in their settings, then forgotten after 30 days', async () => {
    const { admin: ada, others } = await householdOf(t.app, ['Ada', 'Bea']);
    const bea = others[0]!;
    await settings(bea, { email: emailOn('expense') });
    box.refuse = (to) => (to === bea.email ? { code: 550, message: 'No such mailbox here' } : null);
    try {
      clock = START;
      await addExpense(ada, [ada, bea], 'Bread', '4.00', 'groceries');
      await settled();
      const shown = (await bea.client.get('/api/notification-settings')).json().undeliverable;
      expect(shown).toMatchObject({ address: bea.email, failedAt: new Date(START).toISOString() });
      expect(shown.reason).toContain('No such mailbox here');
      // Nobody else sees it.
      expect((await ada.client.get('/api/notification-settings')).json().undeliverable).toBeNull();

      clock = START + 31 * DAY;
      for (const job of accountJobs)
        await job.run({ db: t.database.db, events: { publish() {} } as never, now: () => clock });
      expect((await bea.client.get('/api/notification-settings')).json().undeliverable).toBeNull();
      const left = await t.database.db
        .selectFrom('mail_outbox')
        .select('id')
        .where('to_address', '=', bea.email)
        .execute();
      expect(left).toEqual([]);
    } finally {
      box.refuse = () => null;
      clock = START;
    }
  });
});
