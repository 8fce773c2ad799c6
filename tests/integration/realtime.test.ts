import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '#shared/messages/api.ts';
import { MESSAGE_NOT_STORED } from '#shared/messages/rules.ts';
import { SESSION_ENDED_CLOSE } from '#shared/realtime/policy.ts';
import { Client, createTestApp, PASSWORD, signUp } from './helpers.ts';
import { addressOf, catchUp, setUpSocketApp, type TestSocket } from './sockets.ts';

const t = setUpSocketApp();
const { sockets } = t;

interface Member {
  client: Client;
  user: { id: string; email: string };
  socket: TestSocket;
}

/** Opens a socket as a browser on the app's own page would, with the member's cookie. */
const openSocket = (client: Client) =>
  sockets.open(t.url.ws, { cookie: client.cookie, origin: t.url.origin });

/** A household whose members each have a confirmed socket; the first is the admin. */
async function household(names: [string, string][]) {
  const members: Member[] = [];
  let id = '';
  let inviteCode = '';
  for (const [firstName, lastName] of names) {
    const { client, user } = await signUp(t.app, { firstName, lastName });
    if (!id) {
      const created = (await client.post('/api/households', { name: `${firstName}'s place` })).json();
      ({ id, inviteCode } = created);
    } else {
      expect((await client.post('/api/households/join', { inviteCode })).statusCode).toBe(200);
    }
    members.push({ client, user, socket: await openSocket(client) });
  }
  for (const member of members) await member.socket.connect(member.user.id, id);
  // Earlier members may have heard the later ones join; that is not what the tests look at.
  await catchUp(
    t.app,
    id,
    members.map((m) => m.socket),
  );
  return { id, inviteCode, members };
}

/** The promise's value, or a failure after a bound (for outcomes that have no event to await). */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function post(client: Client, content: string): Promise<ChatMessage> {
  const response = await client.post('/api/messages', { content });
  expect(response.statusCode).toBe(201);
  return response.json();
}

