import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { thisMonthReadPath } from '../calendar/zone-days.ts';
import {
  firstScreenAt,
  firstScreens,
  HOUSEHOLD_ONLY_PATHS,
  homeReadPath,
  householdStartModules,
  REALTIME_MODULE,
  readsNameTimeZone,
  readsOf,
  routesOf,
  SCREENS,
  signedOutStartModules,
} from './screens.ts';

describe('HOUSEHOLD_ONLY_PATHS', () => {
  it('lists the household screens, and neither home nor the listings', () => {
    expect([...HOUSEHOLD_ONLY_PATHS].sort()).toEqual([
      '/activity',
      '/add-chore',
      '/add-event',
      '/add-expense',
      '/calendar',
      '/chores',
      '/chores/:id/edit',
      '/dashboard',
      '/expenses',
      '/expenses/:id/edit',
      '/expenses/deleted',
      '/import-splitwise',
      '/messages',
    ]);
    expect(HOUSEHOLD_ONLY_PATHS).not.toContain('/');
    expect(HOUSEHOLD_ONLY_PATHS).not.toContain('/roommates');
  });
});

describe('the screens', () => {
  it('name modules that exist in the web app', () => {
    for (const module of [...Object.values(SCREENS).map((s) => s.module), REALTIME_MODULE])
      expect(fs.existsSync(path.join(import.meta.dirname, '../../web', module)), module).toBe(true);
  });

  it('give every state a screen at its start, and a returning browser the sign-in screen there', () => {
    for (const state of [
      'signed-out',
      'returning',
      'needs-onboarding',
      'without-household',
      'with-household',
    ] as const)
      expect(routesOf(state).has('/'), state).toBe(true);
    expect(Object.fromEntries(routesOf('returning'))).toEqual({
      ...Object.fromEntries(routesOf('signed-out')),
      '/': 'auth',
    });
  });

  it("ready a member's and a guest's first screens step by step, reading only for a member", () => {
    const at = (audience: 'member' | 'guest', step: 'load' | 'hint' | 'render') =>
      firstScreens(audience, step).map((s) => s.path);
    for (const audience of ['member', 'guest'] as const) {
      expect(at(audience, 'load'), audience).toEqual(expect.arrayContaining(at(audience, 'hint')));
      expect(at(audience, 'hint'), audience).toEqual(expect.arrayContaining(at(audience, 'render')));
    }
    for (const { name } of firstScreens('guest', 'load')) expect(readsOf(name, 'UTC'), name).toEqual([]);
    expect(firstScreenAt('member', '/chores', 'render')).toBe('chores');
    expect(firstScreenAt('member', '/settings', 'hint')).toBe('settings');
    expect(firstScreenAt('member', '/settings', 'render')).toBeUndefined();
    expect(firstScreenAt('guest', '/auth', 'render')).toBe('auth');
    expect(firstScreenAt('guest', '/chores', 'load')).toBeUndefined();
  });

  it("name the home screen's read only with a time zone", () => {
    expect(readsOf('home', 'Europe/Paris')).toEqual([homeReadPath('Europe/Paris')]);
    expect(readsOf('home', undefined)).toEqual([]);
    expect(readsNameTimeZone('home')).toBe(true);
    expect(readsNameTimeZone('chores')).toBe(false);
  });

  it("name the calendar's month only with a time zone, its chores and bills without", () => {
    const now = Date.now();
    expect(readsOf('calendar', 'Asia/Tokyo')).toEqual([
      '/api/chores',
      '/api/expenses',
      thisMonthReadPath('Asia/Tokyo', now),
    ]);
    expect(readsOf('calendar', undefined)).toEqual(['/api/chores', '/api/expenses']);
    expect(readsNameTimeZone('calendar')).toBe(true);
  });

  it('group the household start screens and the live connection, and keep the signed-out ones apart', () => {
    const household = householdStartModules();
    expect(household).toContain(REALTIME_MODULE);
    expect(household).toContain(SCREENS.chores.module);
    expect(household).not.toContain(SCREENS.settings.module);
    expect(signedOutStartModules()).toEqual(
      expect.arrayContaining([SCREENS.landing.module, SCREENS.auth.module]),
    );
    for (const module of signedOutStartModules()) expect(household).not.toContain(module);
  });
});
