// Chores through the API: members away, and the chores of members who leave or are removed.
import { describe, expect, it } from 'vitest';
import { createChore, DUE, listChores, type Person, patchChore, setUpChoresApp } from './chores-setup.ts';
import { Client, signUp } from './helpers.ts';
import { expectRefusal } from './refusals.ts';

const t = setUpChoresApp();
const { householdWith } = t;

describe('PATCH /api/households/current/members/me (away)', () => {
  const awayOf = async (viewer: Person, person: Person) => {
    const household = (await viewer.client.get('/api/households/current')).json();
    const member = household.members.find((m: { userId: string }) => m.userId === person.user.id);
    return { awayFrom: member.awayFrom, awayUntil: member.awayUntil };
  };

  it('sets and clears an away range that every member sees', async () => {
    const { admin: ann, others } = await householdWith(['Ann Archer', 'Ben Baker']);
    const ben = others[0]!;
    expect(await awayOf(ann, ben)).toEqual({ awayFrom: null, awayUntil: null });
    const set = await ben.client.patch('/api/households/current/members/me', {
      awayFrom: '2026-03-16',
      awayUntil: '2026-03-22',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ awayFrom: '2026-03-16', awayUntil: '2026-03-22' });
    expect(await awayOf(ann, ben)).toEqual({ awayFrom: '2026-03-16', awayUntil: '2026-03-22' });
    expect(await awayOf(ben, ann)).toEqual({ awayFrom: null, awayUntil: null });
    // A single day is a range too.
    const oneDay = { awayFrom: '2026-03-18', awayUntil: '2026-03-18' };
    expect((await ben.client.patch('/api/households/current/members/me', oneDay)).statusCode).toBe(200);
    expect(await awayOf(ann, ben)).toEqual(oneDay);
    const cleared = await ben.client.patch('/api/households/current/members/me', {
      awayFrom: null,
      awayUntil: null,
    });
    expect(cleared.statusCode).toBe(200);
    expect(await awayOf(ann, ben)).toEqual({ awayFrom: null, awayUntil: null });
  });

  it.each([
    [{ awayFrom: '2026-03-16', awayUntil: null }, 'Send both awayFrom and awayUntil, or neither'],
    [{ awayFrom: null, awayUntil: '2026-03-16' }, 'Send both awayFrom and awayUntil, or neither'],
    [{ awayFrom: '2026-03-16' }, 'awayUntil must be a date (YYYY-MM-DD) or null'],
    [{}, 'awayFrom must be a date (YYYY-MM-DD) or null'],
    [{ awayFrom: '2026-03-20', awayUntil: '2026-03-16' }, 'awayUntil must not be before awayFrom'],
    [{ awayFrom: '2026-02-30', awayUntil: '2026-03-02' }, 'awayFrom must be a date (YYYY-MM-DD) or null'],
    [{ awayFrom: '16/03/2026', awayUntil: '2026-03-20' }, 'awayFrom must be a date (YYYY-MM-DD) or null'],
    [{ awayFrom: '2026-03-16', awayUntil: 'soon' }, 'awayUntil must be a date (YYYY-MM-DD) or null'],
    [
      { awayFrom: '2026-03-16T00:00:00Z', awayUntil: '2026-03-20' },
      'awayFrom must be a date (YYYY-MM-DD) or null',
    ],
    [{ awayFrom: 20260316, awayUntil: 20260320 }, 'awayFrom must be a date (YYYY-MM-DD) or null'],
  ])('refuses %j with 400 and changes nothing', async (body, message) => {
    const { admin } = await householdWith(['Ann Archer']);
    const setUp = { awayFrom: '2026-04-01', awayUntil: '2026-04-03' };
    expect((await admin.client.patch('/api/households/current/members/me', setUp)).statusCode).toBe(200);
    const response = await admin.client.patch('/api/households/current/members/me', body);
    expect(response.statusCode).toBe(400);
    expectRefusal(response.json(), message);
    expect(await awayOf(admin, admin)).toEqual(setUp);
  });

  it('answers 401 without a session and 404 without a household', async () => {
    const body = { awayFrom: null, awayUntil: null };
    expect((await new Client(t.app).patch('/api/households/current/members/me', body)).statusCode).toBe(401);
    const loner = await signUp(t.app);
    expect((await loner.client.patch('/api/households/current/members/me', body)).statusCode).toBe(404);
  });
});

