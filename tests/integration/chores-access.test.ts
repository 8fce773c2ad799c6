// Chores through the API: another household's chores.
import { describe, expect, it } from 'vitest';
import { board, createChore, DUE, listChores, patchChore, setUpChoresApp, titles } from './chores-setup.ts';
import type { Client } from './helpers.ts';
import { expectIsolated } from './isolation.ts';

const t = setUpChoresApp();

const NOT_A_MEMBER = {
  message: 'assignedTo must be a member of your household',
  code: 'chore.assignee_not_member',
  params: { field: 'assignedTo' },
};
const { householdWith } = t;

describe('another household', () => {
  async function twoHouseholds() {
    const home = await householdWith(['Ann Archer', 'Ben Baker']);
    const away = await householdWith(['Zed Zimmer']);
    const chore = await createChore(home.admin, {
      title: 'Secret scrubbing',
      description: 'Behind the fridge',
      recurrence: 'weekly',
      assignedTo: home.others[0]!.user.id,
    });
    const ownerView = async () => ({
      chores: await listChores(home.admin),
      history: await listChores(home.admin, '?status=done'),
      board: await board(home.admin, 'all'),
    });
    const secrets = [chore.title, chore.description!, home.admin.user.id, home.others[0]!.user.id];
    return { home, outsider: away.admin, chore, ownerView, secrets };
  }

  it('cannot change, complete or delete a chore it does not own (404, nothing changes)', async () => {
    const { outsider, chore, ownerView, secrets } = await twoHouseholds();
    const calls = [
      (c: Client) => c.patch(`/api/chores/${chore.id}`, { title: 'Mine now' }),
      (c: Client) => c.patch(`/api/chores/${chore.id}`, { status: 'done' }),
      (c: Client) => c.patch(`/api/chores/${chore.id}`, { assignedTo: outsider.user.id }),
      (c: Client) => c.delete(`/api/chores/${chore.id}`),
      (c: Client) => c.delete(`/api/chores/${chore.id}?series=true`),
    ];
    for (const call of calls) {
      await expectIsolated({ outsider: outsider.client, call, ownerView, secrets });
    }
    expect(await board(outsider, 'all')).toEqual([
      { userId: outsider.user.id, points: 0, completions: 0, onTimeRate: null, streakWeeks: 0 },
    ]);
  });

  it('never sees it in its lists, history or leaderboard', async () => {
    const { home, outsider, chore, secrets } = await twoHouseholds();
    const next = (await patchChore(home.admin, chore.id, { status: 'done' })).nextOccurrence!;
    await createChore(outsider, { title: 'Own chore' });
    for (const url of [
      '/api/chores',
      '/api/chores?status=done',
      '/api/chores/leaderboard?period=all',
      '/api/chores/leaderboard?period=week',
    ]) {
      const response = await outsider.client.get(url);
      expect(response.statusCode).toBe(200);
      for (const secret of [...secrets, next.id, chore.id]) expect(response.body).not.toContain(secret);
    }
    expect(titles(await listChores(outsider))).toEqual(['Own chore']);
  });

  it('cannot assign a chore to a member of another household (400)', async () => {
    const { home, outsider, chore, ownerView } = await twoHouseholds();
    const stranger = home.others[0]!.user.id;
    const created = await outsider.client.post('/api/chores', {
      title: 'Spy',
      assignedTo: stranger,
      dueDate: DUE,
    });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual(NOT_A_MEMBER);
    expect(await listChores(outsider)).toEqual([]);

    const own = await createChore(outsider);
    const moved = await outsider.client.patch(`/api/chores/${own.id}`, { assignedTo: stranger });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toEqual(NOT_A_MEMBER);
    expect(await listChores(outsider)).toEqual([own]);

    const before = await ownerView();
    const inward = await home.admin.client.patch(`/api/chores/${chore.id}`, { assignedTo: outsider.user.id });
    expect(inward.statusCode).toBe(400);
    expect(inward.json()).toEqual(NOT_A_MEMBER);
    expect(await ownerView()).toEqual(before);
  });

  it("a former member's account cannot reach the household's chores after leaving", async () => {
    const { home, chore, ownerView } = await twoHouseholds();
    const ben = home.others[0]!;
    expect((await ben.client.post('/api/households/leave')).statusCode).toBe(204);
    const before = await ownerView();
    expect((await ben.client.get('/api/chores')).statusCode).toBe(404);
    expect((await ben.client.patch(`/api/chores/${chore.id}`, { status: 'done' })).statusCode).toBe(404);
    expect((await ben.client.delete(`/api/chores/${chore.id}`)).statusCode).toBe(404);
    expect(await ownerView()).toEqual(before);
  });
});