describe('connecting', () => {
  it('confirms a connect that names the session’s own user and household', async () => {
    const { client, user } = await signUp(t.app);
    const { id } = (await client.post('/api/households', { name: 'Confirmed' })).json();
    const socket = await openSocket(client);
    socket.send({ type: 'connect', userId: user.id, householdId: id });
    expect(await socket.next('connection_confirmed')).toEqual({
      type: 'connection_confirmed',
      userId: user.id,
      householdId: id,
    });
  });

  it('answers ping with pong, confirmed or not', async () => {
    const { client } = await signUp(t.app);
    const socket = await openSocket(client);
    socket.send({ type: 'ping' });
    expect(await socket.next('pong')).toEqual({ type: 'pong' });
    await socket.sync();
    expect(socket.unread()).toEqual([]);
  });

  it('handles a socket’s frames in order: typing sent right after connect is relayed', async () => {
    const { id, members } = await household([
      ['Quick', 'Typer'],
      ['Pat', 'Reader'],
    ]);
    const [typer, reader] = members;
    const fresh = await openSocket(typer!.client);
    fresh.send({ type: 'connect', userId: typer!.user.id, householdId: id });
    fresh.send({ type: 'user_typing' });
    fresh.send({ type: 'ping' });
    // The confirmation comes before the pong of a ping sent after the connect.
    await fresh.next('pong');
    expect(fresh.received.map((f) => f.type)).toEqual(['connection_confirmed', 'pong']);
    expect(await reader!.socket.next('user_typing')).toMatchObject({ userId: typer!.user.id });
  });

  it('gives a connect naming another household or another user no confirmation and no events', async () => {
    const target = await household([
      ['Tess', 'Target'],
      ['Tom', 'Target'],
    ]);
    const rogue = await household([['Rick', 'Rogue']]);
    const rogueUser = rogue.members[0]!;
    const attempts = [
      { userId: rogueUser.user.id, householdId: target.id },
      { userId: target.members[0]!.user.id, householdId: target.id },
      { userId: target.members[0]!.user.id, householdId: rogue.id },
      { userId: rogueUser.user.id, householdId: 'no-such-household' },
    ];
    const spies: TestSocket[] = [];
    for (const attempt of attempts) {
      const spy = await openSocket(rogueUser.client);
      spy.send({ type: 'connect', ...attempt });
      // Typing from an unconfirmed socket goes nowhere either.
      spy.send({ type: 'user_typing' });
      await spy.sync();
      spies.push(spy);
    }
    const message = await post(target.members[1]!.client, 'members only');
    await target.members[0]!.socket.next('new_message', { where: (f) => f.message.id === message.id });
    await rogueUser.socket.sync();
    for (const spy of spies) {
      await spy.sync();
      expect(spy.unread()).toEqual([]);
      expect(spy.open).toBe(true);
    }
    expect(target.members[0]!.socket.unread()).toEqual([]);
    expect(rogueUser.socket.unread()).toEqual([]);
  });

  it('refuses the upgrade without a session cookie or with an unknown one (401)', async () => {
    expect(await sockets.attempt(t.url.ws, { origin: t.url.origin })).toBe(401);
    expect(await sockets.attempt(t.url.ws, { origin: t.url.origin, cookie: 'hearth_session=forged' })).toBe(
      401,
    );
    expect(
      await sockets.attempt(t.url.ws, { origin: t.url.origin, cookie: `hearth_session=${'x'.repeat(500)}` }),
    ).toBe(401);
  });

  it('refuses the upgrade after logout (401)', async () => {
    const { client } = await signUp(t.app);
    const cookie = client.cookie;
    await client.post('/api/logout');
    expect(await sockets.attempt(t.url.ws, { origin: t.url.origin, cookie })).toBe(401);
  });

  it('accepts a client that sends no Origin (not a browser) with a valid session', async () => {
    const { client } = await signUp(t.app);
    const socket = await sockets.open(t.url.ws, { cookie: client.cookie });
    await socket.sync();
  });

  it('with PUBLIC_ORIGIN set, accepts only that Origin', async () => {
    const behindProxy = await createTestApp({ publicOrigin: 'https://hearth.example' });
    try {
      await behindProxy.app.listen({ port: 0, host: '127.0.0.1' });
      const address = addressOf(behindProxy.app);
      const { client } = await signUp(behindProxy.app);
      expect(await sockets.attempt(address.ws, { cookie: client.cookie, origin: address.origin })).toBe(403);
      const socket = await sockets.open(address.ws, {
        cookie: client.cookie,
        origin: 'https://hearth.example',
      });
      await socket.sync();
      await socket.close();
    } finally {
      await behindProxy.close();
    }
  });

  it('refuses a foreign Origin (403) and any path but /ws (404)', async () => {
    const { client } = await signUp(t.app);
    for (const origin of ['http://evil.example', 'null', `${t.url.origin}.evil.example`, 'not a url']) {
      expect(await sockets.attempt(t.url.ws, { cookie: client.cookie, origin })).toBe(403);
    }
    for (const path of ['/', '/api/messages', '/ws/', '/wss', '/ws/../api']) {
      expect(
        await sockets.attempt(`${t.url.origin.replace('http', 'ws')}${path}`, {
          cookie: client.cookie,
          origin: t.url.origin,
        }),
      ).toBe(404);
    }
  });
});