describe('members leaving or removed', () => {
  const systemMessages = async (viewer: Person): Promise<string[]> => {
    const response = await viewer.client.get('/api/messages');
    expect(response.statusCode).toBe(200);
    return (response.json() as { type: string; content: string }[])
      .filter((m) => m.type === 'system')
      .map((m) => m.content);
  };

  it("hands the leaver's open chores on by each chore's rotation and says so in chat", async () => {
    const { admin: ann, others } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole', 'Dan Drake']);
    const [ben, cat, dan] = [others[0]!, others[1]!, others[2]!];
    const dishes = await createChore(ann, { title: 'Dishes', assignedTo: ben.user.id, recurrence: 'weekly' });
    const plants = await createChore(ann, { title: 'Plants', assignedTo: ben.user.id, rotation: 'fixed' });
    const started = await createChore(ann, { title: 'Hoover', assignedTo: ben.user.id });
    await patchChore(ben, started.id, { status: 'doing' });
    // Least done: Cat has done this series once, Dan and Ann never → Dan, the next after Ben with fewest.
    const mop = await createChore(ann, {
      title: 'Mop',
      assignedTo: ann.user.id,
      rotation: 'least_done',
      recurrence: 'weekly',
    });
    const mopNext = (await patchChore(cat, mop.id, { status: 'done' })).nextOccurrence!;
    expect(mopNext.assignedTo).toBe(ben.user.id);
    const finished = await createChore(ann, { title: 'Laundry', assignedTo: ben.user.id });
    await patchChore(ben, finished.id, { status: 'done' });

    expect((await ben.client.post('/api/households/leave')).statusCode).toBe(204);

    const byId = new Map((await listChores(ann)).map((c) => [c.id, c]));
    expect(byId.get(dishes.id)).toMatchObject({
      assignedTo: cat.user.id,
      assignedUser: { firstName: 'Cat' },
    });
    expect(byId.get(plants.id)?.assignedTo).toBe(cat.user.id);
    expect(byId.get(started.id)).toMatchObject({ assignedTo: cat.user.id, status: 'doing' });
    expect(byId.get(mopNext.id)?.assignedTo).toBe(dan.user.id);
    // Done chores keep who did them.
    expect(byId.get(finished.id)).toMatchObject({ assignedTo: ben.user.id, completedBy: ben.user.id });

    const notice = (await systemMessages(dan)).find((m) => m.startsWith("Ben B.'s open chores"));
    expect(notice).toBeDefined();
    const [head, list] = notice!.split(': ');
    expect(head).toBe("Ben B.'s open chores were reassigned");
    expect(list!.split(', ').sort()).toEqual(
      ['Dishes → Cat C.', 'Plants → Cat C.', 'Hoover → Cat C.', 'Mop → Dan D.'].sort(),
    );
  });

  it('skips a member who is away on the chore due date', async () => {
    const { admin: ann, others } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const [ben, cat] = [others[0]!, others[1]!];
    await cat.client.patch('/api/households/current/members/me', {
      awayFrom: '2026-03-10',
      awayUntil: '2026-03-14',
    });
    const chore = await createChore(ann, { title: 'Dishes', assignedTo: ben.user.id, dueDate: DUE });
    expect((await ben.client.post('/api/households/leave')).statusCode).toBe(204);
    expect((await listChores(ann)).find((c) => c.id === chore.id)?.assignedTo).toBe(ann.user.id);
    expect(await systemMessages(ann)).toContain("Ben B.'s open chores were reassigned: Dishes → Ann A.");
  });

  it("a removed member's open chores go to the next member, wrapping round to the first", async () => {
    const { admin: ann, others } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const cat = others[1]!;
    const chore = await createChore(ann, { title: 'Laundry', assignedTo: cat.user.id, recurrence: 'weekly' });
    expect((await ann.client.delete(`/api/households/members/${cat.user.id}`)).statusCode).toBe(200);
    expect((await listChores(ann)).find((c) => c.id === chore.id)).toMatchObject({
      assignedTo: ann.user.id,
      assignedUser: { firstName: 'Ann', lastName: 'Archer' },
    });
    expect(await systemMessages(others[0]!)).toContain(
      "Cat C.'s open chores were reassigned: Laundry → Ann A.",
    );
  });

  it('says nothing about chores when the leaver had none open', async () => {
    const { admin: ann, others } = await householdWith(['Ann Archer', 'Ben Baker']);
    await createChore(ann, { assignedTo: ann.user.id });
    expect((await others[0]!.client.post('/api/households/leave')).statusCode).toBe(204);
    expect((await systemMessages(ann)).some((m) => m.includes('open chores'))).toBe(false);
  });
});
