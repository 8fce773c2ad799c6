import { describe, expect, it } from 'vitest';
import { translate } from '#shared/i18n/catalogs.ts';
import {
  BOTTOM_NAV_ITEMS,
  isKeyboardOpen,
  isNavItemActive,
  isOnboardingPath,
  NAV_ITEMS,
  showBottomNav,
} from './nav-items.ts';

const visible = { signedIn: true, hasHousehold: true, pathname: '/', keyboardOpen: false };

describe('showBottomNav', () => {
  it('shows for a signed-in member of a household outside onboarding with the keyboard hidden', () => {
    expect(showBottomNav(visible)).toBe(true);
    expect(showBottomNav({ ...visible, pathname: '/chores' })).toBe(true);
  });

  it('hides when signed out', () => {
    expect(showBottomNav({ ...visible, signedIn: false })).toBe(false);
  });

  it('hides without a household', () => {
    expect(showBottomNav({ ...visible, hasHousehold: false })).toBe(false);
  });

  it('hides during onboarding', () => {
    expect(showBottomNav({ ...visible, pathname: '/onboarding' })).toBe(false);
    expect(showBottomNav({ ...visible, pathname: '/onboarding/join' })).toBe(false);
  });

  it('hides while the on-screen keyboard is open', () => {
    expect(showBottomNav({ ...visible, keyboardOpen: true })).toBe(false);
  });
});

describe('isKeyboardOpen', () => {
  it('is closed when the visual viewport fills the layout viewport', () => {
    expect(isKeyboardOpen(800, 800)).toBe(false);
  });

  it('is closed for a browser toolbar sized gap', () => {
    expect(isKeyboardOpen(800, 700)).toBe(false);
  });

  it('is open when the keyboard takes a large part of the screen', () => {
    expect(isKeyboardOpen(800, 450)).toBe(true);
  });

  it('is closed when the browser has no visual viewport', () => {
    expect(isKeyboardOpen(800, undefined)).toBe(false);
    expect(isKeyboardOpen(800, null)).toBe(false);
  });

  it('is closed for a degenerate layout height', () => {
    expect(isKeyboardOpen(0, 0)).toBe(false);
  });
});

describe('isOnboardingPath', () => {
  it('matches /onboarding and below only', () => {
    expect(isOnboardingPath('/onboarding')).toBe(true);
    expect(isOnboardingPath('/onboarding/x')).toBe(true);
    expect(isOnboardingPath('/onboardingx')).toBe(false);
    expect(isOnboardingPath('/')).toBe(false);
  });
});

describe('isNavItemActive', () => {
  it('marks Home only on /', () => {
    expect(isNavItemActive('/', '/')).toBe(true);
    expect(isNavItemActive('/', '/chores')).toBe(false);
  });

  it('marks a tab on its path and paths below it', () => {
    expect(isNavItemActive('/chores', '/chores')).toBe(true);
    expect(isNavItemActive('/chores', '/chores/12')).toBe(true);
    expect(isNavItemActive('/chores', '/choresx')).toBe(false);
  });

  it('lists the five tabs of the spec in order', () => {
    expect(BOTTOM_NAV_ITEMS.map((i) => `${translate('en', i.label)} ${i.path}`)).toEqual([
      'Home /',
      'Chores /chores',
      'Expenses /expenses',
      'Calendar /calendar',
      'Chat /messages',
    ]);
  });

  it('lists the side navigation: the tabs, then Dashboard, Roommates and Settings', () => {
    expect(NAV_ITEMS.map((i) => `${translate('en', i.label)} ${i.path}`)).toEqual([
      'Home /',
      'Chores /chores',
      'Expenses /expenses',
      'Calendar /calendar',
      'Chat /messages',
      'Dashboard /dashboard',
      'Roommates /roommates',
      'Settings /settings',
    ]);
  });

  it('keeps the tabs of the bottom bar first, so both bars list them in the same order', () => {
    expect(NAV_ITEMS.slice(0, BOTTOM_NAV_ITEMS.length)).toEqual(BOTTOM_NAV_ITEMS);
    expect(NAV_ITEMS.slice(BOTTOM_NAV_ITEMS.length).every((i) => !i.phone)).toBe(true);
  });

  it('marks the side-only destinations on their paths and below', () => {
    expect(isNavItemActive('/settings', '/settings')).toBe(true);
    expect(isNavItemActive('/dashboard', '/')).toBe(false);
    expect(isNavItemActive('/roommates', '/roommates')).toBe(true);
  });
});