describe('chat events', () => {
  it('delivers new_message to every member’s sockets, the sender’s too, and to no other household', async () => {
    const home = await household([
      ['Amy', 'Home'],
      ['Bob', 'Home'],
      ['Cat', 'Home'],
    ]);
    const away = await household([['Dan', 'Away']]);
    const secondTab = await openSocket(home.members[0]!.client);
    await secondTab.connect(home.members[0]!.user.id, home.id);

    const message = await post(home.members[1]!.client, 'dinner at 7');
    for (const socket of [...home.members.map((m) => m.socket), secondTab]) {
      expect(await socket.next('new_message')).toEqual({ type: 'new_message', message });
    }
    // The other household's member hears its own household's message, and only that.
    const own = await post(away.members[0]!.client, 'our own news');
    expect((await away.members[0]!.socket.next('new_message')).message).toEqual(own);
    expect(away.members[0]!.socket.unread()).toEqual([]);
    for (const member of home.members) {
      await member.socket.sync();
      expect(member.socket.unread()).toEqual([]);
    }
  });

  it('relays typing to the other members only, with the session’s id and short name', async () => {
    const home = await household([
      ['Tina', 'Typist'],
      ['Uma', 'Reader'],
      ['Vic', 'Reader'],
    ]);
    const away = await household([['Wes', 'Away']]);
    const [typist, uma, vic] = home.members;
    typist!.socket.send({
      type: 'user_typing',
      householdId: away.id,
      userId: away.members[0]!.user.id,
      userName: 'Mallory M.',
    });
    typist!.socket.send({ type: 'user_stopped_typing', userId: uma!.user.id, userName: 'Uma R.' });
    for (const member of [uma!, vic!]) {
      expect(await member.socket.next('user_typing')).toEqual({
        type: 'user_typing',
        userId: typist!.user.id,
        userName: 'Tina T.',
      });
      expect(await member.socket.next('user_stopped_typing')).toEqual({
        type: 'user_stopped_typing',
        userId: typist!.user.id,
        userName: 'Tina T.',
      });
    }
    // Both typing events reached this instance's sockets before the message below.
    const message = await post(uma!.client, 'after typing');
    for (const member of [typist!, uma!, vic!]) {
      expect((await member.socket.next('new_message')).message.id).toBe(message.id);
      expect(member.socket.unread()).toEqual([]);
    }
    await away.members[0]!.socket.sync();
    expect(away.members[0]!.socket.unread()).toEqual([]);
  });

  it('sends message_reaction with the message’s reactions to every member', async () => {
    const home = await household([
      ['Rae', 'React'],
      ['Sam', 'React'],
    ]);
    const away = await household([['Out', 'Sider']]);
    const [rae, sam] = home.members;
    const message = await post(rae!.client, 'react!');
    for (const m of home.members) await m.socket.next('new_message');

    await sam!.client.post(`/api/messages/${message.id}/reactions`, { emoji: '❤️' });
    for (const m of home.members) {
      expect(await m.socket.next('message_reaction')).toEqual({
        type: 'message_reaction',
        messageId: message.id,
        reactions: [{ emoji: '❤️', userIds: [sam!.user.id] }],
      });
    }
    await sam!.client.post(`/api/messages/${message.id}/reactions`, { emoji: '❤️' });
    for (const m of home.members) {
      expect(await m.socket.next('message_reaction')).toEqual({
        type: 'message_reaction',
        messageId: message.id,
        reactions: [],
      });
    }
    // Another household's attempt changes nothing and sends nothing.
    const refused = await away.members[0]!.client.post(`/api/messages/${message.id}/reactions`, {
      emoji: '👍',
    });
    expect(refused.statusCode).toBe(404);
    const after = await post(sam!.client, 'done');
    for (const m of home.members) {
      expect((await m.socket.next('new_message')).message.id).toBe(after.id);
      expect(m.socket.unread()).toEqual([]);
    }
    await away.members[0]!.socket.sync();
    expect(away.members[0]!.socket.unread()).toEqual([]);
  });

  it('stores a message sent twice under one clientId once, and announces it once', async () => {
    const home = await household([
      ['Ona', 'Outbox'],
      ['Pia', 'Reader'],
    ]);
    const [ona] = home.members;
    const first = await ona!.client.post('/api/messages', {
      content: 'sent from the train',
      clientId: 'temp-1',
    });
    expect(first.statusCode).toBe(201);
    // The device never heard the answer and sends the same message again.
    const again = await ona!.client.post('/api/messages', {
      content: 'sent from the train',
      clientId: 'temp-1',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const other = await post(ona!.client, 'no clientId');
    for (const m of home.members) {
      expect((await m.socket.next('new_message')).message.id).toBe(first.json().id);
      expect((await m.socket.next('new_message')).message.id).toBe(other.id);
      expect(m.socket.unread()).toEqual([]);
    }
    // Another member's clientId is their own.
    const pia = await home.members[1]!.client.post('/api/messages', { content: 'mine', clientId: 'temp-1' });
    expect(pia.statusCode).toBe(201);
    const listed = (await ona!.client.get('/api/messages')).json() as ChatMessage[];
    expect(listed.filter((m) => m.content === 'sent from the train')).toHaveLength(1);
  });

  it('sends message_error to the author’s devices when a message cannot be stored', async () => {
    const home = await household([
      ['Eli', 'Error'],
      ['Fay', 'Reader'],
    ]);
    const [eli, fay] = home.members;
    const { db } = t.database;
    await sql`alter table messages rename to messages_away`.execute(db);
    let refused: Awaited<ReturnType<Client['post']>>;
    try {
      refused = await eli!.client.post('/api/messages', { content: 'lost?', clientId: 'temp-err' });
    } finally {
      await sql`alter table messages_away rename to messages`.execute(db);
    }
    expect(refused.statusCode).toBe(500);
    expect(await eli!.socket.next('message_error')).toEqual({
      type: 'message_error',
      error: MESSAGE_NOT_STORED,
      clientId: 'temp-err',
    });
    // Retry sends it once.
    const retried = await eli!.client.post('/api/messages', { content: 'lost?', clientId: 'temp-err' });
    expect(retried.statusCode).toBe(201);
    for (const m of home.members) {
      expect((await m.socket.next('new_message')).message.id).toBe(retried.json().id);
      expect(m.socket.unread()).toEqual([]);
    }
    await fay!.socket.sync();
    expect(fay!.socket.unread()).toEqual([]);
  });

  it('tells the household when someone joins, and when the household changes', async () => {
    const home = await household([
      ['Old', 'Timer'],
      ['Also', 'Here'],
    ]);
    const { client, user } = await signUp(t.app, { firstName: 'New', lastName: 'Comer' });
    await client.post('/api/households/join', { inviteCode: home.inviteCode });
    for (const m of home.members) {
      const { message } = await m.socket.next('new_message');
      expect(message).toMatchObject({ type: 'system', user: null, content: 'New C. joined the household' });
      expect(await m.socket.next('member_joined')).toEqual({ type: 'member_joined', userId: user.id });
      // The activity feed hears of it too.
      expect((await m.socket.next('activity')).entry).toMatchObject({
        kind: 'member_joined',
        actorId: user.id,
        summary: 'New C. joined',
      });
    }
    await home.members[1]!.client.patch('/api/households/current', { name: 'Renamed' });
    for (const m of home.members) {
      expect(await m.socket.next('household_updated')).toEqual({ type: 'household_updated' });
      expect(m.socket.unread()).toEqual([]);
    }
  });
});

describe('membership changes', () => {
  it('kicks a removed member’s sockets and tells the household; the removed socket hears no more', async () => {
    const home = await household([
      ['Ada', 'Admin'],
      ['Kim', 'Kicked'],
      ['Lou', 'Stays'],
    ]);
    const [admin, kicked, stays] = home.members;
    const otherTab = await openSocket(kicked!.client);
    await otherTab.connect(kicked!.user.id, home.id);

    const removed = await admin!.client.delete(`/api/households/members/${kicked!.user.id}`);
    expect(removed.statusCode).toBe(200);
    for (const socket of [kicked!.socket, otherTab]) {
      expect(await socket.next('user_kicked')).toEqual({ type: 'user_kicked', householdId: home.id });
    }
    for (const m of [admin!, stays!]) {
      const { message } = await m.socket.next('new_message');
      expect(message).toMatchObject({ type: 'system', content: 'Kim K. was removed from the household' });
      expect(await m.socket.next('member_removed')).toEqual({
        type: 'member_removed',
        userId: kicked!.user.id,
      });
    }

    // Later household events reach the others and not the removed member, even after a reconnect.
    otherTab.send({ type: 'connect', userId: kicked!.user.id, householdId: home.id });
    stays!.socket.send({ type: 'user_typing' });
    await admin!.socket.next('user_typing');
    const later = await post(stays!.client, 'after the removal');
    await admin!.client.patch('/api/households/current', { name: 'Smaller' });
    for (const m of [admin!, stays!]) {
      expect((await m.socket.next('new_message')).message.id).toBe(later.id);
      await m.socket.next('household_updated');
    }
    for (const socket of [kicked!.socket, otherTab]) {
      await socket.sync();
      expect(socket.unread()).toEqual([]);
      expect(socket.open).toBe(true);
    }
  });

  it('stops household events to a member who leaves, and tells the others', async () => {
    const home = await household([
      ['Hal', 'Host'],
      ['Lee', 'Leaver'],
    ]);
    const [host, leaver] = home.members;
    expect((await leaver!.client.post('/api/households/leave')).statusCode).toBe(204);
    expect(await leaver!.socket.next('member_left')).toEqual({
      type: 'member_left',
      userId: leaver!.user.id,
    });
    const { message } = await host!.socket.next('new_message');
    expect(message.content).toBe('Lee L. left the household');
    expect(await host!.socket.next('member_left')).toEqual({ type: 'member_left', userId: leaver!.user.id });
    expect((await host!.socket.next('activity')).entry).toMatchObject({
      kind: 'member_left',
      summary: 'Lee L. left',
    });

    const later = await post(host!.client, 'just me now');
    expect((await host!.socket.next('new_message')).message.id).toBe(later.id);
    // A typing frame from someone no longer in the household goes nowhere.
    leaver!.socket.send({ type: 'user_typing' });
    await leaver!.socket.sync();
    const last = await post(host!.client, 'still just me');
    expect((await host!.socket.next('new_message')).message.id).toBe(last.id);
    await leaver!.socket.sync();
    expect(host!.socket.unread()).toEqual([]);
    expect(leaver!.socket.unread()).toEqual([]);
  });
});

describe('sessions ending', () => {
  const ENDED = { code: SESSION_ENDED_CLOSE, reason: 'Session ended' };

  /** A second session of a member (signed in on another device), with a confirmed socket. */
  async function secondSession(member: Member, householdId: string) {
    const client = new Client(t.app);
    const login = await client.post('/api/login', { email: member.user.email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    const socket = await openSocket(client);
    await socket.connect(member.user.id, householdId);
    return { client, socket };
  }

  const sessionsOf = async (userId: string) =>
    t.database.db.selectFrom('sessions').select('expires_at').where('user_id', '=', userId).execute();

  it.each(['POST', 'GET'])(
    'closes the sockets of a session ended by %s /api/logout (4001), and only that session’s',
    async (method) => {
      const home = await household([
        ['Lo', 'Gout'],
        ['Stay', 'Put'],
      ]);
      const [leaver, stays] = home.members;
      const sameSession = await openSocket(leaver!.client);
      await sameSession.connect(leaver!.user.id, home.id);
      const otherDevice = await secondSession(leaver!, home.id);

      const out = await leaver!.client.request({ method: method as 'POST' | 'GET', url: '/api/logout' });
      expect(out.statusCode).toBe(method === 'POST' ? 204 : 302);
      expect(await within(leaver!.socket.closed, 5_000)).toEqual(ENDED);
      expect(await within(sameSession.closed, 5_000)).toEqual(ENDED);

      // The household goes on: the other session hears it, the ended one heard nothing of it.
      const later = await post(stays!.client, 'after the logout');
      for (const socket of [stays!.socket, otherDevice.socket]) {
        expect((await socket.next('new_message')).message.id).toBe(later.id);
      }
      for (const socket of [leaver!.socket, sameSession]) {
        expect(socket.received.filter((f) => f.type === 'new_message')).toEqual([]);
      }
      expect(otherDevice.socket.open).toBe(true);
    },
  );

  it('closes the sockets of the other sessions on a password change (4001), not this session’s', async () => {
    const home = await household([['Pass', 'Word']]);
    const [owner] = home.members;
    const otherDevice = await secondSession(owner!, home.id);
    const changed = await owner!.client.patch('/api/auth/password', {
      currentPassword: PASSWORD,
      newPassword: 'a brand new passphrase',
      confirmPassword: 'a brand new passphrase',
    });
    expect(changed.statusCode, changed.body).toBe(204);
    expect(await within(otherDevice.socket.closed, 5_000)).toEqual(ENDED);
    const later = await post(owner!.client, 'after the change');
    expect((await owner!.socket.next('new_message')).message.id).toBe(later.id);
    expect(owner!.socket.open).toBe(true);
  });

  it('closes the socket of a session ended from Settings (4001), and every other one on “sign out everywhere else”', async () => {
    const home = await household([['Dev', 'Ices']]);
    const [owner] = home.members;
    const phone = await secondSession(owner!, home.id);
    const laptop = await secondSession(owner!, home.id);
    const listed = (await owner!.client.get('/api/auth/sessions')).json() as {
      id: string;
      current: boolean;
    }[];
    const ids = listed.filter((s) => !s.current).map((s) => s.id);
    expect(ids).toHaveLength(2);
    // The phone's session: whichever of the two is listed first.
    expect((await owner!.client.delete(`/api/auth/sessions/${ids[0]}`)).statusCode).toBe(204);
    const first = await Promise.race([
      phone.socket.closed.then(() => phone),
      laptop.socket.closed.then(() => laptop),
    ]);
    expect(await first.socket.closed).toEqual(ENDED);
    const second = first === phone ? laptop : phone;
    expect(second.socket.open).toBe(true);
    expect((await owner!.client.post('/api/auth/sessions/revoke-others')).statusCode).toBe(204);
    expect(await within(second.socket.closed, 5_000)).toEqual(ENDED);
    expect(owner!.socket.open).toBe(true);
  });

  it('closes, instead of confirming, a socket whose session ended before it sent connect', async () => {
    const { client, user } = await signUp(t.app);
    const { id } = (await client.post('/api/households', { name: 'Gone' })).json();
    const socket = await openSocket(client);
    // Ended behind the API: no message on the bus, so the connect itself must find out.
    await t.database.db.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    socket.send({ type: 'connect', userId: user.id, householdId: id });
    expect(await within(socket.closed, 5_000)).toEqual(ENDED);
    expect(socket.received).toEqual([]);
  });

  it('closes every socket of a deleted account, in each of its sessions (4001)', async () => {
    const home = await household([
      ['Del', 'Eted'],
      ['Stay', 'Put'],
    ]);
    const [deleted, stays] = home.members;
    const otherDevice = await secondSession(deleted!, home.id);
    const response = await deleted!.client.request({
      method: 'DELETE',
      url: '/api/auth/user',
      payload: { email: deleted!.user.email, password: PASSWORD },
    });
    expect(response.statusCode, response.body).toBe(204);
    expect(await within(deleted!.socket.closed, 5_000)).toEqual(ENDED);
    expect(await within(otherDevice.socket.closed, 5_000)).toEqual(ENDED);
    expect(await stays!.socket.next('member_left')).toEqual({
      type: 'member_left',
      userId: deleted!.user.id,
    });
    const later = await post(stays!.client, 'after the deletion');
    await stays!.socket.next('new_message', { where: (f) => f.message.id === later.id });
    for (const socket of [deleted!.socket, otherDevice.socket]) {
      expect(socket.received.filter((f) => f.type === 'new_message')).toEqual([]);
    }
  });

  it('closes the socket of a session that expires while it is open (4001)', async () => {
    const home = await household([
      ['Ex', 'Pired'],
      ['Stay', 'Put'],
    ]);
    const [expiring, stays] = home.members;
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: Date.now() + 1_500 })
      .where('user_id', '=', expiring!.user.id)
      .execute();
    const socket = await openSocket(expiring!.client);
    await socket.connect(expiring!.user.id, home.id);
    expect(await within(socket.closed, 5_000)).toEqual(ENDED);
    expect(await sessionsOf(expiring!.user.id)).toEqual([]);
    // The socket opened before the change to the database closes too.
    expect(await within(expiring!.socket.closed, 5_000)).toEqual(ENDED);
    const later = await post(stays!.client, 'after the expiry');
    expect((await stays!.socket.next('new_message')).message.id).toBe(later.id);
    expect(socket.received.filter((f) => f.type === 'new_message')).toEqual([]);
    expect(await sockets.attempt(t.url.ws, { origin: t.url.origin, cookie: expiring!.client.cookie })).toBe(
      401,
    );
  });

  it('keeps a socket open past its session’s old expiry when signed-in use extended it', async () => {
    const { client, user } = await signUp(t.app);
    const { id } = (await client.post('/api/households', { name: 'Still here' })).json();
    const soon = Date.now() + 1_000;
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: soon })
      .where('user_id', '=', user.id)
      .execute();
    const socket = await openSocket(client);
    await socket.connect(user.id, id);
    // Any signed-in request slides the expiry 30 days on.
    expect((await client.get('/api/user')).statusCode).toBe(200);
    expect((await sessionsOf(user.id))[0]!.expires_at).toBeGreaterThan(soon);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await socket.sync();
    expect(socket.open).toBe(true);
  });
});

