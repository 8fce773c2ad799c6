import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '#shared/messages/api.ts';
import { MESSAGE_MAX_LENGTH, REACTIONS } from '#shared/messages/schemas.ts';
import { Client, createTestApp, signUp, type TestApp } from './helpers.ts';
import { expectIsolated } from './isolation.ts';
import { expectRefusal } from './refusals.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Person = Awaited<ReturnType<typeof signUp>>;

/** A household whose first person is the admin; the others join in order. */
async function householdWith(names: [string, string][]) {
  const people: Person[] = [];
  for (const [firstName, lastName] of names) people.push(await signUp(t.app, { firstName, lastName }));
  const [admin, ...others] = people;
  const created = await admin!.client.post('/api/households', { name: `${names[0]![0]}'s place` });
  expect(created.statusCode).toBe(201);
  const household = created.json() as { id: string; inviteCode: string };
  for (const other of others) {
    const joined = await other.client.post('/api/households/join', { inviteCode: household.inviteCode });
    expect(joined.statusCode).toBe(200);
  }
  return { household, admin: admin!, others, people };
}

async function send(client: Client, content: string): Promise<ChatMessage> {
  const response = await client.post('/api/messages', { content });
  expect(response.statusCode).toBe(201);
  return response.json();
}

const list = async (client: Client, query = ''): Promise<ChatMessage[]> => {
  const response = await client.get(`/api/messages${query}`);
  expect(response.statusCode).toBe(200);
  return response.json();
};
const unread = async (client: Client): Promise<number> => {
  const response = await client.get('/api/messages/unread-count');
  expect(response.statusCode).toBe(200);
  return response.json().unread;
};
const contents = (messages: ChatMessage[]) => messages.map((m) => m.content);

describe('POST /api/messages', () => {
  it('answers 201 with the message, its author and an empty set of reactions', async () => {
    const { household, admin } = await householdWith([['Ada', 'Lovelace']]);
    const response = await admin.client.post('/api/messages', { content: '  Hello, house!  \n' });
    expect(response.statusCode).toBe(201);
    const message = response.json();
    expect(message).toEqual({
      id: expect.any(String),
      content: 'Hello, house!',
      userId: admin.user.id,
      user: {
        id: admin.user.id,
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: admin.email,
        profileColor: 'blue',
        profileImageUrl: null,
      },
      householdId: household.id,
      createdAt: expect.any(String),
      type: 'text',
      reactions: [],
    });
    expect(Math.abs(Date.parse(message.createdAt) - Date.now())).toBeLessThan(60_000);
    expect(response.body).not.toContain('password');
    expect(await list(admin.client)).toEqual([message]);
  });

  it('refuses blank, missing and non-text content with "Message cannot be empty", creating nothing', async () => {
    const { admin } = await householdWith([['Bo', 'Blank']]);
    for (const body of [{ content: '' }, { content: ' \n\t ' }, {}, { content: 42 }, { content: null }]) {
      const response = await admin.client.post('/api/messages', body);
      expect(response.statusCode).toBe(400);
      expectRefusal(response.json(), 'Message cannot be empty');
    }
    expect(await list(admin.client)).toEqual([]);
  });

  it('accepts 2,000 characters (after trimming) and refuses 2,001', async () => {
    const { admin } = await householdWith([['Long', 'Winded']]);
    const longest = 'a'.repeat(MESSAGE_MAX_LENGTH);
    expect((await send(admin.client, `  ${longest}  `)).content).toBe(longest);
    const tooLong = await admin.client.post('/api/messages', { content: `${longest}b` });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({
      message: 'Message must be at most 2000 characters',
      code: 'message.content_too_long',
      params: { field: 'content', max: 2000 },
    });
    expect(contents(await list(admin.client))).toEqual([longest]);
  });

  it('keeps line breaks and any script inside the content as plain text', async () => {
    const { admin } = await householdWith([['Una', 'Code']]);
    const content = 'line one\nline two\n<script>alert("x")</script> 🎉 ünïcødé';
    expect((await send(admin.client, content)).content).toBe(content);
    expect(contents(await list(admin.client))).toEqual([content]);
  });

  it('takes the author and the household from the session, whatever the body names', async () => {
    const home = await householdWith([
      ['Hal', 'Home'],
      ['Ivy', 'Home'],
    ]);
    const away = await householdWith([['Zed', 'Away']]);
    const response = await home.others[0]!.client.post('/api/messages', {
      content: 'who wrote this?',
      userId: away.admin.user.id,
      householdId: away.household.id,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      userId: home.others[0]!.user.id,
      householdId: home.household.id,
    });
    expect(contents(await list(home.admin.client))).toContain('who wrote this?');
    expect(contents(await list(away.admin.client))).not.toContain('who wrote this?');
  });
});

