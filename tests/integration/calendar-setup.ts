// What the calendar-*.test.ts files share: the event the API answers, the app each file sets up
// with setUpCalendarApp, and helpers that sign people up, create and list events and read the
// calendar feed.

import type { FastifyInstance } from 'fastify';
import ICAL from 'ical.js';
import { expect } from 'vitest';
import type { CalendarOccurrence } from '#shared/calendar/api.ts';
import { Client, type FileApp, setUpTestApp, signUp } from './helpers.ts';

/** The app's clock at the start of every test: a Wednesday. */
/** An event or occurrence as the API answers it. */
export type EventView = CalendarOccurrence;

export const NOW = Date.parse('2026-03-11T12:00:00.000Z');

export interface Person {
  client: Client;
  user: { id: string; email: string };
  firstName: string;
}

/**
 * Registers the calling file's hooks (its own app and database) and returns them with the
 * helpers that work on them. The app's clock, back at NOW before every test, stamps
 * createdAt/updatedAt and places the default window of GET /api/calendar.
 */
export function setUpCalendarApp() {
  const t = setUpTestApp(NOW);
  return Object.assign(t, calendarHelpers(t));
}

function calendarHelpers(t: FileApp) {
  /** Signs up people by first name; the first creates the household and the others join in order. */
  async function householdWith(names: string[], app: FastifyInstance = t.app) {
    const people: Person[] = [];
    for (const firstName of names) people.push({ ...(await signUp(app, { firstName })), firstName });
    const [admin, ...others] = people;
    const created = await admin!.client.post('/api/households', { name: `${names[0]}'s place` });
    expect(created.statusCode).toBe(201);
    const household = created.json() as { id: string; name: string; inviteCode: string };
    for (const other of others) {
      const joined = await other.client.post('/api/households/join', { inviteCode: household.inviteCode });
      expect(joined.statusCode).toBe(200);
    }
    return { household, admin: admin!, others, people };
  }

  /** Fetches a feed as a calendar app would: no cookie, just the secret URL. */
  function fetchFeed(path: string) {
    return new Client(t.app).get(path);
  }

  async function parsedFeed(path: string) {
    const response = await fetchFeed(path);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/calendar/);
    const calendar = new ICAL.Component(ICAL.parse(response.body));
    expect(calendar.name).toBe('vcalendar');
    return { body: response.body, calendar, vevents: calendar.getAllSubcomponents('vevent') };
  }

  return { householdWith, fetchFeed, parsedFeed };
}

export const iso = (ms: number) => new Date(ms).toISOString();

export async function createEvent(by: Person, fields: Record<string, unknown>): Promise<EventView> {
  const response = await by.client.post('/api/calendar', {
    title: 'Standup',
    startDate: '2026-03-12T09:00:00.000Z',
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

export async function listEvents(by: Person, from?: string, to?: string): Promise<EventView[]> {
  const query = from && to ? `?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}` : '';
  const response = await by.client.get(`/api/calendar${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

// A wide window (at most 366 days) that holds every date these tests use.
export const WIDE_FROM = '2025-12-01T00:00:00.000Z';
export const WIDE_TO = '2026-12-01T00:00:00.000Z';
export const everything = (by: Person) => listEvents(by, WIDE_FROM, WIDE_TO);

/** The feed's path (as the app serves it) from the URL the API hands out. */
export async function feedPath(by: Person): Promise<string> {
  const response = await by.client.get('/api/calendar/feed');
  expect(response.statusCode, response.body).toBe(200);
  const { url, ...rest } = response.json() as { url: string };
  expect(rest).toEqual({});
  expect(url).toMatch(/^https?:\/\/[^/]+\/api\/calendar\/feed\/[A-Za-z0-9_-]{16,64}\.ics$/);
  return new URL(url).pathname;
}

export const uidOf = (vevent: ICAL.Component) => String(vevent.getFirstPropertyValue('uid'));
