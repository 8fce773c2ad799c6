import '#shared/i18n/compiled/areas/home.ts';
import { Link } from 'react-router';
import type { ListingView } from '#shared/listings/api.ts';
import { buttonStyles, cardStyles, linkStyles, mutedText } from '../../../components/ui.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useFeaturedListings } from '../api/get-listings.ts';
import { useMyListings } from '../api/get-my-listings.ts';
import { ListingCard } from './listing-card.tsx';

/** The no-household home shows at most 3 featured and 2 own listings (docs/listings.md, On the home screens). */
const HOME_FEATURED = 3;
const HOME_OWN = 2;

function Heading({ id, title, to }: { id: string; title: string; to: string }) {
  const t = useT();
  return (
    <div className="flex items-center justify-between">
      <h2 id={id} className="font-semibold text-lg">
        {title}
      </h2>
      <Link to={to} className={`text-sm ${linkStyles}`}>
        {t('home.listings.viewAll')}
      </Link>
    </div>
  );
}

/**
 * The no-household home (docs/listings.md, On the home screens): the user's own listings (at most
 * 2), or featured listings (at most 3) when they have none.
 */
export function NoHouseholdListings() {
  const t = useT();
  const mine = useMyListings();
  const own = (mine.data ?? []).filter((l) => l.status === 'active');
  // Featured listings are asked for only when there are no own listings to show.
  const featured = useFeaturedListings(HOME_FEATURED, { enabled: mine.isSuccess && own.length === 0 });
  if (mine.isPending) return null;
  if (own.length > 0) {
    return (
      <section aria-labelledby="own-listings-title" className="space-y-3">
        <Heading id="own-listings-title" title={t('home.listings.yours')} to="/roommates?tab=my" />
        <ul className="space-y-3">
          {own.slice(0, HOME_OWN).map((listing) => (
            <li key={listing.id}>
              <ListingCard listing={listing} compact />
            </li>
          ))}
        </ul>
      </section>
    );
  }
  const list = featured.data ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="featured-listings-title" className="space-y-3">
      <Heading id="featured-listings-title" title={t('home.listings.featuredTitle')} to="/roommates" />
      <ul className="space-y-3">
        {list.slice(0, HOME_FEATURED).map((listing) => (
          <li key={listing.id}>
            <ListingCard listing={listing} compact />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The household home's listings (docs/listings.md, On the home screens), from GET /api/home: 'Your
 * Activity' when the user has listings, and 'Find Roommates' with the board's newest few (featured
 * first, as many as the server sends), or 'No listings yet' with 'Post Listing'.
 */
export function HomeFindRoommates({
  own,
  listings: list,
}: {
  own: { own: number; active: number; featured: number };
  listings: readonly ListingView[];
}) {
  const t = useT();
  return (
    <>
      {own.own > 0 && (
        <section aria-labelledby="listing-activity-title" className={`${cardStyles} space-y-3`}>
          <h2 id="listing-activity-title" className="font-semibold text-lg">
            {t('home.listings.activity')}
          </h2>
          <dl className="grid grid-cols-2 gap-3 text-center">
            <div className="rounded-xl bg-slate-100 p-3 dark:bg-slate-800">
              <dt className={`text-sm ${mutedText}`}>{t('home.listings.active')}</dt>
              <dd className="font-bold text-2xl">{own.active}</dd>
            </div>
            <div className="rounded-xl bg-slate-100 p-3 dark:bg-slate-800">
              <dt className={`text-sm ${mutedText}`}>{t('home.listings.featured')}</dt>
              <dd className="font-bold text-2xl">{own.featured}</dd>
            </div>
          </dl>
        </section>
      )}
      <section aria-labelledby="find-roommates-title" className="space-y-3">
        <Heading id="find-roommates-title" title={t('home.listings.findRoommates')} to="/roommates" />
        {list.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-2xl border border-slate-300 border-dashed p-6 text-center dark:border-slate-700">
            <p className="font-semibold">{t('home.listings.empty')}</p>
            <Link to="/add-listing" className={buttonStyles.primary}>
              {t('home.listings.post')}
            </Link>
          </div>
        ) : (
          <ul className="space-y-3">
            {list.map((listing) => (
              <li key={listing.id}>
                <ListingCard listing={listing} compact />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
