import type { ReactNode } from 'react';
import { Tabs } from '../../../components/tabs.tsx';
import { type MessageId, useT } from '../../../lib/i18n.tsx';

export type ListingTab = 'browse' | 'my';

const TABS: { value: ListingTab; label: MessageId }[] = [
  { value: 'browse', label: 'listings.tabs.browse' },
  { value: 'my', label: 'listings.tabs.my' },
];

/** Browse / My Listings, each with its count in brackets. */
export function ListingTabs({
  value,
  counts,
  onChange,
  children,
}: {
  value: ListingTab;
  counts: Record<ListingTab, string>;
  onChange: (tab: ListingTab) => void;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Tabs
      label={t('listings.tabs.label')}
      tabs={TABS.map((tab) => ({ value: tab.value, label: t(tab.label) }))}
      value={value}
      onChange={onChange}
      className="space-y-4"
      badge={(tab) => (
        <span data-testid={`count-${tab}`} className="font-normal">
          ({counts[tab]})
        </span>
      )}
    >
      {children}
    </Tabs>
  );
}
