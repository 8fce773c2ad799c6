// What the chores-*.test.ts files share: the chore and leaderboard rows the API answers, and
// helpers that sign people up and create, change, complete and list chores. Each file sets up its
// own app and database in its beforeAll and binds choresHelpers to it and to its clock.
import { expect } from 'vitest';
import { type Client, signUp, type TestApp } from './helpers.ts';

/** The app's clock at the start of every test: a Wednesday. */
export const NOW = Date.parse('2026-03-11T12:00:00.000Z');

export interface Subtask {
  text: string;
  done: boolean;
}
export interface ChoreView {
  id: string;
  seriesId: string;
  title: string;
  description: string | null;
  status: 'todo' | 'doing' | 'done';
  priority: string;
  category: string;
  dueDate: string;
  timeZone: string;
  completedAt: string | null;
  completedBy: string | null;
  assignedTo: string | null;
  assignedUser: { id: string; firstName: string; lastName: string } | null;
  recurrence: string | null;
  rotation: string;
  reminder: string;
  estimatedDuration: number;
  subtasks: Subtask[];
  notes: string | null;
  streak: number;
  points: number;
  onTime: boolean | null;
  createdAt: string;
  updatedAt: string;
  nextOccurrence?: ChoreView | null;
}
export interface LeaderboardRow {
  userId: string;
  points: number;
  completions: number;
  onTimeRate: number | null;
  streakWeeks: number;
}
export interface Person {
  client: Client;
  user: { id: string; email: string };
  email: string;
  firstName: string;
  lastName: string;
}

/** The helpers that work on a test file's own app, and its clock (set from an ISO date-time). */
export function choresHelpers(testApp: () => TestApp, setClock: (iso: string) => void) {
  /** Signs up "First Last" people; the first creates the household and the others join in order. */
  async function householdWith(names: string[]) {
    const people: Person[] = [];
    for (const name of names) {
      const [firstName = name, lastName = 'Tester'] = name.split(' ');
      people.push({ ...(await signUp(testApp().app, { firstName, lastName })), firstName, lastName });
    }
    const [admin, ...others] = people;
    const created = await admin!.client.post('/api/households', { name: `${names[0]}'s place` });
    expect(created.statusCode).toBe(201);
    const household = created.json();
    for (const other of others) {
      const joined = await other.client.post('/api/households/join', { inviteCode: household.inviteCode });
      expect(joined.statusCode).toBe(200);
    }
    return { household, admin: admin!, others, people };
  }

  /** Completes a chore at the given instant (the app's clock). */
  async function completeAt(by: Person, id: string, iso: string): Promise<ChoreView> {
    setClock(iso);
    return patchChore(by, id, { status: 'done' });
  }

  return { householdWith, completeAt };
}

export const DUE = '2026-03-12T18:00:00.000Z';

export async function createChore(by: Person, fields: Record<string, unknown> = {}): Promise<ChoreView> {
  const response = await by.client.post('/api/chores', {
    title: 'Dishes',
    assignedTo: by.user.id,
    dueDate: DUE,
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

export async function patchChore(
  by: Person,
  id: string,
  changes: Record<string, unknown>,
): Promise<ChoreView> {
  const response = await by.client.patch(`/api/chores/${id}`, changes);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

export async function listChores(by: Person, query = ''): Promise<ChoreView[]> {
  const response = await by.client.get(`/api/chores${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

export async function board(by: Person, period = 'week'): Promise<LeaderboardRow[]> {
  const response = await by.client.get(`/api/chores/leaderboard?period=${period}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

export const rowOf = (rows: LeaderboardRow[], person: Person) =>
  rows.find((r) => r.userId === person.user.id);
export const titles = (chores: ChoreView[]) => chores.map((c) => c.title).sort();
export const inSeries = (chores: ChoreView[], seriesId: string) =>
  chores.filter((c) => c.seriesId === seriesId);
