import '#shared/i18n/compiled/areas/settings.ts';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FloatingHeader } from '../../components/floating-header.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { buttonStyles, mutedText } from '../../components/ui.ts';
import { useT } from '../../lib/i18n.tsx';
import { useUser } from '../auth/index.ts';
import { CalendarFeedCard } from '../calendar/index.ts';
import { useCurrentHousehold } from '../households/index.ts';
import { AccountCard } from './account-card.tsx';
import { AppearanceCard } from './appearance-card.tsx';
import { AwayCard } from './away-card.tsx';
import { DeleteAccountCard } from './delete-account-card.tsx';
import { DeveloperToolsCard } from './developer-tools-card.tsx';
import { HouseholdCard } from './household/household-card.tsx';
import { LanguageCard } from './language-card.tsx';
import { NotificationsCard } from './notifications-card.tsx';
import { ProfileCard } from './profile-card.tsx';
import { SecurityCard } from './security-card.tsx';
import { type SettingsSection, SettingsSections, sectionOf } from './settings-sections.tsx';
import { SignOutCard } from './sign-out-card.tsx';
import { YourDataCard } from './your-data-card.tsx';

export function SettingsPage() {
  const t = useT();
  const { data: user, isPending } = useUser();
  const { data: household } = useCurrentHousehold({ enabled: Boolean(user) });
  const [params] = useSearchParams();
  if (isPending) return <PageSpinner />;
  const me = household?.members.find((m) => m.userId === user?.id);

  if (!user) {
    return (
      <div className="flex min-h-[70dvh] flex-col items-center justify-center gap-3 px-6 text-center">
        <h1 className="font-bold text-2xl">{t('settings.page.title')}</h1>
        <p className={mutedText}>{t('settings.page.signedOut')}</p>
        <Link to="/auth" className={buttonStyles.primary}>
          {t('settings.page.signIn')}
        </Link>
      </div>
    );
  }

  // The cards in the order phones show them, grouped into the sections of wide screens.
  const sections: { id: SettingsSection; cards: ReactNode }[] = [
    { id: 'profile', cards: <ProfileCard user={user} /> },
    {
      id: 'appearance',
      cards: (
        <>
          <AppearanceCard />
          <LanguageCard language={user.language ?? null} />
        </>
      ),
    },
    {
      id: 'account',
      cards: (
        <>
          <AccountCard user={user} />
          <SecurityCard />
        </>
      ),
    },
    { id: 'notifications', cards: <NotificationsCard /> },
  ];
  if (household)
    sections.push({
      id: 'household',
      cards: (
        <>
          <HouseholdCard household={household} user={user} />
          {me && <AwayCard member={me} />}
          <CalendarFeedCard />
        </>
      ),
    });
  sections.push(
    {
      id: 'data',
      cards: (
        <>
          <YourDataCard />
          <DeveloperToolsCard />
        </>
      ),
    },
    {
      id: 'leave',
      cards: (
        <>
          <SignOutCard />
          <DeleteAccountCard user={user} household={household} />
        </>
      ),
    },
  );
  const selected = sectionOf(
    params.get('section'),
    sections.map((s) => s.id),
  );

  return (
    <div className="flex flex-col gap-4 px-5 pb-10">
      <FloatingHeader
        title={t('settings.page.header')}
        back={{ to: '/', label: t('settings.page.back') }}
        threshold={20}
      />
      <SettingsSections sections={sections} selected={selected} />
    </div>
  );
}
