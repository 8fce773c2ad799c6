import type { ComponentType, SVGProps } from 'react';
import { NavLink, useLocation } from 'react-router';
import { CalendarIcon, ChatIcon, ChoresIcon, HomeIcon, WalletIcon } from '../components/icons.tsx';
import { useUnreadCount } from '../features/messages/index.ts';
import { useT } from '../lib/i18n.tsx';
import { BOTTOM_NAV_ITEMS, isNavItemActive } from './nav-items.ts';

const icons: Record<(typeof BOTTOM_NAV_ITEMS)[number]['path'], ComponentType<SVGProps<SVGSVGElement>>> = {
  '/': HomeIcon,
  '/chores': ChoresIcon,
  '/expenses': WalletIcon,
  '/calendar': CalendarIcon,
  '/messages': ChatIcon,
};

export function BottomNav() {
  const { pathname } = useLocation();
  const unread = useUnreadCount().data?.unread ?? 0;
  const t = useT();
  return (
    <nav
      aria-label={t('nav.main')}
      className="fixed inset-x-0 bottom-0 z-40 border-slate-200 border-t bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur dark:border-slate-800 dark:bg-[#0b1220]/95"
    >
      <ul className="mx-auto flex max-w-[430px] justify-around">
        {BOTTOM_NAV_ITEMS.map((item) => {
          const Icon = icons[item.path];
          const active = isNavItemActive(item.path, pathname);
          const badge = item.path === '/messages' && unread > 0 ? unread : null;
          const label = t(item.label);
          return (
            <li key={item.path}>
              <NavLink
                to={item.path}
                aria-current={active ? 'page' : undefined}
                className={`flex min-w-16 flex-col items-center gap-0.5 rounded-lg px-2 py-2 font-medium text-xs ${
                  active ? 'text-blue-700 dark:text-blue-300' : 'text-slate-600 dark:text-slate-400'
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
                <span aria-hidden={badge ? true : undefined}>{label}</span>
                {badge && <span className="sr-only">{t('nav.unread', { label, count: badge })}</span>}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
