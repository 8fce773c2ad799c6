import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { PublicUser } from '#shared/accounts/api.ts';
import { Avatar } from '../../components/avatar.tsx';
import { mutedText } from '../../components/ui.ts';
import { useT } from '../../lib/i18n.tsx';

/** Title and subtitle with the avatar that opens the profile (docs/screens.md, Home). */
export function HomeHeader({
  user,
  title,
  subtitle,
}: {
  user: PublicUser;
  title: string;
  subtitle: ReactNode;
}) {
  const t = useT();
  return (
    <header className="flex items-start justify-between gap-4">
      <div className="min-w-0">
        <h1 className="font-bold text-2xl tracking-tight">{title}</h1>
        <p className={`truncate ${mutedText}`}>{subtitle}</p>
      </div>
      <Link to="/profile" className="shrink-0 rounded-full">
        <Avatar user={user} size="md" label={t('home.header.profile')} />
      </Link>
    </header>
  );
}
