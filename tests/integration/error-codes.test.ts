import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, type ApiErrorBody, formatApiError, isApiErrorCode } from '#shared/api-errors.ts';
import { Client, createTestApp, householdOf, PASSWORD, signUp, type TestApp } from './helpers.ts';

// Every error answer is {message, code, params?} (docs/client.md, Errors). The clock is fixed one
// second into a rate-limit window, so a 429 here always waits the rest of it.
const NOW = Date.UTC(2026, 2, 2, 9, 0, 1);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => NOW });
});
afterAll(async () => {
  await t.close();
});

/** A code of the table: its English words, filled with the params, are the message. */
function expectRebuilt(body: ApiErrorBody): void {
  expect(isApiErrorCode(body.code), body.code).toBe(true);
  if (isApiErrorCode(body.code))
    expect(formatApiError(API_ERRORS[body.code], body.params)).toBe(body.message);
}

describe('error answers carry a stable code beside the English message', () => {
  it('400 for input a schema refuses: our sentence, or the kind of problem, with the field', async () => {
    const { admin } = await householdOf(t.app, ['Val Idator']);
    const due = new Date(Date.now() + 86_400_000).toISOString();
    const tooLong = await admin.client.post('/api/chores', {
      title: 'x'.repeat(121),
      assignedTo: admin.user.id,
      dueDate: due,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({
      message: 'Title must be at most 120 characters',
      code: 'chore.title_too_long',
      params: { field: 'title', max: 120 },
    });

    const generic = await admin.client.post('/api/chores', {
      title: 'Dishes',
      assignedTo: admin.user.id,
      dueDate: due,
      priority: 'critical',
    });
    expect(generic.statusCode).toBe(400);
    expect(generic.json()).toEqual({
      message: 'priority: Invalid option: expected one of "urgent"|"high"|"medium"|"low"',
      code: 'validation.invalid_option',
      params: { field: 'priority', options: 'urgent, high, medium, low' },
    });

    const missing = await new Client(t.app).post('/api/login', { email: 'ada@example.com' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      message: 'Password is required',
      code: 'account.password_required',
      params: { field: 'password' },
    });
  });

  it('400 for malformed JSON and for text no database can store', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'Malformed JSON body', code: 'http.malformed_json' });

    const nul = await new Client(t.app).post('/api/login', { email: 'a\u0000@b.co', password: PASSWORD });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({
      message: 'email: must not contain NUL characters',
      code: 'validation.nul_character',
      params: { field: 'email' },
    });
    expectRebuilt(nul.json());
  });

  it('401 when nobody is signed in, and for a failed sign-in', async () => {
    const anonymous = await new Client(t.app).get('/api/auth/user');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Not signed in', code: 'auth.not_signed_in' });

    const { email } = await signUp(t.app);
    const wrong = await new Client(t.app).post('/api/login', { email, password: 'not the password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid email or password', code: 'auth.invalid_credentials' });
  });

  it('403 for a member who is not allowed, and for a write from another site', async () => {
    const { admin, others } = await householdOf(t.app, ['Ann Admin', 'Ben Member']);
    const byMember = await others[0]!.client.delete(`/api/households/members/${admin.user.id}`);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json()).toEqual({
      message: 'Only an administrator can do this',
      code: 'household.admin_only',
    });

    const crossSite = await admin.client.post('/api/logout', undefined, { origin: 'https://evil.example' });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toEqual({ message: 'Cross-origin request refused', code: 'http.cross_origin' });
  });

  it('404 for what is missing, with the values a message names', async () => {
    const { admin } = await householdOf(t.app, ['Nora Nothing']);
    const chore = await admin.client.delete('/api/chores/no-such-chore');
    expect(chore.statusCode).toBe(404);
    expect(chore.json()).toEqual({ message: 'Chore not found', code: 'chore.not_found' });

    const { client } = await signUp(t.app);
    const invite = await client.post('/api/households/join', { inviteCode: 'ZZZZZZZZ' });
    expect(invite.statusCode).toBe(404);
    expect(invite.json()).toEqual({ message: 'Invalid invite code', code: 'household.invalid_invite_code' });

    const endpoint = await client.get('/api/no-such-thing');
    expect(endpoint.statusCode).toBe(404);
    expect(endpoint.json()).toEqual({
      message: 'No such endpoint: GET /api/no-such-thing',
      code: 'http.no_such_endpoint',
      params: { method: 'GET', path: '/api/no-such-thing' },
    });
    expectRebuilt(endpoint.json());
  });

  it('409 for a conflict with what exists', async () => {
    const { email } = await signUp(t.app);
    const again = await new Client(t.app).post('/api/register', {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      firstName: 'Ada',
      lastName: 'Again',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'User already exists', code: 'auth.user_exists' });

    const { household, admin } = await householdOf(t.app, ['Otto Own']);
    const own = await admin.client.post('/api/households/join', { inviteCode: household.inviteCode });
    expect(own.statusCode).toBe(409);
    expect(own.json()).toEqual({
      message: 'You are already a member of this household',
      code: 'household.already_member',
    });
  });

  it('413 for a body or a file over its limit', async () => {
    const body = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1024 * 1024) }),
    });
    expect(body.statusCode).toBe(413);
    expect(body.json()).toEqual({
      message: 'Request body is too large (the limit is 1 MB)',
      code: 'http.body_too_large',
    });

    const { admin } = await householdOf(t.app, ['Sam Splitwise']);
    const file = await admin.client.post('/api/import/splitwise/preview', {
      csv: 'x'.repeat(2 * 1024 * 1024 + 1),
    });
    expect(file.statusCode).toBe(413);
    expect(file.json()).toEqual({
      message: 'The file is too large (the limit is 2 MB)',
      code: 'import.file_too_large',
    });
  });

  it('429 for too many attempts, with Retry-After', async () => {
    const { email } = await signUp(t.app);
    const attacker = new Client(t.app, '192.0.2.77');
    for (let i = 0; i < 10; i++) {
      const failed = await attacker.post('/api/login', { email, password: `guess-${i}-guess` });
      expect(failed.statusCode).toBe(401);
    }
    const limited = await attacker.post('/api/login', { email, password: 'one more guess' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('599');
    expect(limited.json()).toEqual({
      message: 'Too many attempts. Please wait a few minutes and try again.',
      code: 'rate_limit.wait_minutes',
    });
  });
});
