import '#shared/i18n/compiled/areas/listings.ts';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { activeFilters, type ListingFilters } from '#shared/listings/browse-filters.ts';
import { filtersFromParams } from '#shared/listings/view.ts';
import { ErrorCard } from '../../components/error-card.tsx';
import { PlusIcon } from '../../components/page-icons.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { mutedText } from '../../components/ui.ts';
import { useT } from '../../lib/i18n.tsx';
import { browseListingsQueryOptions } from './api/browse-listings.ts';
import { useMyListings } from './api/get-my-listings.ts';
import { BrowsePanel } from './components/browse-panel.tsx';
import { EmptyListings } from './components/empty-listings.tsx';
import { ListingCard } from './components/listing-card.tsx';
import { type ListingTab, ListingTabs } from './components/listing-tabs.tsx';

/**
 * /roommates: Browse and My Listings (docs/listings.md, The Roommates screen). The tab, search text
 * and filters live in the address, so the back button and a shared link bring the same list back.
 */
export function RoommatesPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const filters = useMemo(() => filtersFromParams(new URLSearchParams(search)), [search]);
  const tab: ListingTab = params.get('tab') === 'my' ? 'my' : 'browse';

  const browse = useInfiniteQuery({
    ...browseListingsQueryOptions(filters),
    placeholderData: keepPreviousData,
  });
  const mine = useMyListings();

  const go = (nextTab: ListingTab, nextFilters: ListingFilters) => {
    const next = new URLSearchParams(activeFilters(nextFilters));
    if (nextTab === 'my') next.set('tab', 'my');
    setParams(next, { replace: true });
  };

  const loaded = browse.data?.pages.reduce((n, page) => n + page.listings.length, 0);
  const counts = {
    browse: loaded === undefined ? '…' : `${loaded}${browse.hasNextPage ? '+' : ''}`,
    my: mine.data ? String(mine.data.length) : '…',
  };

  return (
    <div className="flex flex-col gap-5 px-5 pt-6 pb-10">
      <header className="flex items-start justify-between gap-4">
        <div>
          <h1 className="font-bold text-2xl tracking-tight">{t('listings.browse.title')}</h1>
          <p className={mutedText}>{t('listings.browse.subtitle')}</p>
        </div>
        <Link
          to="/add-listing"
          aria-label={t('listings.browse.postLabel')}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-blue-600 text-white shadow-sm hover:bg-blue-700"
        >
          <PlusIcon className="size-6" />
        </Link>
      </header>
      <ListingTabs value={tab} counts={counts} onChange={(next) => go(next, filters)}>
        {tab === 'browse' ? (
          <BrowsePanel filters={filters} onFilters={(next) => go('browse', next)} query={browse} />
        ) : mine.isPending ? (
          <PageSpinner />
        ) : mine.isError ? (
          <ErrorCard title={t('listings.my.loadError')} message={t('listings.loadError.message')} />
        ) : mine.data.length === 0 ? (
          <EmptyListings
            title={t('listings.my.emptyTitle')}
            text={t('listings.my.emptyText')}
            action={t('listings.createListing')}
          />
        ) : (
          <ul className="space-y-4">
            {mine.data.map((listing, index) => (
              <li key={listing.id}>
                <ListingCard listing={listing} eager={index === 0} showStatus />
              </li>
            ))}
          </ul>
        )}
      </ListingTabs>
    </div>
  );
}
