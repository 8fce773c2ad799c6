import type { ReactNode } from 'react';
import { Tabs } from '../../../components/tabs.tsx';

export type ListingTab = 'browse' | 'my';

const TABS: { value: ListingTab; label: string }[] = [
  { value: 'browse', label: 'Browse' },
  { value: 'my', label: 'My Listings' },
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
  return (
    <Tabs
      label="Listings"
      tabs={TABS}
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