describe('abuse', () => {
  it('relays at most 20 typing frames a second and drops the rest, keeping the socket open', async () => {
    const home = await household([
      ['Fast', 'Fingers'],
      ['Pat', 'Patient'],
    ]);
    const [fast, patient] = home.members;
    for (let i = 0; i < 50; i++) fast!.socket.send({ type: 'user_typing' });
    await fast!.socket.sync();
    const marker = await post(fast!.client, 'marker');
    await patient!.socket.next('new_message', { where: (f) => f.message.id === marker.id });
    const relayed = patient!.socket.take('user_typing').length;
    // 20 per window of one second; a burst can straddle two windows at most.
    expect(relayed).toBeGreaterThanOrEqual(20);
    expect(relayed).toBeLessThanOrEqual(40);
    expect(fast!.socket.open).toBe(true);
  });

  it('throttles user_stopped_typing floods the same way', async () => {
    const home = await household([
      ['Stop', 'Start'],
      ['Pat', 'Patient'],
    ]);
    const [flooder, patient] = home.members;
    for (let i = 0; i < 50; i++) flooder!.socket.send({ type: 'user_stopped_typing' });
    await flooder!.socket.sync();
    const marker = await post(flooder!.client, 'marker');
    await patient!.socket.next('new_message', { where: (f) => f.message.id === marker.id });
    expect(patient!.socket.take('user_stopped_typing').length).toBeLessThanOrEqual(40);
  });

  it('closes a socket that keeps flooding with 1008, and the others hear at most the allowance', async () => {
    const home = await household([
      ['Flo', 'Oder'],
      ['Pat', 'Patient'],
    ]);
    const [flooder, patient] = home.members;
    // A sustained flood: 30 frames every 20 ms until the server gives up on the socket.
    const timer = setInterval(() => {
      for (let i = 0; i < 30 && flooder!.socket.open; i++) flooder!.socket.send({ type: 'user_typing' });
    }, 20);
    const closed = await within(flooder!.socket.closed, 10_000).finally(() => clearInterval(timer));
    expect(closed).toEqual({ code: 1008, reason: 'Too many frames' });
    const marker = await post(patient!.client, 'marker');
    await patient!.socket.next('new_message', { where: (f) => f.message.id === marker.id });
    expect(patient!.socket.take('user_typing').length).toBeLessThanOrEqual(40);
    // The same user may connect again.
    const again = await openSocket(flooder!.client);
    await again.connect(flooder!.user.id, home.id);
  });

  it('drops frames over 16 KB without closing a well-behaved connection', async () => {
    const home = await household([
      ['Big', 'Sender'],
      ['Pat', 'Patient'],
    ]);
    const [big, patient] = home.members;
    big!.socket.send({ type: 'ping', padding: 'x'.repeat(17 * 1024) });
    big!.socket.send({ type: 'user_typing', padding: 'x'.repeat(17 * 1024) });
    big!.socket.send({ type: 'user_typing', padding: 'é'.repeat(8 * 1024 + 1) });
    big!.socket.send({ type: 'user_stopped_typing', padding: 'x'.repeat(60 * 1024) });
    big!.socket.send({ type: 'user_stopped_typing', padding: 'x'.repeat(15 * 1024) });
    await big!.socket.sync();
    // The one frame under the limit is relayed; the pong is the sync's own.
    expect(await patient!.socket.next('user_stopped_typing')).toMatchObject({ userId: big!.user.id });
    const marker = await post(big!.client, 'still here');
    expect((await patient!.socket.next('new_message')).message.id).toBe(marker.id);
    expect(patient!.socket.unread()).toEqual([]);
    expect((await big!.socket.next('new_message')).message.id).toBe(marker.id);
    expect(big!.socket.unread()).toEqual([]);
    expect(big!.socket.open).toBe(true);
  });

  it('closes a socket that sends a frame over 64 KB (1009) rather than reading it', async () => {
    const { client } = await signUp(t.app);
    const socket = await openSocket(client);
    socket.send({ type: 'ping', padding: 'x'.repeat(65 * 1024) });
    expect((await within(socket.closed, 5_000)).code).toBe(1009);
  });

  it('drops unknown, malformed and binary frames without an answer', async () => {
    const { client, user } = await signUp(t.app);
    const { id } = (await client.post('/api/households', { name: 'Odd frames' })).json();
    const socket = await openSocket(client);
    await socket.connect(user.id, id);
    for (const frame of [
      { type: 'hello' },
      { type: 'new_message', message: { content: 'forged' } },
      { type: 'connect', userId: user.id },
      { noType: true },
      '{not json',
      'null',
      '[1,2,3]',
      Buffer.from([0, 1, 2, 3]),
    ]) {
      socket.send(frame);
    }
    await socket.sync();
    expect(socket.unread()).toEqual([]);
    expect(socket.open).toBe(true);
  });
});

