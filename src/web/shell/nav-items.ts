import type { MessageId } from '#shared/i18n/compiled/en.ts';

/**
 * The app's destinations (docs/screens.md, Navigation), in order; `label` is the id of the name
 * in the catalogues (docs/i18n.md). The bottom bar shows those with `phone`; the side navigation
 * (from the md breakpoint) shows them all.
 */
export const NAV_ITEMS = [
  { label: 'nav.home', path: '/', phone: true },
  { label: 'nav.chores', path: '/chores', phone: true },
  { label: 'nav.expenses', path: '/expenses', phone: true },
  { label: 'nav.calendar', path: '/calendar', phone: true },
  { label: 'nav.chat', path: '/messages', phone: true },
  { label: 'nav.dashboard', path: '/dashboard', phone: false },
  { label: 'nav.roommates', path: '/roommates', phone: false },
  { label: 'nav.settings', path: '/settings', phone: false },
] as const satisfies readonly { label: MessageId; path: string; phone: boolean }[];

export type NavPath = (typeof NAV_ITEMS)[number]['path'];

/** The tabs of the bottom navigation, in order. */
export const BOTTOM_NAV_ITEMS = NAV_ITEMS.filter((item) => item.phone);

/**
 * Phones shrink the visual viewport, not the layout viewport, when the on-screen keyboard opens.
 * A gap of more than 150 px (taller than any browser toolbar) that also takes a fifth of the
 * screen is taken as the keyboard.
 */
export function isKeyboardOpen(layoutHeight: number, visualHeight: number | null | undefined): boolean {
  if (visualHeight == null || layoutHeight <= 0) return false;
  const gap = layoutHeight - visualHeight;
  return gap > 150 && visualHeight < layoutHeight * 0.8;
}

export function isOnboardingPath(pathname: string): boolean {
  return pathname === '/onboarding' || pathname.startsWith('/onboarding/');
}

/** Shown (bottom bar or side navigation) only when signed in, with a household, not in onboarding and with the keyboard hidden. */
export function showBottomNav(input: {
  signedIn: boolean;
  hasHousehold: boolean;
  pathname: string;
  keyboardOpen: boolean;
}): boolean {
  return input.signedIn && input.hasHousehold && !isOnboardingPath(input.pathname) && !input.keyboardOpen;
}

/** The tab a path belongs to: Home only for '/', the others for their path and anything below it. */
export function isNavItemActive(itemPath: string, pathname: string): boolean {
  if (itemPath === '/') return pathname === '/';
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}
