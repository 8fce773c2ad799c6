// What the chores-*.test.ts files share: the chore and leaderboard rows the API answers, the
// app each file sets up with setUpChoresApp, and helpers that create, change, complete and list
// chores.

import { expect } from 'vitest';
import type { ChoreView as ChoreAnswer, LeaderboardEntry } from '#shared/chores/api.ts';
import { householdOf, type Member, setUpTestApp } from './helpers.ts';

/** The app's clock at the start of every test: a Wednesday. */
export const NOW = Date.parse('2026-03-11T12:00:00.000Z');

/** A chore as the API answers it; a completion's answer also carries the next occurrence. */
export type ChoreView = ChoreAnswer & { nextOccurrence?: ChoreAnswer | null };

export type LeaderboardRow = LeaderboardEntry;
export type Person = Member;

/**
 * Registers the calling file's hooks (its own app and database) and returns them with the
 * helpers that work on them. The app's clock is back at NOW before every test and set per test
 * where dates matter: completion time against the due date decides on-time, points and streaks,
 * and the leaderboard's periods count back from it.
 */
export function setUpChoresApp() {
  const t = setUpTestApp(NOW);
  /** Sets the app's clock from an ISO date-time. */
  const setClock = (iso: string) => {
    t.clock = Date.parse(iso);
  };
  /** Signs up "First Last" people; the first creates the household and the others join in order. */
  const householdWith = (names: string[]) => householdOf(t.app, names);
  /** Completes a chore at the given instant (the app's clock). */
  async function completeAt(by: Person, id: string, iso: string): Promise<ChoreView> {
    setClock(iso);
    return patchChore(by, id, { status: 'done' });
  }
  return Object.assign(t, { setClock, householdWith, completeAt });
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