describe('shutting down', () => {
  it('closes every socket with 1012 (restarting: reconnect, to another instance) when the app closes', async () => {
    const own = await createTestApp();
    try {
      await own.app.listen({ port: 0, host: '127.0.0.1' });
      const address = addressOf(own.app);
      const { client, user } = await signUp(own.app);
      const { id } = (await client.post('/api/households', { name: 'Closing' })).json();
      const confirmed = await sockets.open(address.ws, { cookie: client.cookie, origin: address.origin });
      await confirmed.connect(user.id, id);
      const idle = await sockets.open(address.ws, { cookie: client.cookie, origin: address.origin });
      await own.app.close();
      expect(await confirmed.closed).toEqual({ code: 1012, reason: 'Server restarting' });
      expect((await idle.closed).code).toBe(1012);
      expect(own.app.hub.size()).toBe(0);
    } finally {
      await own.close();
    }
  });

  it('cuts off a client that does not answer the closing handshake, so closing does not wait for it', async () => {
    const own = await createTestApp();
    try {
      await own.app.listen({ port: 0, host: '127.0.0.1' });
      const address = addressOf(own.app);
      const { client } = await signUp(own.app);
      const silent = await sockets.open(address.ws, { cookie: client.cookie, origin: address.origin });
      // A phone that went out of range: nothing it is sent arrives, so nothing is answered.
      silent.ws.pause();
      const started = Date.now();
      await own.app.close();
      // Without the cut-off, ws waits 30 s for the answer.
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(own.app.hub.size()).toBe(0);
      silent.ws.resume();
      await silent.closed;
    } finally {
      await own.close();
    }
  });
});

