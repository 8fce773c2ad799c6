// E-mails and pushes in the recipient's language (docs/i18n.md, On the server): a member who chose
// German gets German words, amounts and dates in both, through a real SMTP server and a real push
// endpoint; a member with no setting in the same household still gets English.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPushSweep } from '#server/features/push/worker.ts';
import { EMAIL_NOTIFICATION_TYPES, type PushPayload } from '#shared/push/notifications.ts';
import { Client, signUp, type TestApp, testConfig } from './helpers.ts';
import { appWithMailbox, MAIL_ORIGIN, type Mailbox } from './mailbox.ts';
import { type Device, decryptPush, type PushEndpoint, startPushEndpoint } from './push-endpoint.ts';

const MINUTE = 60_000;
// A Monday, 12:00 UTC.
const START = Date.parse('2026-06-01T12:00:00.000Z');
let clock = START;
let box: Mailbox;
let t: TestApp;
let endpoint: PushEndpoint;

beforeAll(async () => {
  endpoint = await startPushEndpoint();
  ({ box, t } = await appWithMailbox({ now: () => clock }));
});
afterAll(async () => {
  await t?.close();
  await box?.close();
  await endpoint?.close();
});

const sweep = (at = clock) => {
  clock = at;
  return runPushSweep({
    db: t.database.db,
    config: testConfig({ publicOrigin: MAIL_ORIGIN }),
    now: at,
    agent: endpoint.agent,
  });
};

type Person = Awaited<ReturnType<typeof signUp>> & { device: Device };

async function person(firstName: string, language: string | null): Promise<Person> {
  const signed = await signUp(t.app, { firstName, lastName: 'Tester' });
  if (language) {
    const response = await signed.client.patch('/api/user', { language });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().language).toBe(language);
  }
  const device = endpoint.device(firstName);
  const subscribed = await signed.client.post('/api/push/subscribe', device.subscription);
  expect(subscribed.statusCode, subscribed.body).toBe(201);
  await settings(signed.client, {
    email: Object.fromEntries(EMAIL_NOTIFICATION_TYPES.map((type) => [type, true])),
    timeZone: 'Europe/Berlin',
  });
  return { ...signed, device };
}