describe('GET /api/messages', () => {
  let owner: Person;
  let sent: ChatMessage[];
  beforeAll(async () => {
    ({ admin: owner } = await householdWith([['Page', 'Turner']]));
    sent = [];
    for (let i = 1; i <= 250; i++) sent.push(await send(owner.client, `message ${i}`));
  });

  it('answers the latest 100 messages, oldest first', async () => {
    const messages = await list(owner.client);
    expect(contents(messages)).toEqual(sent.slice(150).map((m) => m.content));
    const times = messages.map((m) => Date.parse(m.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('honours limit, and refuses a limit outside 1..200', async () => {
    expect(await list(owner.client, '?limit=5')).toEqual(sent.slice(245));
    expect(await list(owner.client, '?limit=200')).toHaveLength(200);
    for (const limit of ['0', '201', '-1', 'abc', '2.5']) {
      const response = await owner.client.get(`/api/messages?limit=${limit}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/limit/);
    }
  });

  it('pages back with `before` with no gap and no duplicate, down to an empty page', async () => {
    for (const limit of [100, 30, 1]) {
      const seen: ChatMessage[] = [];
      let before: string | undefined;
      for (;;) {
        const page = await list(owner.client, `?limit=${limit}${before ? `&before=${before}` : ''}`);
        if (page.length === 0) break;
        expect(page.length).toBeLessThanOrEqual(limit);
        seen.unshift(...page);
        before = page[0]!.id;
      }
      expect(seen.map((m) => m.id)).toEqual(sent.map((m) => m.id));
    }
  });

  it('answers 404 for a cursor that names no message', async () => {
    const response = await owner.client.get('/api/messages?before=no-such-message');
    expect(response.statusCode).toBe(404);
    expect(typeof response.json().message).toBe('string');
  });
});

describe('reactions', () => {
  it('toggles the user’s reaction, grouping users per emoji in the menu’s order', async () => {
    const { admin, others } = await householdWith([
      ['Rae', 'Act'],
      ['Sol', 'Act'],
    ]);
    const message = await send(admin.client, 'react to me');
    const react = async (client: Client, emoji: string) => {
      const response = await client.post(`/api/messages/${message.id}/reactions`, { emoji });
      expect(response.statusCode).toBe(200);
      return (response.json() as ChatMessage).reactions;
    };
    expect(await react(admin.client, '🎉')).toEqual([{ emoji: '🎉', userIds: [admin.user.id] }]);
    expect(await react(others[0]!.client, '🎉')).toEqual([
      { emoji: '🎉', userIds: [admin.user.id, others[0]!.user.id] },
    ]);
    expect(await react(others[0]!.client, '👍')).toEqual([
      { emoji: '👍', userIds: [others[0]!.user.id] },
      { emoji: '🎉', userIds: [admin.user.id, others[0]!.user.id] },
    ]);
    // The same reaction again takes it back.
    expect(await react(admin.client, '🎉')).toEqual([
      { emoji: '👍', userIds: [others[0]!.user.id] },
      { emoji: '🎉', userIds: [others[0]!.user.id] },
    ]);
    const listed = (await list(others[0]!.client)).find((m) => m.id === message.id)!;
    expect(listed.reactions).toEqual([
      { emoji: '👍', userIds: [others[0]!.user.id] },
      { emoji: '🎉', userIds: [others[0]!.user.id] },
    ]);
  });

  it('accepts each of the six reactions and refuses anything else (400)', async () => {
    const { admin } = await householdWith([['Six', 'Faces']]);
    const message = await send(admin.client, 'all six');
    for (const emoji of REACTIONS) {
      const response = await admin.client.post(`/api/messages/${message.id}/reactions`, { emoji });
      expect(response.statusCode).toBe(200);
    }
    expect((await list(admin.client))[0]!.reactions.map((r) => r.emoji)).toEqual([
      '👍',
      '❤️',
      '😂',
      '😮',
      '😢',
      '🎉',
    ]);
    for (const body of [{ emoji: '🙂' }, { emoji: '👍👍' }, { emoji: '' }, { emoji: 'thumbs up' }, {}]) {
      const response = await admin.client.post(`/api/messages/${message.id}/reactions`, body);
      expect(response.statusCode).toBe(400);
      expectRefusal(response.json(), 'Reaction must be one of 👍 ❤️ 😂 😮 😢 🎉');
    }
    expect((await list(admin.client))[0]!.reactions).toHaveLength(6);
  });

  it('answers 404 for a message that does not exist', async () => {
    const { admin } = await householdWith([['Nob', 'Ody']]);
    const response = await admin.client.post('/api/messages/nothing-here/reactions', { emoji: '👍' });
    expect(response.statusCode).toBe(404);
  });
});

describe('unread count and read marker', () => {
  it('counts others’ messages after the marker, never one’s own, and system messages too', async () => {
    const {
      household,
      admin: ann,
      others,
    } = await householdWith([
      ['Ann', 'Read'],
      ['Ben', 'Read'],
    ]);
    const ben = others[0]!;
    for (const client of [ann.client, ben.client]) {
      const response = await client.post('/api/messages/read');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ unread: 0 });
    }

    const first = await send(ben.client, 'one');
    await send(ben.client, 'two');
    const third = await send(ben.client, 'three');
    expect(await unread(ann.client)).toBe(3);
    expect(await unread(ben.client)).toBe(0);

    // Reading up to a message leaves the later ones unread; the marker never moves back.
    const readTwo = await ann.client.post('/api/messages/read', { messageId: third.id });
    expect(readTwo.json()).toEqual({ unread: 0 });
    const back = await ann.client.post('/api/messages/read', { messageId: first.id });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toEqual({ unread: 0 });

    await send(ben.client, 'four');
    await send(ben.client, 'five');
    expect(await unread(ann.client)).toBe(2);

    // One's own messages never count, even after one's marker.
    await send(ann.client, 'still reading');
    expect(await unread(ann.client)).toBe(2);
    expect(await unread(ben.client)).toBe(1);

    const cal = await signUp(t.app, { firstName: 'Cal', lastName: 'Joiner' });
    await cal.client.post('/api/households/join', { inviteCode: household.inviteCode });
    expect(await unread(ann.client)).toBe(3);
    expect(await unread(ben.client)).toBe(2);
    const marked = await ben.client.post('/api/messages/read', {});
    expect(marked.json()).toEqual({ unread: 0 });
    expect(await unread(ben.client)).toBe(0);
    expect(await unread(ann.client)).toBe(3);
  });

  it('counts a message written in the same millisecond as the one marked read', async () => {
    const { admin: ann, others } = await householdWith([
      ['Ann', 'Tick'],
      ['Ben', 'Tick'],
    ]);
    const ben = others[0]!;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      const seen = await send(ben.client, 'seen');
      await ann.client.post('/api/messages/read', { messageId: seen.id });
      const unseen = await send(ben.client, 'written in the same millisecond');
      expect(await unread(ann.client)).toBe(1);
      const page = await list(ann.client);
      expect(page.map((m) => m.id).slice(-2)).toEqual([seen.id, unseen.id]);
      expect(Date.parse(unseen.createdAt)).toBeGreaterThan(Date.parse(seen.createdAt));
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers 404 for a read marker on a message that does not exist, and 400 for a bad body', async () => {
    const { admin } = await householdWith([['Mar', 'Ker']]);
    const missing = await admin.client.post('/api/messages/read', { messageId: 'nope' });
    expect(missing.statusCode).toBe(404);
    const bad = await admin.client.post('/api/messages/read', { messageId: 42 });
    expect(bad.statusCode).toBe(400);
  });
});

describe('system messages', () => {
  it('announces joining, leaving and removal in the chat with the member’s short name', async () => {
    const { household, admin } = await householdWith([['Ada', 'Admin']]);
    const bea = await signUp(t.app, { firstName: 'Bea', lastName: 'cole' });
    const cy = await signUp(t.app, { firstName: 'Cy', lastName: 'Dunn' });
    for (const person of [bea, cy]) {
      await person.client.post('/api/households/join', { inviteCode: household.inviteCode });
    }
    expect((await bea.client.post('/api/households/leave')).statusCode).toBe(204);
    expect((await admin.client.delete(`/api/households/members/${cy.user.id}`)).statusCode).toBe(200);

    const messages = await list(admin.client);
    expect(messages.map((m) => [m.type, m.userId, m.user, m.content])).toEqual([
      ['system', null, null, 'Bea C. joined the household'],
      ['system', null, null, 'Cy D. joined the household'],
      ['system', null, null, 'Bea C. left the household'],
      ['system', null, null, 'Cy D. was removed from the household'],
    ]);
    for (const message of messages) expect(message.householdId).toBe(household.id);
  });

  it('keeps what a system message says as data, for each reader to word in their language', async () => {
    const { household, admin } = await householdWith([['Ada', 'Admin']]);
    const bea = await signUp(t.app, { firstName: 'Bea', lastName: 'cole' });
    await bea.client.post('/api/households/join', { inviteCode: household.inviteCode });
    expect((await admin.client.delete(`/api/households/members/${bea.user.id}`)).statusCode).toBe(200);

    const messages = await list(admin.client);
    expect(messages.map((m) => [m.content, m.system])).toEqual([
      [
        'Bea C. joined the household',
        { kind: 'member_joined', params: { userId: bea.user.id, name: 'Bea C.' } },
      ],
      [
        'Bea C. was removed from the household',
        { kind: 'member_removed', params: { userId: bea.user.id, name: 'Bea C.' } },
      ],
    ]);
    // A member's message carries no such field.
    expect(await send(admin.client, 'hi')).not.toHaveProperty('system');
  });

  it('answers null for a system message stored without its kind (older rows)', async () => {
    const { household, admin } = await householdWith([['Old', 'Timer']]);
    await t.database.db
      .insertInto('messages')
      .values({
        id: '0000000000-old',
        household_id: household.id,
        user_id: null,
        type: 'system',
        content: 'Something happened',
        created_at: 1,
      })
      .execute();
    const [old] = await list(admin.client);
    expect(old).toMatchObject({ content: 'Something happened', type: 'system', system: null });
  });

  it('writes no system message when the last member leaves and the household goes', async () => {
    const { admin } = await householdWith([['Last', 'One']]);
    await send(admin.client, 'bye');
    expect((await admin.client.post('/api/households/leave')).statusCode).toBe(204);
    expect((await admin.client.get('/api/messages')).statusCode).toBe(404);
  });
});

const ROUTES: { method: 'GET' | 'POST'; url: string; body?: object }[] = [
  { method: 'GET', url: '/api/messages' },
  { method: 'POST', url: '/api/messages', body: { content: 'hi' } },
  { method: 'POST', url: '/api/messages/some-id/reactions', body: { emoji: '👍' } },
  { method: 'POST', url: '/api/messages/read', body: {} },
  { method: 'GET', url: '/api/messages/unread-count' },
];

describe('access', () => {
  it('answers 401 on every route without a session', async () => {
    const stranger = new Client(t.app);
    for (const route of ROUTES) {
      const response = await stranger.request({
        method: route.method,
        url: route.url,
        ...(route.body ? { payload: route.body } : {}),
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('answers 404 on every route to a user in no household', async () => {
    const { client } = await signUp(t.app);
    for (const route of ROUTES) {
      const response = await client.request({
        method: route.method,
        url: route.url,
        ...(route.body ? { payload: route.body } : {}),
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(404);
      expect(response.json()).toEqual({ message: 'You are not in a household', code: 'household.none' });
    }
  });

  it('answers 404 on every route to a member who was removed', async () => {
    const { admin, others } = await householdWith([
      ['Rex', 'Boss'],
      ['Kit', 'Gone'],
    ]);
    const message = await send(others[0]!.client, 'before I go');
    await admin.client.delete(`/api/households/members/${others[0]!.user.id}`);
    for (const route of ROUTES) {
      const response = await others[0]!.client.request({
        method: route.method,
        url: route.url.replace('some-id', message.id),
        ...(route.body ? { payload: route.body } : {}),
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(404);
    }
  });
});

describe('another household', () => {
  let owner: Person;
  let ownerMate: Person;
  let ownerHousehold: { id: string };
  let secret: ChatMessage;
  let outsider: Person;
  let outsiderHousehold: { id: string };
  let ownerView: () => Promise<unknown>;
  let secrets: string[];

  beforeAll(async () => {
    const home = await householdWith([
      ['Olive', 'Owner'],
      ['Milo', 'Mate'],
    ]);
    owner = home.admin;
    ownerMate = home.others[0]!;
    ownerHousehold = home.household;
    await owner.client.post('/api/messages/read');
    secret = await send(ownerMate.client, 'the spare key is under the mat');
    await owner.client.post(`/api/messages/${secret.id}/reactions`, { emoji: '😮' });
    ({ admin: outsider, household: outsiderHousehold } = await householdWith([['Otto', 'Outsider']]));
    await send(outsider.client, 'outsider’s own message');
    ownerView = async () => ({
      messages: await list(owner.client),
      unread: await unread(owner.client),
      mateUnread: await unread(ownerMate.client),
    });
    secrets = [secret.id, secret.content, ownerHousehold.id, 'Olive', 'Milo', owner.email, ownerMate.email];
  });

  it('GET /api/messages shows only the caller’s household', async () => {
    const response = await outsider.client.get('/api/messages');
    expect(response.statusCode).toBe(200);
    expect(contents(response.json())).toEqual(['outsider’s own message']);
    for (const text of secrets) expect(response.body).not.toContain(text);
  });

  it('GET /api/messages with another household’s message as cursor: 404', async () => {
    await expectIsolated({
      outsider: outsider.client,
      call: (client) => client.get(`/api/messages?before=${secret.id}`),
      ownerView,
      secrets,
    });
  });

  it('POST /api/messages naming another household writes to the caller’s own', async () => {
    const before = await ownerView();
    const response = await outsider.client.post('/api/messages', {
      content: 'meant for them',
      householdId: ownerHousehold.id,
      userId: owner.user.id,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ householdId: outsiderHousehold.id, userId: outsider.user.id });
    for (const text of secrets) expect(response.body).not.toContain(text);
    expect(await ownerView()).toEqual(before);
  });

  it('POST /api/messages/{id}/reactions on another household’s message: 404', async () => {
    for (const emoji of ['👍', '😮']) {
      await expectIsolated({
        outsider: outsider.client,
        call: (client) => client.post(`/api/messages/${secret.id}/reactions`, { emoji }),
        ownerView,
        secrets,
      });
    }
  });

  it('POST /api/messages/read with another household’s message: 404, and no marker moves', async () => {
    const outsiderUnread = await unread(outsider.client);
    await expectIsolated({
      outsider: outsider.client,
      call: (client) => client.post('/api/messages/read', { messageId: secret.id }),
      ownerView,
      secrets,
    });
    expect(await unread(outsider.client)).toBe(outsiderUnread);
  });

  it('GET /api/messages/unread-count counts only the caller’s household', async () => {
    await outsider.client.post('/api/messages/read');
    await send(ownerMate.client, 'another secret');
    const response = await outsider.client.get('/api/messages/unread-count');
    expect(response.json()).toEqual({ unread: 0 });
    expect(await unread(owner.client)).toBeGreaterThan(0);
  });
});