describe('settling up a long history', () => {
  it('announces a settle-up over more than 20 expenses with one expense_updated, not one per expense', async () => {
    const { members } = await household([
      ['Sal', 'Payer'],
      ['Tom', 'Owes'],
    ]);
    const [sal, tom] = members as [Member, Member];
    for (let n = 0; n < 25; n++) {
      const created = await sal.client.post('/api/expenses', {
        expense: { title: `Groceries ${n}`, amount: '10.00', paidBy: sal.user.id },
        splits: [
          { userId: sal.user.id, amount: '5.00' },
          { userId: tom.user.id, amount: '5.00' },
        ],
      });
      expect(created.statusCode).toBe(201);
      await sal.socket.next('new_expense');
    }
    const settled = await tom.client.post('/api/settle-up', { toUserId: sal.user.id });
    // One payment of the whole debt, covering all 25 shares.
    expect(settled.json()).toMatchObject({
      settledSplits: 25,
      amount: 125,
      payment: { fromUserId: tom.user.id, toUserId: sal.user.id, amount: '125.00' },
    });
    const event = await sal.socket.next('expense_updated');
    expect(event).toEqual({ type: 'expense_updated' });
    // Anything sent before this message has arrived by the time it does.
    const marker = await post(sal.client, 'after the settle-up');
    await sal.socket.next('new_message', { where: (m) => m.message.id === marker.id });
    await expect(sal.socket.next('expense_updated', { timeoutMs: 0 })).rejects.toThrow();
  });
});