async function settings(client: Client, changes: Record<string, unknown>) {
  const current = (await client.get('/api/notification-settings')).json();
  const response = await client.request({
    method: 'PUT',
    url: '/api/notification-settings',
    payload: { ...current, ...changes },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The pushes of one type delivered to a device so far, decrypted. */
function delivered(device: Device, type: PushPayload['type']): PushPayload[] {
  const path = new URL(device.endpoint).pathname;
  return endpoint.received
    .filter((r) => r.path === path && r.status === 201)
    .map((r) => JSON.parse(decryptPush(device, r.body)) as PushPayload)
    .filter((p) => p.type === type);
}

/** Amounts as Intl writes them in German: a no-break space before the euro sign. */
const euros = (text: string) => `${text}\u00a0€`;

describe('a member who chose German', () => {
  it('gets German e-mails and pushes, with German amounts and dates; an English member in the same household does not', async () => {
    const ada = await person('Ada', null);
    const bea = await person('Bea', 'de');
    const cy = await person('Cy', null);
    const home = (await ada.client.post('/api/households', { name: 'Eichenhaus', currency: 'EUR' })).json();
    for (const member of [bea, cy]) {
      const joined = await member.client.post('/api/households/join', { inviteCode: home.inviteCode });
      expect(joined.statusCode, joined.body).toBe(200);
    }

    // An expense: the e-mail and the push of who owes what.
    const added = await ada.client.post('/api/expenses', {
      expense: {
        title: 'Pizza',
        amount: '3703.50',
        category: 'dining',
        splitType: 'equal',
        paidBy: ada.user.id,
        isRecurring: false,
      },
      splits: [ada, bea, cy].map((m) => ({ userId: m.user.id, amount: '1234.50' })),
    });
    expect(added.statusCode, added.body).toBe(201);
    const mail = await box.next(bea.email);
    expect(mail.mail.subject).toBe(`Du schuldest Ada T. ${euros('1.234,50')} für Pizza`);
    expect(mail.mail.text).toContain('Hallo Bea,');
    expect(mail.mail.text).toContain(
      `Ada T. hat ${euros('3.703,50')} für „Pizza“ bezahlt. Dein Anteil ist ${euros('1.234,50')}.`,
    );
    expect(mail.mail.text).toContain(`Ausgaben öffnen: ${MAIL_ORIGIN}/expenses`);
    expect(mail.mail.text).toContain(
      'Du bekommst diese E-Mail, weil „Ausgaben, bei denen du etwas schuldest“ per E-Mail in deinen Hearth-Benachrichtigungseinstellungen eingeschaltet ist.',
    );
    expect(mail.mail.text).toContain(`Diese E-Mails abbestellen: ${MAIL_ORIGIN}/unsubscribe?token=`);
    expect(mail.mail.html).toContain('Ausgaben öffnen');
    const english = await box.next(cy.email);
    expect(english.mail.subject).toBe('You owe Ada T. €1,234.50 for Pizza');

    await sweep(clock);
    const [push] = delivered(bea.device, 'expense');
    expect(push).toMatchObject({
      title: `Du schuldest Ada T. ${euros('1.234,50')}`,
      body: `Pizza · ${euros('3.703,50')} insgesamt`,
      actions: [{ action: 'settle', title: 'Ausgleichen' }],
    });
    expect(delivered(cy.device, 'expense')[0]).toMatchObject({
      title: 'You owe Ada T. €1,234.50',
      body: 'Pizza · €3,703.50 in all',
      actions: [{ action: 'settle', title: 'Settle' }],
    });

    // A chore reminder: the time in Berlin, written the German way.
    const due = Date.parse('2026-06-01T17:00:00.000Z');
    const chore = await ada.client.post('/api/chores', {
      title: 'Müll rausbringen',
      assignedTo: bea.user.id,
      dueDate: new Date(due).toISOString(),
      reminder: '30min',
    });
    expect(chore.statusCode, chore.body).toBe(201);
    await sweep(due - 30 * MINUTE);
    const reminder = await box.next(bea.email, (r) => r.mail.subject?.startsWith('Erinnerung') ?? false);
    expect(reminder.mail.subject).toBe('Erinnerung: Müll rausbringen');
    expect(reminder.mail.text).toContain(
      '„Müll rausbringen“ ist deine Aufgabe und fällig am Mo., 1. Juni, 19:00 (in 30 Min.).',
    );
    expect(delivered(bea.device, 'chore').at(-1)).toMatchObject({
      title: 'Erinnerung an Aufgabe',
      body: 'Fällig in 30 Min.: Müll rausbringen',
      actions: [
        { action: 'done', title: 'Erledigt' },
        { action: 'snooze', title: '1 Std. später' },
      ],
    });

    // Rent: the day before, the amount and the day in German.
    const rent = await ada.client.patch('/api/households/current', { rentAmount: '1200.00', rentDueDay: 15 });
    expect(rent.statusCode, rent.body).toBe(200);
    await sweep(Date.parse('2026-06-14T07:00:00Z')); // 09:00 in Berlin
    const rentMail = await box.next(bea.email, (r) => r.mail.subject?.includes('Miete') ?? false);
    expect(rentMail.mail.subject).toBe(`Morgen ist die Miete von ${euros('1.200,00')} fällig`);
    expect(rentMail.mail.text).toContain(
      `Die Miete von ${euros('1.200,00')} für Eichenhaus ist morgen fällig, am Montag, 15. Juni.`,
    );
    expect(delivered(bea.device, 'expense').at(-1)).toMatchObject({
      title: 'Miete morgen fällig',
      body: `Eichenhaus: Morgen ist die Miete von ${euros('1.200,00')} fällig`,
    });
    const rentEnglish = await box.next(cy.email, (r) => r.mail.subject?.includes('rent') ?? false);
    expect(rentEnglish.mail.subject).toBe('€1,200.00 rent is due tomorrow');
    expect(rentEnglish.mail.text).toContain('is due tomorrow, Monday 15 June.');

    // An invite goes out in the inviter's language; a reset link in the account's.
    const invited = await bea.client.post('/api/households/current/invites', { email: 'freund@example.com' });
    expect(invited.statusCode, invited.body).toBe(202);
    const invite = await box.next('freund@example.com');
    expect(invite.mail.subject).toBe('Bea T. hat dich zu Eichenhaus auf Hearth eingeladen');
    expect(invite.mail.text).toContain(`Eichenhaus beitreten: ${MAIL_ORIGIN}/join/`);
    const asked = await new Client(t.app).post('/api/auth/password-reset', { email: bea.email });
    expect(asked.statusCode, asked.body).toBe(202);
    const reset = await box.next(bea.email, (r) => r.mail.subject?.includes('Passwort') ?? false);
    expect(reset.mail.subject).toBe('Wähle ein neues Hearth-Passwort');
    expect(reset.mail.text).toContain('Hallo Bea,');
  });
});
