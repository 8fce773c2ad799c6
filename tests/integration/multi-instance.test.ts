import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, openMigratedDatabase } from '#server/db/database.ts';
import type { ChatMessage } from '#shared/messages/api.ts';
import { SESSION_ENDED_CLOSE } from '#shared/realtime/policy.ts';
import { Client, createTestApp, createTestApps, PASSWORD, signUp, testEngine } from './helpers.ts';
import { addressOf, catchUp, SocketPool, type TestSocket } from './sockets.ts';

/**
 * Several app instances share events through PostgreSQL LISTEN/NOTIFY. On SQLite there is only
 * ever one instance, and the in-process bus is what carries events: that is what is checked then.
 */
const sockets = new SocketPool();
afterAll(async () => {
  await sockets.closeAll();
});

async function post(client: Client, content: string): Promise<ChatMessage> {
  const response = await client.post('/api/messages', { content });
  expect(response.statusCode).toBe(201);
  return response.json();
}

/** The same browser session, talking to another instance (as a load balancer may send it). */
function sameSessionOn(app: FastifyInstance, client: Client): Client {
  const other = new Client(app);
  other.cookie = client.cookie;
  return other;
}

// Plain conditions rather than skips: each engine runs the tests that mean something on it.
if (testEngine === 'sqlite') {
  describe('one instance on SQLite', () => {
    it('carries events between the members’ sockets through the in-process bus', async () => {
      const t = await createTestApp();
      try {
        await t.app.listen({ port: 0, host: '127.0.0.1' });
        const url = addressOf(t.app);
        const ann = await signUp(t.app, { firstName: 'Ann', lastName: 'One' });
        const household = (await ann.client.post('/api/households', { name: 'Solo instance' })).json();
        const ben = await signUp(t.app, { firstName: 'Ben', lastName: 'Two' });
        await ben.client.post('/api/households/join', { inviteCode: household.inviteCode });
        const annSocket = await sockets.open(url.ws, { cookie: ann.client.cookie, origin: url.origin });
        const benSocket = await sockets.open(url.ws, { cookie: ben.client.cookie, origin: url.origin });
        await annSocket.connect(ann.user.id, household.id);
        await benSocket.connect(ben.user.id, household.id);

        const message = await post(ann.client, 'one bus, one process');
        expect(await benSocket.next('new_message')).toEqual({ type: 'new_message', message });
        expect(await annSocket.next('new_message')).toEqual({ type: 'new_message', message });
        benSocket.send({ type: 'user_typing' });
        expect(await annSocket.next('user_typing')).toEqual({
          type: 'user_typing',
          userId: ben.user.id,
          userName: 'Ben T.',
        });
      } finally {
        await sockets.closeAll();
        await t.close();
      }
    });
  });
}

