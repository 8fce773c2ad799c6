import type { ComponentType, SVGProps } from 'react';
import { NavLink, useLocation } from 'react-router';
import {
  CalendarIcon,
  ChatIcon,
  ChoresIcon,
  HomeIcon,
  LayersIcon,
  SearchIcon,
  SettingsIcon,
  UsersIcon,
  WalletIcon,
} from '../components/icons.tsx';
import { useUnreadCount } from '../features/messages/index.ts';
import { useT } from '../lib/i18n.tsx';
import { isNavItemActive, NAV_ITEMS, type NavPath } from './nav-items.ts';

const icons: Record<NavPath, ComponentType<SVGProps<SVGSVGElement>>> = {
  '/': HomeIcon,
  '/chores': ChoresIcon,
  '/expenses': WalletIcon,
  '/calendar': CalendarIcon,
  '/messages': ChatIcon,
  '/dashboard': LayersIcon,
  '/roommates': UsersIcon,
  '/settings': SettingsIcon,
};

/**
 * The main navigation: a bar at the bottom on phones; from the md breakpoint a column at the left
 * with every destination. One element switched by CSS, so the server's HTML fits every width.
 * From lg the column is wide enough for names beside their icons.
 */
export function MainNav({ onSearch }: { onSearch: () => void }) {
  const { pathname } = useLocation();
  const unread = useUnreadCount().data?.unread ?? 0;
  const t = useT();
  return (
    <nav
      aria-label={t('nav.main')}
      data-main-nav=""
      className="fixed inset-x-0 bottom-0 z-40 border-slate-200 border-t bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:sticky md:inset-auto md:top-0 md:order-first md:h-dvh md:w-28 md:shrink-0 md:overflow-y-auto md:border-t-0 md:border-r md:pb-0 lg:w-56 dark:border-slate-800 dark:bg-[#0b1220]/95"
    >
      <button
        type="button"
        onClick={onSearch}
        aria-keyshortcuts="/"
        className="mx-2 mt-4 mb-2 hidden w-[calc(100%-1rem)] flex-col items-center gap-0.5 rounded-lg border border-slate-300 px-2 py-2 font-medium text-slate-600 text-xs hover:bg-slate-100 md:flex lg:flex-row lg:gap-3 lg:px-3 lg:text-sm dark:border-slate-700 dark:text-slate-400 dark:hover:bg-slate-800"
      >
        <SearchIcon className="size-6 lg:size-5" />
        <span>{t('shell.search.open')}</span>
        <span
          aria-hidden="true"
          className="ml-auto hidden font-mono text-slate-500 text-xs lg:inline dark:text-slate-400"
        >
          /
        </span>
      </button>
      <ul className="mx-auto flex max-w-[430px] justify-around md:max-w-none md:flex-col md:justify-start md:gap-1 md:px-2">
        {NAV_ITEMS.map((item) => {
          const Icon = icons[item.path];
          const active = isNavItemActive(item.path, pathname);
          const badge = item.path === '/messages' && unread > 0 ? unread : null;
          const label = t(item.label);
          return (
            <li key={item.path} className={item.phone ? undefined : 'hidden md:block'}>
              <NavLink
                to={item.path}
                aria-current={active ? 'page' : undefined}
                className={`flex min-w-16 flex-col items-center gap-0.5 rounded-lg px-2 py-2 font-medium text-xs md:text-center lg:flex-row lg:gap-3 lg:px-3 lg:text-sm ${
                  active
                    ? 'text-blue-700 md:bg-blue-50 dark:text-blue-300 md:dark:bg-blue-950'
                    : 'text-slate-600 md:hover:bg-slate-100 dark:text-slate-400 md:dark:hover:bg-slate-800'
                }`}
              >
                <span className="relative">
                  <Icon className="size-6" />
                  {badge && (
                    <span
                      aria-hidden="true"
                      data-testid="unread-badge"
                      className="absolute -top-1.5 -right-2.5 min-w-5 rounded-full bg-red-700 px-1 text-center font-bold text-[0.6875rem] text-white leading-5"
                    >
                      {badge > 99 ? '99+' : badge}
                    </span>
                  )}
                </span>
                {/* With unread messages the name is said once, with the count: 'Chat, 2 unread messages'. */}
                <span aria-hidden={badge ? true : undefined} className="md:break-words lg:text-left">
                  {label}
                </span>
                {badge && <span className="sr-only">{t('nav.unread', { label, count: badge })}</span>}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
