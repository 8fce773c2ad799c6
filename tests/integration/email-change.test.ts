// Changing the account's e-mail address: a link goes to the new address and the old one is told,
// through a real SMTP server whose messages the tests follow (docs/accounts.md, Changing the
// e-mail address). On both engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteOldEmailChanges } from '#server/features/accounts/email-queries.ts';
import { EMAIL_CHANGE_TTL_MS, emailChangeMessages, emailChangeSent } from '#shared/accounts/email-change.ts';
import { messages } from '#shared/validation.ts';
import { Client, householdOf, PASSWORD, signUp, type TestApp, uniqueEmail } from './helpers.ts';
import { appWithMailbox, linkIn, MAIL_ORIGIN, type Mailbox } from './mailbox.ts';

const ORIGIN = MAIL_ORIGIN;
const DAY = 24 * 60 * 60_000;
const CONFIRM = 'Confirm your new Hearth e-mail address';
const ASKED = 'A change of your Hearth e-mail address was asked for';
const CHANGED = 'Your Hearth e-mail address was changed';
let clock = Date.parse('2026-03-11T12:00:00.000Z');
let box: Mailbox;
let t: TestApp;

beforeAll(async () => {
  ({ box, t } = await appWithMailbox({ now: () => clock }));
});
afterAll(async () => {
  await t.close();
  await box.close();
});

function login(email: string, password = PASSWORD) {
  return new Client(t.app).post('/api/login', { email, password });
}

function ask(client: Client, email: string, password = PASSWORD) {
  return client.patch('/api/auth/email', { email, password });
}

/** Follows a link, as a browser nobody is signed in on would. */
function confirm(token: string, client = new Client(t.app)) {
  return client.post('/api/auth/email/confirm', { token });
}

/** The token of the confirmation link that reached `email`. */
async function tokenSentTo(email: string): Promise<string> {
  const mail = await box.next(email, (r) => r.mail.subject === CONFIRM);
  return new URL(linkIn(mail, `${ORIGIN}/confirm-email?token=`)).searchParams.get('token')!;
}

const emailOf = async (client: Client) => (await client.get('/api/user')).json().email as string;
const pendingFor = (userId: string) =>
  t.database.db.selectFrom('email_changes').selectAll().where('user_id', '=', userId).execute();

