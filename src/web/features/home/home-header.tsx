import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { PublicUser } from '#shared/accounts/api.ts';
import { Avatar } from '../../components/avatar.tsx';
import { SearchIcon } from '../../components/icons.tsx';
import { mutedText } from '../../components/ui.ts';
import { useT } from '../../lib/i18n.tsx';
import { openSearch } from '../../lib/search-opener.ts';

/** Title and subtitle with the avatar that opens the profile (docs/screens.md, Home). */
export function HomeHeader({
  user,
  title,
  subtitle,
  search = false,
}: {
  user: PublicUser;
  title: string;
  subtitle: ReactNode;
  /** A Search button on phones (a household's home: search looks through its data). */
  search?: boolean;
}) {
  const t = useT();
  return (
    <header className="flex items-start justify-between gap-4">
      <div className="min-w-0">
        <h1 className="font-bold text-2xl tracking-tight">{title}</h1>
        <p className={`truncate ${mutedText}`}>{subtitle}</p>
      </div>
      <div className="flex shrink-0 items-center gap-2">
        {/* From md the side navigation holds search. */}
        {search && (
          <button
            type="button"
            onClick={openSearch}
            aria-label={t('shell.search.open')}
            className="inline-flex size-11 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 md:hidden dark:text-slate-300 dark:hover:bg-slate-800"
          >
            <SearchIcon className="size-6" />
          </button>
        )}
        <Link to="/profile" className="rounded-full">
          <Avatar user={user} size="md" label={t('home.header.profile')} />
        </Link>
      </div>
    </header>
  );
}