if (testEngine === 'postgres') {
  describe('two instances on one PostgreSQL database', () => {
    let a: FastifyInstance;
    let b: FastifyInstance;
    let database: Database;
    let close: () => Promise<void>;
    const url = new Map<FastifyInstance, { origin: string; ws: string }>();

    beforeAll(async () => {
      const shared = await createTestApps(2);
      [a, b] = shared.apps as [FastifyInstance, FastifyInstance];
      ({ database, close } = shared);
      for (const app of shared.apps) {
        await app.listen({ port: 0, host: '127.0.0.1' });
        url.set(app, addressOf(app));
      }
    });
    afterAll(async () => {
      await sockets.closeAll();
      await close();
    });

    const socketOn = (app: FastifyInstance, client: Client) =>
      sockets.open(url.get(app)!.ws, { cookie: client.cookie, origin: url.get(app)!.origin });

    /** A household made through instance A; each member gets a confirmed socket on the instance named. */
    async function household(members: { name: [string, string]; on: FastifyInstance; email?: string }[]) {
      const people: { client: Client; user: { id: string }; socket: TestSocket }[] = [];
      let id = '';
      let inviteCode = '';
      for (const member of members) {
        const [firstName, lastName] = member.name;
        const { client, user } = await signUp(a, {
          firstName,
          lastName,
          ...(member.email ? { email: member.email } : {}),
        });
        if (!id)
          ({ id, inviteCode } = (await client.post('/api/households', { name: `${firstName}'s` })).json());
        else expect((await client.post('/api/households/join', { inviteCode })).statusCode).toBe(200);
        people.push({ client, user, socket: await socketOn(member.on, client) });
      }
      for (const person of people) await person.socket.connect(person.user.id, id);
      // Earlier members may have heard the later ones join; that is not what the tests look at.
      await catchUp(
        a,
        id,
        people.map((p) => p.socket),
      );
      return { id, people };
    }

    it('delivers a message posted through A to a socket on B, and typing on B to a socket on A', async () => {
      const { people } = await household([
        { name: ['Ann', 'Alpha'], on: a },
        { name: ['Bea', 'Beta'], on: b },
      ]);
      const [ann, bea] = people;
      const message = await post(ann!.client, 'from instance A');
      expect(await bea!.socket.next('new_message')).toEqual({ type: 'new_message', message });
      expect(await ann!.socket.next('new_message')).toEqual({ type: 'new_message', message });

      const reply = await post(sameSessionOn(b, bea!.client), 'from instance B');
      expect((await ann!.socket.next('new_message')).message).toEqual(reply);

      bea!.socket.send({ type: 'user_typing' });
      expect(await ann!.socket.next('user_typing')).toEqual({
        type: 'user_typing',
        userId: bea!.user.id,
        userName: 'Bea B.',
      });
      await bea!.socket.next('new_message');
      await bea!.socket.sync();
      expect(bea!.socket.unread()).toEqual([]);
    });

    it('keeps households apart across instances', async () => {
      const home = await household([
        { name: ['Hal', 'Home'], on: a },
        { name: ['Ida', 'Home'], on: b },
      ]);
      const away = await household([{ name: ['Out', 'Side'], on: b }]);
      const message = await post(home.people[0]!.client, 'home only');
      await home.people[1]!.socket.next('new_message', { where: (f) => f.message.id === message.id });
      // The outsider's socket lives on B, where the member above just received the message.
      await away.people[0]!.socket.sync();
      expect(away.people[0]!.socket.unread()).toEqual([]);
    });

    it('kicks on A a member removed through B, and tells the household on both', async () => {
      const { id, people } = await household([
        { name: ['Ada', 'Admin'], on: b },
        { name: ['Kim', 'Kicked'], on: a },
        { name: ['Lou', 'Stays'], on: a },
      ]);
      const [admin, kicked, stays] = people;
      const removed = await sameSessionOn(b, admin!.client).delete(
        `/api/households/members/${kicked!.user.id}`,
      );
      expect(removed.statusCode).toBe(200);
      expect(await kicked!.socket.next('user_kicked')).toEqual({ type: 'user_kicked', householdId: id });
      for (const person of [admin!, stays!]) {
        expect((await person.socket.next('new_message')).message.content).toBe(
          'Kim K. was removed from the household',
        );
        expect(await person.socket.next('member_removed')).toEqual({
          type: 'member_removed',
          userId: kicked!.user.id,
        });
      }
      // Nothing of the household reaches the removed member's socket on A any more.
      const later = await post(sameSessionOn(b, admin!.client), 'after the removal');
      expect((await stays!.socket.next('new_message')).message.id).toBe(later.id);
      await kicked!.socket.sync();
      expect(kicked!.socket.unread()).toEqual([]);
    });

    const ENDED = { code: SESSION_ENDED_CLOSE, reason: 'Session ended' };
    const noMessages = (socket: TestSocket) => socket.received.filter((f) => f.type === 'new_message');

    it('closes on both instances the sockets of a session logged out through B', async () => {
      const { id, people } = await household([
        { name: ['Lo', 'Gout'], on: a },
        { name: ['Stay', 'Put'], on: a },
      ]);
      const [leaver, stays] = people;
      const onB = await socketOn(b, leaver!.client);
      await onB.connect(leaver!.user.id, id);
      const out = await sameSessionOn(b, leaver!.client).post('/api/logout');
      expect(out.statusCode).toBe(204);
      expect(await leaver!.socket.closed).toEqual(ENDED);
      expect(await onB.closed).toEqual(ENDED);
      const later = await post(stays!.client, 'after the logout');
      await stays!.socket.next('new_message', { where: (f) => f.message.id === later.id });
      expect(noMessages(leaver!.socket)).toEqual([]);
      expect(noMessages(onB)).toEqual([]);
    });

    it('closes on both instances every socket of an account deleted through A', async () => {
      const { id, people } = await household([
        { name: ['Del', 'Eted'], on: b },
        { name: ['Stay', 'Put'], on: b },
      ]);
      const [deleted, stays] = people;
      const onA = await socketOn(a, deleted!.client);
      await onA.connect(deleted!.user.id, id);
      const user = (await deleted!.client.get('/api/user')).json() as { email: string };
      const response = await deleted!.client.request({
        method: 'DELETE',
        url: '/api/auth/user',
        payload: { email: user.email, password: PASSWORD },
      });
      expect(response.statusCode, response.body).toBe(204);
      expect(await deleted!.socket.closed).toEqual(ENDED);
      expect(await onA.closed).toEqual(ENDED);
      expect(await stays!.socket.next('member_left')).toEqual({
        type: 'member_left',
        userId: deleted!.user.id,
      });
      expect(noMessages(deleted!.socket)).toEqual([]);
      expect(noMessages(onA)).toEqual([]);
    });

    it('closes on both instances the sockets of a session that expires', async () => {
      const { id, people } = await household([{ name: ['Ex', 'Pired'], on: a }]);
      const [expiring] = people;
      await database.db
        .updateTable('sessions')
        .set({ expires_at: Date.now() + 1_000 })
        .where('user_id', '=', expiring!.user.id)
        .execute();
      const onB = await socketOn(b, expiring!.client);
      await onB.connect(expiring!.user.id, id);
      // B's socket knows the near expiry; A's was opened before it, and closes through the bus.
      expect(await onB.closed).toEqual(ENDED);
      expect(await expiring!.socket.closed).toEqual(ENDED);
    });

    it('carries an event over the NOTIFY size limit by reference', async () => {
      // A non-Latin name and address, and 2,000 three-byte characters: well over 7,000 bytes of JSON.
      const wide = '界';
      const { id, people } = await household([
        { name: [wide.repeat(50), wide.repeat(50)], on: a, email: `${wide.repeat(200)}@example.com` },
        { name: ['Bo', 'Reader'], on: b },
      ]);
      const [writer, reader] = people;
      const stored = async () =>
        Number(
          (
            await database.db
              .selectFrom('bus_payloads')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await stored();
      const content = wide.repeat(2000);
      const message = await post(writer!.client, content);
      const event = { type: 'new_message', message };
      expect(Buffer.byteLength(JSON.stringify({ audience: { householdId: id }, event }))).toBeGreaterThan(
        7000,
      );
      expect(await reader!.socket.next('new_message')).toEqual(event);
      expect(await writer!.socket.next('new_message')).toEqual(event);
      expect(await stored()).toBe(before + 1);
      // Small events after it still arrive, and in order.
      const small = await post(sameSessionOn(b, reader!.client), 'small again');
      expect((await writer!.socket.next('new_message')).message.id).toBe(small.id);
    });

    it('keeps events in the order published when a large one travels by reference', async () => {
      const { id, people } = await household([
        { name: ['Ord', 'Er'], on: b },
        { name: ['Ali', 'Alpha'], on: a },
      ]);
      // What chores and expenses will publish: a whole object, then a small change to it.
      for (let i = 0; i < 10; i++) {
        await a.hub.toHousehold(id, {
          type: 'new_chore',
          chore: { id: `chore-${i}`, notes: 'n'.repeat(8000) },
        });
        await a.hub.toHousehold(id, { type: 'chore_deleted', id: `chore-${i}` });
      }
      const expected = Array.from({ length: 10 }, (_, i) => [
        { type: 'new_chore', chore: { id: `chore-${i}`, notes: 'n'.repeat(8000) } },
        { type: 'chore_deleted', id: `chore-${i}` },
      ]).flat();
      for (const person of people) {
        await person.socket.next('chore_deleted', { where: (f) => f.id === 'chore-9' });
        const chores = person.socket.received.filter(
          (f) => f.type === 'new_chore' || f.type === 'chore_deleted',
        );
        expect(chores).toEqual(expected);
      }
    });

    it('reconnects the listeners when their database connections drop, and delivers again', async () => {
      const { id, people } = await household([
        { name: ['Nia', 'Alpha'], on: a },
        { name: ['Ola', 'Beta'], on: b },
      ]);
      const schema = database.schema!;
      const listen = `LISTEN ${`hearth_events_${schema.replace(/\W/g, '_')}`.slice(0, 63)}`;
      const listeners = async () =>
        (
          await sql<{ pid: number }>`select pid from pg_stat_activity where query = ${listen}`.execute(
            database.db,
          )
        ).rows;
      expect(await listeners()).toHaveLength(2);
      const terminated = await sql<{ ok: boolean }>`
      select pg_terminate_backend(pid) as ok from pg_stat_activity where query = ${listen}`.execute(
        database.db,
      );
      expect(terminated.rows.map((r) => r.ok)).toEqual([true, true]);

      // Events published while a listener was away are lost, so once it is back each instance
      // closes its sockets with 1012; clients reconnect and refetch, and events flow again.
      const [nia, ola] = people;
      expect(await nia!.socket.closed).toMatchObject({ code: 1012 });
      expect(await ola!.socket.closed).toMatchObject({ code: 1012 });
      const niaAgain = await socketOn(a, nia!.client);
      const olaAgain = await socketOn(b, ola!.client);
      await niaAgain.connect(nia!.user.id, id);
      await olaAgain.connect(ola!.user.id, id);
      expect(await listeners()).toHaveLength(2);
      const after = await post(sameSessionOn(b, ola!.client), 'back to normal');
      expect(
        (await niaAgain.next('new_message', { where: (f) => f.message.id === after.id })).message,
      ).toEqual(after);
      const fromA = await post(nia!.client, 'and the other way');
      expect(
        (await olaAgain.next('new_message', { where: (f) => f.message.id === fromA.id })).message,
      ).toEqual(fromA);
    });
  });

  describe('Hearths in other schemas of the same database', () => {
    // The migrator asks which tables exist: reading other schemas' tables as well would fail
    // when one of them is dropped meanwhile ("schema … does not exist").
    it('are not read when this one looks up its tables', async () => {
      const url = process.env.TEST_DATABASE_URL ?? '';
      const neighbour = `neighbour_${randomBytes(6).toString('hex')}`;
      const ours = `ours_${randomBytes(6).toString('hex')}`;
      const admin = await openDatabase({ engine: 'postgres', url });
      try {
        await (await openMigratedDatabase({ engine: 'postgres', url, schema: neighbour })).close();
        const database = await openMigratedDatabase({ engine: 'postgres', url, schema: ours });
        const tables = await database.db.introspection.getTables();
        await database.close();
        expect(new Set(tables.map((table) => table.schema))).toEqual(new Set([ours]));
        expect(tables.find((table) => table.name === 'expenses')?.columns.map((c) => c.name)).toContain(
          'household_id',
        );
      } finally {
        await sql`drop schema if exists ${sql.id(ours)} cascade`.execute(admin.db);
        await sql`drop schema if exists ${sql.id(neighbour)} cascade`.execute(admin.db);
        await admin.close();
      }
    });
  });
}
