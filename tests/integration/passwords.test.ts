// Forgot password, reset by an e-mailed link, and change password, through a real SMTP server
// (docs/accounts.md, Passwords). On both engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { passwordMessages } from '#shared/accounts/passwords.ts';
import { Client, PASSWORD, signUp, type TestApp, testConfig } from './helpers.ts';
import { appWithMailbox, linkIn, MAIL_ORIGIN, type Mailbox } from './mailbox.ts';

const ORIGIN = MAIL_ORIGIN;
const HOUR = 60 * 60_000;
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

const NEW_PASSWORD = 'a brand new passphrase';

function login(email: string, password: string) {
  return new Client(t.app).post('/api/login', { email, password });
}

/** Asks for a link from a fresh address and follows it to the token. */
async function resetToken(email: string): Promise<string> {
  const asked = await new Client(t.app).post('/api/auth/password-reset', { email });
  expect(asked.statusCode, asked.body).toBe(202);
  const mail = await box.next(email, (r) => r.mail.subject === 'Choose a new Hearth password');
  return new URL(linkIn(mail, `${ORIGIN}/reset-password?token=`)).searchParams.get('token')!;
}

describe('forgot password', () => {
  it('e-mails a one-time link; following it sets the password, ends every session and signs this browser in', async () => {
    const { client: oldSession, email, user } = await signUp(t.app, { firstName: 'Rita' });
    const asked = await new Client(t.app).post('/api/auth/password-reset', { email: email.toUpperCase() });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ message: passwordMessages.resetSent });

    const arrived = await box.next(email);
    expect(arrived.user).toBe('hearth');
    expect(arrived.mail.from?.value).toEqual([{ name: 'Hearth', address: 'hearth@hearth.test' }]);
    expect(arrived.mail.subject).toBe('Choose a new Hearth password');
    expect(arrived.mail.text).toContain('Hi Rita,');
    // A plain-text part and an HTML part with the same link, and nothing fetched from elsewhere.
    const link = linkIn(arrived, `${ORIGIN}/reset-password?token=`);
    expect(arrived.mail.html).toContain(link.replace(/&/g, '&#38;'));
    expect(arrived.mail.html).not.toMatch(/<img|<script|src=/i);
    const token = new URL(link).searchParams.get('token')!;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);

    const browser = new Client(t.app);
    const confirmed = await browser.post('/api/auth/password-reset/confirm', {
      token,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(204);
    expect((await browser.get('/api/user')).json().id).toBe(user.id);
    expect((await oldSession.get('/api/user')).statusCode).toBe(401);
    expect((await login(email, PASSWORD)).statusCode).toBe(401);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
    const told = await box.next(email);
    expect(told.mail.subject).toBe('Your Hearth password was changed');
    expect(linkIn(told, ORIGIN)).toBe(`${ORIGIN}/forgot-password`);

    // Once only.
    const again = await new Client(t.app).post('/api/auth/password-reset/confirm', {
      token,
      password: 'yet another one',
      confirmPassword: 'yet another one',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(passwordMessages.resetLinkUsed);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('answers an unknown address exactly as a known one, and sends it nothing', async () => {
    // Four accounts, as an address gets at most ten links an hour.
    const known = await Promise.all(Array.from({ length: 4 }, () => signUp(t.app).then((p) => p.email)));
    const unknown = `nobody-${Date.now()}@hearth.test`;
    const times: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
    const bodies = new Set<string>();
    const pending = () => t.database.db.selectFrom('mail_outbox').select('id').execute();
    const ask = async (kind: 'known' | 'unknown', address: string) => {
      const started = performance.now();
      const answer = await new Client(t.app).post('/api/auth/password-reset', { email: address });
      times[kind].push(performance.now() - started);
      expect(answer.statusCode).toBe(202);
      bodies.add(answer.body);
      // What a known address starts after its answer is over before the next request is timed.
      if (kind === 'known') {
        await box.next(address);
        await expect.poll(pending).toEqual([]);
      }
    };
    for (let round = 0; round < 40; round++) {
      const email = known[round % known.length]!;
      // Each goes first in half the rounds.
      if (round % 2) {
        await ask('known', email);
        await ask('unknown', unknown);
      } else {
        await ask('unknown', unknown);
        await ask('known', email);
      }
    }
    expect(bodies.size).toBe(1);
    // The lower quartile: what the answer costs, less the moments other tests took the machine;
    // half a millisecond on top is the clock's and the test process's own noise.
    const quartile = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 4)]!;
    const [a, b] = [quartile(times.known), quartile(times.unknown)];
    expect(Math.abs(a - b), `lower quartiles ${a} / ${b} ms`).toBeLessThanOrEqual(0.2 * Math.max(a, b) + 0.5);
    expect(box.to(unknown)).toEqual([]);
  });

  it('refuses an expired, a used or an unknown link with a message that says which', async () => {
    const { email } = await signUp(t.app);
    const expired = await resetToken(email);
    const fresh = await resetToken(email);
    const confirm = (token: string) =>
      new Client(t.app).post('/api/auth/password-reset/confirm', {
        token,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
    const start = clock;
    try {
      clock = start + HOUR + 1;
      const late = await confirm(expired);
      expect(late.statusCode).toBe(400);
      expect(late.json().message).toBe(passwordMessages.resetLinkExpired);
    } finally {
      clock = start;
    }
    const unknown = await confirm('x'.repeat(43));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(passwordMessages.resetLinkUnknown);
    // Setting the password with one link spends every other link of the account.
    expect((await confirm(fresh)).statusCode).toBe(204);
    const spent = await confirm(expired);
    expect(spent.json().message).toBe(passwordMessages.resetLinkUsed);
    const mismatch = await new Client(t.app).post('/api/auth/password-reset/confirm', {
      token: fresh,
      password: NEW_PASSWORD,
      confirmPassword: 'something else',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe("Passwords don't match");
  });

  it('limits asking per address and per (e-mail, address) without keeping the owner from a link', async () => {
    const { email } = await signUp(t.app);
    const attacker = new Client(t.app, '203.0.113.7');
    for (let i = 0; i < 5; i++) {
      expect((await attacker.post('/api/auth/password-reset', { email })).statusCode).toBe(202);
    }
    const limited = await attacker.post('/api/auth/password-reset', { email });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) await box.next(email);
    // The owner, elsewhere, still gets a link that works.
    const token = await resetToken(email);
    const confirmed = await new Client(t.app).post('/api/auth/password-reset/confirm', {
      token,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(confirmed.statusCode).toBe(204);
  });
});

describe('change password', () => {
  it('needs the current password, ends the other sessions but not this one, and tells the owner', async () => {
    const { client, email } = await signUp(t.app, { firstName: 'Cam' });
    const otherDevice = new Client(t.app);
    expect((await otherDevice.post('/api/login', { email, password: PASSWORD })).statusCode).toBe(200);

    const wrong = await client.patch('/api/auth/password', {
      currentPassword: 'not my password',
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(passwordMessages.currentPasswordIncorrect);
    const same = await client.patch('/api/auth/password', {
      currentPassword: PASSWORD,
      newPassword: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(passwordMessages.samePassword);
    expect((await otherDevice.get('/api/user')).statusCode).toBe(200);
    expect((await login(email, PASSWORD)).statusCode).toBe(200);

    const changed = await client.patch('/api/auth/password', {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(changed.statusCode, changed.body).toBe(204);
    expect((await client.get('/api/user')).statusCode).toBe(200);
    expect((await otherDevice.get('/api/user')).statusCode).toBe(401);
    expect((await login(email, PASSWORD)).statusCode).toBe(401);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
    const told = await box.next(email);
    expect(told.mail.subject).toBe('Your Hearth password was changed');
    expect(told.mail.text).toContain('Hi Cam,');
  });

  it('answers 401 signed out, and 429 after ten wrong current passwords in an hour', async () => {
    expect(
      (
        await new Client(t.app).patch('/api/auth/password', {
          currentPassword: PASSWORD,
          newPassword: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
        })
      ).statusCode,
    ).toBe(401);
    const { client } = await signUp(t.app);
    const guess = () =>
      client.patch('/api/auth/password', {
        currentPassword: 'a guess',
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
    for (let i = 0; i < 10; i++) expect((await guess()).statusCode).toBe(400);
    expect((await guess()).statusCode).toBe(429);
  });
});

describe('e-mail delivery', () => {
  it('tries again later after a temporary refusal, and records a permanent one without the text', async () => {
    const { email: later } = await signUp(t.app);
    const { email: never } = await signUp(t.app);
    let refusedOnce = false;
    box.refuse = (to) => {
      if (to === never) return { code: 550, message: 'No such mailbox' };
      if (to === later && !refusedOnce) {
        refusedOnce = true;
        return { code: 451, message: 'Try again later' };
      }
      return null;
    };
    try {
      expect((await new Client(t.app).post('/api/auth/password-reset', { email: later })).statusCode).toBe(
        202,
      );
      expect((await new Client(t.app).post('/api/auth/password-reset', { email: never })).statusCode).toBe(
        202,
      );
      const db = t.database.db;
      const rowOf = (address: string) =>
        db.selectFrom('mail_outbox').selectAll().where('to_address', '=', address).executeTakeFirst();
      await expect.poll(async () => (await rowOf(never))?.failed_at ?? null).not.toBeNull();
      const failed = (await rowOf(never))!;
      expect(failed).toMatchObject({ text_body: null, html_body: null, attempts: 1 });
      expect(failed.error).toMatch(/No such mailbox/);
      await expect.poll(async () => (await rowOf(later))?.attempts ?? 0).toBe(1);
      expect((await rowOf(later))!.failed_at).toBeNull();
      // A minute on, the next pass (woken here by another e-mail) sends it.
      clock += 61_000;
      await signUp(t.app).then(({ email }) => new Client(t.app).post('/api/auth/password-reset', { email }));
      const arrived = await box.next(later);
      expect(arrived.mail.subject).toBe('Choose a new Hearth password');
      // Once sent, the row and the link in it are gone.
      await expect.poll(() => rowOf(later)).toBeUndefined();
    } finally {
      box.refuse = () => null;
    }
  });

  it('sends each e-mail once with two instances sending', async () => {
    const second = await buildApp(
      testConfig({ publicOrigin: ORIGIN, mail: { smtpUrl: box.url(), from: 'Hearth <hearth@hearth.test>' } }),
      { sweepIntervalMs: 60_000, database: t.database, now: () => clock },
    );
    await second.ready();
    try {
      const people = await Promise.all(Array.from({ length: 6 }, () => signUp(t.app)));
      // Asked on both instances, each waking its own sender, with the other's sweep running too.
      await Promise.all(
        people.map(({ email }, i) =>
          new Client(i % 2 ? second : t.app).post('/api/auth/password-reset', { email }),
        ),
      );
      for (const { email } of people) await box.next(email);
      const third = await signUp(t.app);
      await new Client(second).post('/api/auth/password-reset', { email: third.email });
      await box.next(third.email);
      for (const { email } of people) expect(box.to(email)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});
