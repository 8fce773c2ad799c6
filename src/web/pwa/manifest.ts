import { THEME_COLORS } from '../lib/theme-choice.ts';

/**
 * The web app manifest (/manifest.webmanifest) and the icons the build renders for it from
 * src/web/public/favicon.svg (scripts/pwa-assets.ts). Colours are the app's own: the light
 * theme-color for the title bar, the page background (Tailwind slate-50) for the splash screen.
 */
export type IconKind = 'any' | 'maskable' | 'badge' | 'chores' | 'expenses' | 'chat';

export interface IconFile {
  path: string;
  size: number;
  kind: IconKind;
}

export const ICONS = {
  any192: { path: '/icons/icon-192.png', size: 192, kind: 'any' },
  any512: { path: '/icons/icon-512.png', size: 512, kind: 'any' },
  maskable512: { path: '/icons/maskable-512.png', size: 512, kind: 'maskable' },
  apple180: { path: '/icons/apple-touch-icon.png', size: 180, kind: 'maskable' },
  favicon32: { path: '/icons/favicon-32.png', size: 32, kind: 'any' },
  badge72: { path: '/icons/badge-72.png', size: 72, kind: 'badge' },
  chores96: { path: '/icons/shortcut-chores-96.png', size: 96, kind: 'chores' },
  expenses96: { path: '/icons/shortcut-expenses-96.png', size: 96, kind: 'expenses' },
  chat96: { path: '/icons/shortcut-chat-96.png', size: 96, kind: 'chat' },
} as const satisfies Record<string, IconFile>;

export const BACKGROUND_COLOR = '#f8fafc';

const png = (icon: IconFile, purpose?: 'any' | 'maskable') => ({
  src: icon.path,
  sizes: `${icon.size}x${icon.size}`,
  type: 'image/png',
  ...(purpose ? { purpose } : {}),
});

export const webManifest = {
  id: '/',
  name: 'Hearth',
  short_name: 'Hearth',
  description: 'Chores, expenses, calendar and chat for people who share a home.',
  lang: 'en',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  theme_color: THEME_COLORS.light,
  background_color: BACKGROUND_COLOR,
  categories: ['lifestyle', 'productivity'],
  icons: [png(ICONS.any192, 'any'), png(ICONS.any512, 'any'), png(ICONS.maskable512, 'maskable')],
  shortcuts: [
    { name: 'Chores', url: '/chores', icons: [png(ICONS.chores96)] },
    { name: 'Expenses', url: '/expenses', icons: [png(ICONS.expenses96)] },
    { name: 'Chat', short_name: 'Chat', url: '/messages', icons: [png(ICONS.chat96)] },
  ],
};