describe('changing the e-mail address', () => {
  it('changes nothing until the link sent to the new address is followed; both addresses are told', async () => {
    const { admin, others } = await householdOf(t.app, ['Nora Quist', 'Omar Reyes']);
    const { client, email: oldEmail, user } = admin;
    const omar = others[0]!;
    // A cached read that shows Nora's address to the rest of the household.
    const chore = await omar.client.post('/api/chores', {
      title: 'Water the plants',
      assignedTo: user.id,
      dueDate: '2030-03-01T08:00:00Z',
    });
    expect(chore.statusCode, chore.body).toBe(201);
    const assigneeEmail = async () =>
      ((await omar.client.get('/api/chores')).json() as { assignedUser: { email: string } }[])[0]!
        .assignedUser.email;

    const newEmail = uniqueEmail('new');
    const asked = await ask(client, ` ${newEmail.toUpperCase()} `);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toEqual({ message: emailChangeSent(newEmail) });

    const sent = await box.next(newEmail);
    expect(sent.mail.subject).toBe(CONFIRM);
    expect(sent.mail.text).toContain('Hi Nora,');
    const link = linkIn(sent, `${ORIGIN}/confirm-email?token=`);
    expect(sent.mail.html).toContain(link.replace(/&/g, '&#38;'));
    expect(sent.mail.html).not.toMatch(/<img|<script|src=/i);
    const token = new URL(link).searchParams.get('token')!;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const notice = await box.next(oldEmail);
    expect(notice.mail.subject).toBe(ASKED);
    expect(notice.mail.text).toContain(newEmail);
    expect(linkIn(notice, ORIGIN)).toBe(`${ORIGIN}/forgot-password`);

    // Nothing has changed yet.
    expect(await emailOf(client)).toBe(oldEmail);
    expect(await assigneeEmail()).toBe(oldEmail);
    expect((await login(oldEmail)).statusCode).toBe(200);
    expect((await login(newEmail)).statusCode).toBe(401);
    // The token is kept only as its hash.
    const [pending] = await pendingFor(user.id);
    expect(pending).toMatchObject({ new_email: newEmail, used_at: null });
    expect(JSON.stringify(pending)).not.toContain(token);

    const confirmed = await confirm(token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ id: user.id, email: newEmail, firstName: 'Nora' });
    // Confirmed in another browser: this session goes on, and every cached answer shows the new address.
    expect(await emailOf(client)).toBe(newEmail);
    expect(await assigneeEmail()).toBe(newEmail);
    expect((await login(newEmail)).statusCode).toBe(200);
    expect((await login(oldEmail)).statusCode).toBe(401);
    const told = await box.next(oldEmail);
    expect(told.mail.subject).toBe(CHANGED);
    expect(told.mail.text).toContain(`changed its e-mail address to ${newEmail}`);
    expect(box.to(newEmail)).toHaveLength(1);

    // Once only.
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(emailChangeMessages.linkUsed);
  });

  it('refuses a wrong password, the current address or a malformed one, and sends nothing', async () => {
    const { client, email, user } = await signUp(t.app);
    const newEmail = uniqueEmail('wrong');
    const wrong = await ask(client, newEmail, 'not my password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(emailChangeMessages.passwordIncorrect);
    const missing = await client.patch('/api/auth/email', { email: newEmail });
    expect(missing.json().message).toBe(emailChangeMessages.passwordRequired);
    const same = await ask(client, email.toUpperCase());
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(emailChangeMessages.sameEmail);
    const malformed = await ask(client, 'not an address');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(messages.emailInvalid);

    expect(await pendingFor(user.id)).toEqual([]);
    const queued = await t.database.db
      .selectFrom('mail_outbox')
      .select('to_address')
      .where('to_address', 'in', [email, newEmail])
      .execute();
    expect(queued).toEqual([]);
    expect([...box.to(email), ...box.to(newEmail)]).toEqual([]);
    expect(await emailOf(client)).toBe(email);
  });

  it('answers 409 for an address another account uses, when asked and when the link is followed', async () => {
    const { email: taken } = await signUp(t.app);
    const { client, email } = await signUp(t.app);
    const refused = await ask(client, taken);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(emailChangeMessages.emailTaken);

    // Free when asked, taken by a new account before the link is followed.
    const wanted = uniqueEmail('wanted');
    expect((await ask(client, wanted)).statusCode).toBe(202);
    const token = await tokenSentTo(wanted);
    await signUp(t.app, { email: wanted });
    const late = await confirm(token);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(emailChangeMessages.emailTaken);
    expect(await emailOf(client)).toBe(email);
    expect(box.to(email).filter((r) => r.mail.subject === CHANGED)).toEqual([]);
  });

  it('gives one address to one of two accounts following their links at once, and 409 to the other', async () => {
    const first = await signUp(t.app);
    const second = await signUp(t.app);
    const wanted = uniqueEmail('both');
    expect((await ask(first.client, wanted)).statusCode).toBe(202);
    const firstToken = await tokenSentTo(wanted);
    expect((await ask(second.client, wanted)).statusCode).toBe(202);
    const secondToken = await tokenSentTo(wanted);
    const answers = await Promise.all([confirm(firstToken), confirm(secondToken)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const owners = await t.database.db.selectFrom('users').select('id').where('email', '=', wanted).execute();
    expect(owners).toHaveLength(1);
  });

  it('refuses an expired, a used, a replaced or an unknown link with a message that says which', async () => {
    const { client, email, user } = await signUp(t.app);
    const first = uniqueEmail('first');
    expect((await ask(client, first)).statusCode).toBe(202);
    const firstToken = await tokenSentTo(first);

    const start = clock;
    try {
      clock = start + EMAIL_CHANGE_TTL_MS;
      const late = await confirm(firstToken);
      expect(late.statusCode).toBe(400);
      expect(late.json().message).toBe(emailChangeMessages.linkExpired);
    } finally {
      clock = start;
    }
    const unknown = await confirm('x'.repeat(43));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(emailChangeMessages.linkUnknown);
    expect((await confirm('')).json().message).toBe(emailChangeMessages.linkUnknown);

    // A newer request replaces the pending one.
    const second = uniqueEmail('second');
    expect((await ask(client, second)).statusCode).toBe(202);
    const secondToken = await tokenSentTo(second);
    const replaced = await confirm(firstToken);
    expect(replaced.statusCode).toBe(400);
    expect(replaced.json().message).toBe(emailChangeMessages.linkUsed);
    expect(await emailOf(client)).toBe(email);
    expect((await confirm(secondToken)).statusCode).toBe(200);
    expect(await emailOf(client)).toBe(second);
    expect((await pendingFor(user.id)).every((row) => row.used_at !== null)).toBe(true);
  });

  it('is cancelled by a change of password, and by a reset', async () => {
    const { client, email } = await signUp(t.app);
    const wanted = uniqueEmail('cancelled');
    expect((await ask(client, wanted)).statusCode).toBe(202);
    const token = await tokenSentTo(wanted);
    const changed = await client.patch('/api/auth/password', {
      currentPassword: PASSWORD,
      newPassword: 'another passphrase',
      confirmPassword: 'another passphrase',
    });
    expect(changed.statusCode).toBe(204);
    const refused = await confirm(token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(emailChangeMessages.linkUsed);
    expect(await emailOf(client)).toBe(email);

    const again = uniqueEmail('again');
    expect((await ask(client, again, 'another passphrase')).statusCode).toBe(202);
    const second = await tokenSentTo(again);
    expect((await new Client(t.app).post('/api/auth/password-reset', { email })).statusCode).toBe(202);
    const resetMail = await box.next(email, (r) => r.mail.subject === 'Choose a new Hearth password');
    const resetToken = new URL(linkIn(resetMail, `${ORIGIN}/reset-password?token=`)).searchParams.get(
      'token',
    );
    const reset = await new Client(t.app).post('/api/auth/password-reset/confirm', {
      token: resetToken,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(reset.statusCode, reset.body).toBe(204);
    expect((await confirm(second)).json().message).toBe(emailChangeMessages.linkUsed);
    expect((await login(email)).statusCode).toBe(200);
  });

  it('answers 401 signed out; following a link needs no session', async () => {
    const anonymous = new Client(t.app);
    expect((await ask(anonymous, uniqueEmail('nobody'))).statusCode).toBe(401);
    const unknown = await confirm('y'.repeat(43), anonymous);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(emailChangeMessages.linkUnknown);
  });

  it('allows five requests an hour per account, and limits guesses at links per address', async () => {
    const { client } = await signUp(t.app);
    for (let i = 0; i < 5; i++) {
      expect((await ask(client, uniqueEmail('limit'), 'a guess')).statusCode).toBe(400);
    }
    const limited = await ask(client, uniqueEmail('limit'));
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    const guesser = new Client(t.app, '203.0.113.9');
    for (let i = 0; i < 30; i++) expect((await confirm(`guess-${i}`, guesser)).statusCode).toBe(400);
    expect((await confirm('guess-30', guesser)).statusCode).toBe(429);
  });

  it('forgets links a day after they expired', async () => {
    const { client, user } = await signUp(t.app);
    expect((await ask(client, uniqueEmail('swept'))).statusCode).toBe(202);
    await deleteOldEmailChanges(t.database.db, clock + EMAIL_CHANGE_TTL_MS + DAY - 1);
    expect(await pendingFor(user.id)).toHaveLength(1);
    await deleteOldEmailChanges(t.database.db, clock + EMAIL_CHANGE_TTL_MS + DAY + 1);
    expect(await pendingFor(user.id)).toEqual([]);
  });
});
