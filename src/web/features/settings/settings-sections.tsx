import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { MessageId } from '#shared/i18n/compiled/en.ts';
import { TwoPane } from '../../components/two-pane.tsx';
import { useT } from '../../lib/i18n.tsx';
import { useWide } from '../../lib/use-wide.ts';

export const SETTINGS_SECTIONS = [
  'profile',
  'appearance',
  'account',
  'notifications',
  'household',
  'data',
  'leave',
] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

const labels: Record<SettingsSection, MessageId> = {
  profile: 'settings.sections.profile',
  appearance: 'settings.sections.appearance',
  account: 'settings.sections.account',
  notifications: 'settings.sections.notifications',
  household: 'settings.sections.household',
  data: 'settings.sections.data',
  leave: 'settings.sections.leave',
};

/** The section `?section=` names, if it is one of `shown`; else the first. */
export function sectionOf(param: string | null, shown: readonly SettingsSection[]): SettingsSection {
  return shown.find((s) => s === param) ?? shown[0] ?? 'profile';
}

/**
 * Settings in sections. Phones show every section's cards one after another, as ever; from md
 * the list of sections sits beside the chosen one (`?section=`), the others hidden by CSS, so the
 * cards render once whatever the width.
 */
export function SettingsSections({
  sections,
  selected,
}: {
  sections: readonly { id: SettingsSection; cards: ReactNode }[];
  selected: SettingsSection;
}) {
  const t = useT();
  const wide = useWide();
  const list = (
    <nav aria-label={t('settings.sections.label')}>
      <ul className="flex flex-col gap-1">
        {sections.map(({ id }) => (
          <li key={id}>
            <Link
              to={{ search: `?section=${id}` }}
              replace
              aria-current={id === selected ? 'page' : undefined}
              className={`block rounded-xl px-4 py-3 font-medium ${
                id === selected
                  ? 'bg-blue-50 text-blue-800 dark:bg-blue-950 dark:text-blue-200'
                  : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'
              }`}
            >
              {t(labels[id])}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
  const detail = sections.map(({ id, cards }) => (
    <div key={id} data-section={id} className={`flex flex-col gap-4 ${id === selected ? '' : 'md:hidden'}`}>
      {cards}
    </div>
  ));
  return (
    <TwoPane
      list={list}
      detail={<div className="flex flex-col gap-4">{detail}</div>}
      detailOpen
      narrowList
      // Phones show every section at once, so the pane is named for all of them there.
      detailLabel={wide ? t(labels[selected]) : t('settings.page.title')}
    />
  );
}
