import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { filterCount, type ListingFilters } from '#shared/listings/browse-filters.ts';
import { ErrorCard } from '../../../components/error-card.tsx';
import { SearchIcon } from '../../../components/icons.tsx';
import { FilterIcon } from '../../../components/page-icons.tsx';
import { PageSpinner, Spinner } from '../../../components/spinner.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui.ts';
import { useT } from '../../../lib/i18n.tsx';
import { SEARCH_DELAY_MS } from '../../../lib/use-debounced.ts';
import { useInfiniteScroll } from '../../../lib/use-infinite-scroll.ts';
import { useSearchText } from '../../../lib/use-search-text.ts';
import type { ListingsPage } from '../api/browse-listings.ts';
import { EmptyListings } from './empty-listings.tsx';
import { FilterSheet } from './filter-sheet.tsx';
import { ListingCard } from './listing-card.tsx';

/** The search text, sent once typing pauses; a change of the address (Clear all) shows here too. */
function SearchField({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const t = useT();
  const search = useSearchText(value, onSearch, SEARCH_DELAY_MS);

  return (
    <div className="relative flex-1">
      <SearchIcon className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3 size-5 text-slate-500 dark:text-slate-400" />
      <input
        type="search"
        aria-label={t('listings.search.label')}
        placeholder={t('listings.search.placeholder')}
        maxLength={100}
        value={search.text}
        onChange={(e) => search.change(e.target.value)}
        className={`${inputStyles} pl-10`}
      />
    </div>
  );
}

/** Browse: search, filters and every matching listing, a page at a time as the reader scrolls. */
export function BrowsePanel({
  filters,
  onFilters,
  query,
}: {
  filters: ListingFilters;
  onFilters: (filters: ListingFilters) => void;
  query: UseInfiniteQueryResult<InfiniteData<ListingsPage>>;
}) {
  const t = useT();
  const [sheetOpen, setSheetOpen] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const listings = data?.pages.flatMap((page) => page.listings) ?? [];
  const count = filterCount(filters);

  useInfiniteScroll(sentinel, () => void fetchNextPage(), hasNextPage && !isFetchingNextPage);

  return (
    <div className="space-y-4">
      <div className="flex gap-2">
        <SearchField value={filters.q} onSearch={(q) => onFilters({ ...filters, q })} />
        <button
          type="button"
          className={`${buttonStyles.secondary} relative shrink-0`}
          aria-haspopup="dialog"
          onClick={() => setSheetOpen(true)}
        >
          <FilterIcon className="size-5" />
          {t('listings.filters.button')}
          {count > 0 && (
            <>
              <span
                aria-hidden="true"
                className="-top-1.5 -right-1.5 absolute inline-flex size-5 items-center justify-center rounded-full bg-blue-600 font-semibold text-white text-xs"
              >
                {count}
              </span>
              <span className="sr-only">{t('listings.filters.active', { count })}</span>
            </>
          )}
        </button>
      </div>
      <FilterSheet
        open={sheetOpen}
        filters={filters}
        onClose={() => setSheetOpen(false)}
        onApply={(next) => {
          setSheetOpen(false);
          onFilters(next);
        }}
      />

      {query.isPending ? (
        <PageSpinner />
      ) : query.isError && listings.length === 0 ? (
        <ErrorCard title={t('listings.browse.loadError')} message={t('listings.loadError.message')} />
      ) : listings.length === 0 ? (
        <EmptyListings
          title={t('listings.browse.emptyTitle')}
          text={t(count > 0 || filters.q ? 'listings.browse.emptyFiltered' : 'listings.browse.emptyFirst')}
          action={t('listings.browse.post')}
        />
      ) : (
        <>
          <ul className="space-y-4" aria-busy={query.isPlaceholderData || undefined}>
            {listings.map((listing, index) => (
              <li key={listing.id}>
                <ListingCard listing={listing} eager={index === 0} />
              </li>
            ))}
          </ul>
          <div ref={sentinel} />
          {isFetchingNextPage ? (
            <div className="flex justify-center py-2">
              <Spinner label={t('listings.browse.loadingMore')} />
            </div>
          ) : (
            hasNextPage && (
              <div className="flex justify-center">
                <button type="button" className={buttonStyles.secondary} onClick={() => void fetchNextPage()}>
                  {t('listings.browse.loadMore')}
                </button>
              </div>
            )
          )}
          {query.isFetchNextPageError && (
            <ErrorCard title={t('listings.browse.loadMoreError')} message={t('listings.browse.tryAgain')} />
          )}
        </>
      )}
    </div>
  );
}
