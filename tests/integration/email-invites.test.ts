// Invites by e-mail, through a real SMTP server: the link that arrives names the household and
// the inviter, and leads to joining (docs/households.md, Invites by e-mail).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailInviteMessages } from '#shared/households/email-invites.ts';
import { Client, signUp, type TestApp, uniqueEmail } from './helpers.ts';
import { appWithMailbox, linkIn, MAIL_ORIGIN, type Mailbox } from './mailbox.ts';

const ORIGIN = MAIL_ORIGIN;
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

async function home(firstName: string) {
  const admin = await signUp(t.app, { firstName, lastName: 'Lovelace' });
  const created = await admin.client.post('/api/households', { name: `${firstName}'s Flat` });
  expect(created.statusCode).toBe(201);
  return { ...admin, household: created.json() as { id: string; inviteCode: string; name: string } };
}

describe('invites by e-mail', () => {
  it('e-mails a link naming the household and the inviter; it shows them signed out and leads to joining', async () => {
    const { client, household } = await home('Ada');
    const friend = uniqueEmail('friend');
    const sent = await client.post('/api/households/current/invites', {
      email: `  ${friend.toUpperCase()} `,
    });
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json()).toEqual({ message: emailInviteMessages.sent });

    const mail = await box.next(friend);
    expect(mail.mail.subject).toBe("Ada L. invited you to Ada's Flat on Hearth");
    expect(mail.mail.text).toContain("Ada L. invited you to join Ada's Flat on Hearth");
    expect(mail.mail.html).not.toMatch(/<img|<script|src=/i);
    const link = new URL(linkIn(mail, `${ORIGIN}/join/`));
    expect(link.pathname).toBe(`/join/${household.inviteCode}`);
    const token = link.searchParams.get('invite')!;

    const preview = await new Client(t.app).get(`/api/invites/${token}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({ householdName: "Ada's Flat", inviterName: 'Ada L.', email: friend });

    const joiner = await signUp(t.app, { email: friend, firstName: 'Fred' });
    const joined = await joiner.client.post('/api/households/join', { inviteCode: household.inviteCode });
    expect(joined.statusCode).toBe(200);
    expect((joined.json() as { id: string }).id).toBe(household.id);
  });

  it('refuses an address of a member already, without sending anything', async () => {
    const { client, email } = await home('Bea');
    const refused = await client.post('/api/households/current/invites', { email });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(emailInviteMessages.alreadyMember);
    const other = await client.post('/api/households/current/invites', { email: 'not an address' });
    expect(other.statusCode).toBe(400);
    expect(box.to(email)).toEqual([]);
  });

  it('shows nothing for an unknown or expired token', async () => {
    const { client } = await home('Cy');
    const friend = uniqueEmail('late');
    expect((await client.post('/api/households/current/invites', { email: friend })).statusCode).toBe(202);
    const token = new URL(linkIn(await box.next(friend), `${ORIGIN}/join/`)).searchParams.get('invite')!;
    const unknown = await new Client(t.app).get(`/api/invites/${'x'.repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(emailInviteMessages.gone);
    const start = clock;
    try {
      clock = start + 15 * 24 * 60 * 60_000;
      expect((await new Client(t.app).get(`/api/invites/${token}`)).statusCode).toBe(404);
    } finally {
      clock = start;
    }
  });

  it('needs a member of a household, and limits a member to twenty a day', async () => {
    expect(
      (await new Client(t.app).post('/api/households/current/invites', { email: 'a@b.co' })).statusCode,
    ).toBe(401);
    const { client: loner } = await signUp(t.app);
    const outside = await loner.post('/api/households/current/invites', { email: 'a@b.co' });
    expect(outside.statusCode).toBe(404);
    const { client } = await home('Dee');
    for (let i = 0; i < 20; i++) {
      expect(
        (await client.post('/api/households/current/invites', { email: uniqueEmail('many') })).statusCode,
      ).toBe(202);
    }
    const limited = await client.post('/api/households/current/invites', { email: uniqueEmail('many') });
    expect(limited.statusCode).toBe(429);
  });

  it('lists the household’s open invites with what became of each e-mail, to its members only', async () => {
    const { client, household } = await home('Gus');
    const arrives = uniqueEmail('arrives');
    const bounces = uniqueEmail('bounces');
    box.refuse = (to) => (to === bounces ? { code: 550, message: 'Mailbox unavailable' } : null);
    try {
      for (const email of [arrives, bounces]) {
        expect((await client.post('/api/households/current/invites', { email })).statusCode).toBe(202);
      }
      await box.next(arrives);
      const listed = async () => {
        for (let i = 0; i < 200; i++) {
          const answer = (await client.get('/api/households/current/invites')).json();
          if (!answer.invites.some((x: { delivery: string }) => x.delivery === 'sending')) return answer;
          await new Promise((r) => setTimeout(r, 10));
        }
        throw new Error('an invite stayed in the outbox');
      };
      const answer = await listed();
      expect(answer.invites.map((i: { email: string }) => i.email).sort()).toEqual([arrives, bounces].sort());
      const byEmail = new Map(answer.invites.map((i: { email: string }) => [i.email, i]));
      expect(byEmail.get(arrives)).toMatchObject({ delivery: 'sent', problem: null, invitedBy: 'Gus L.' });
      expect(byEmail.get(bounces)).toMatchObject({ delivery: 'failed', invitedBy: 'Gus L.' });
      expect((byEmail.get(bounces) as { problem: string }).problem).toContain('Mailbox unavailable');

      // A member who joins sees them too; another household and the signed-out see nothing of them.
      const joiner = await signUp(t.app);
      expect(
        (await joiner.client.post('/api/households/join', { inviteCode: household.inviteCode })).statusCode,
      ).toBe(200);
      expect((await joiner.client.get('/api/households/current/invites')).json()).toEqual(answer);
      const { client: other } = await home('Hal');
      expect((await other.get('/api/households/current/invites')).json()).toEqual({ invites: [] });
      expect((await new Client(t.app).get('/api/households/current/invites')).statusCode).toBe(401);
      const { client: loner } = await signUp(t.app);
      expect((await loner.get('/api/households/current/invites')).statusCode).toBe(404);

      // Expired invites are no longer open.
      clock += 15 * 24 * 60 * 60_000;
      expect((await client.get('/api/households/current/invites')).json()).toEqual({ invites: [] });
    } finally {
      box.refuse = () => null;
    }
  });
});
