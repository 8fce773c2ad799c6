import '#shared/i18n/compiled/areas/listings.ts';
import { Link, useLocation } from 'react-router';
import type { ListingView } from '#shared/listings/api.ts';
import { formatListingAmount, listingDate } from '#shared/listings/rules.ts';
import {
  AMENITY_LABELS,
  amenitiesPreview,
  HOUSING_TYPE_LABELS,
  hostName,
  placeLabel,
  ROOM_TYPE_LABELS,
} from '#shared/listings/view.ts';
import { Avatar } from '../../../components/avatar.tsx';
import { ImageIcon, MapPinIcon, StarIcon } from '../../../components/page-icons.tsx';
import { mutedText } from '../../../components/ui.ts';
import { T, useLocaleFormat, useT } from '../../../lib/i18n.tsx';

// The card photo's box; width and height let the browser reserve it before the photo arrives.
const CARD_PHOTO = { width: 640, height: 480 } as const;

export const badgeStyles =
  'inline-flex items-center rounded-full bg-slate-100 px-2.5 py-0.5 font-medium text-slate-800 text-xs dark:bg-slate-800 dark:text-slate-200';

export function FeaturedBadge({ className = '' }: { className?: string }) {
  const t = useT();
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full bg-amber-300 px-2.5 py-0.5 font-semibold text-amber-950 text-xs ${className}`}
    >
      <StarIcon className="size-3.5" />
      {t('listings.featured')}
    </span>
  );
}

/** The first card-size photo, or a placeholder, in a fixed 4:3 box. */
function CardPhoto({ listing, eager, compact }: { listing: ListingView; eager: boolean; compact: boolean }) {
  const src = listing.cardImages[0];
  const box = `relative aspect-[4/3] shrink-0 overflow-hidden bg-slate-100 dark:bg-slate-800 ${
    compact ? 'w-28 rounded-xl' : 'w-full'
  }`;
  return (
    <div className={box}>
      {src ? (
        <img
          src={src}
          alt=""
          width={CARD_PHOTO.width}
          height={CARD_PHOTO.height}
          // Photos below the first screen wait until they are scrolled near.
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          decoding="async"
          className="size-full object-cover"
        />
      ) : (
        <div className="flex size-full items-center justify-center text-slate-500 dark:text-slate-400">
          <ImageIcon className={compact ? 'size-6' : 'size-10'} />
        </div>
      )}
      {listing.featured && !compact && <FeaturedBadge className="absolute top-3 left-3" />}
    </div>
  );
}

function Rent({ listing, compact, locale }: { listing: ListingView; compact: boolean; locale: string }) {
  return (
    <p className="text-slate-900 dark:text-slate-100">
      <T
        id="listings.rentPerMonth"
        values={{ amount: formatListingAmount(listing.rent, listing.currency, locale) }}
        components={{
          0: <span className={`font-bold ${compact ? 'text-base' : 'text-xl'}`} />,
          1: <span className={`text-sm ${mutedText}`} />,
        }}
      />
    </p>
  );
}

/**
 * A listing in a list (docs/listings.md, Showing a listing): the title is the link, stretched over
 * the whole card, so a click anywhere or Enter on it opens /listings/{id}. The compact form (home
 * screens) leaves out the description and amenities.
 */
export function ListingCard({
  listing,
  compact = false,
  eager = false,
  showStatus = false,
}: {
  listing: ListingView;
  compact?: boolean;
  /** The photo is on the first screen: load it at once. */
  eager?: boolean;
  /** Mark a closed listing (the creator's own list). */
  showStatus?: boolean;
}) {
  const t = useT();
  const location = useLocation();
  const { locale } = useLocaleFormat();
  const amenities = amenitiesPreview(listing.amenities);
  const creator = listing.creator;
  const closed = showStatus && listing.status === 'closed';
  return (
    <article
      data-testid="listing-card"
      className={`relative overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-colors hover:border-blue-600 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-blue-400 ${
        compact ? 'flex gap-3 p-3' : ''
      }`}
    >
      <CardPhoto listing={listing} eager={eager} compact={compact} />
      <div className={`flex min-w-0 flex-1 flex-col ${compact ? 'gap-1' : 'gap-2 p-4'}`}>
        <div className="flex items-start justify-between gap-2">
          <Rent listing={listing} compact={compact} locale={locale} />
          {compact && listing.featured && <FeaturedBadge />}
          {closed && <span className={badgeStyles}>{t('listings.closed')}</span>}
        </div>
        <h3 className={`font-semibold ${compact ? 'truncate text-sm' : 'text-lg leading-snug'}`}>
          <Link
            to={`/listings/${listing.id}`}
            state={{ from: `${location.pathname}${location.search}` }}
            className="rounded-sm outline-none after:absolute after:inset-0 after:rounded-2xl focus-visible:after:outline-2 focus-visible:after:outline-blue-600 focus-visible:after:outline-offset-2 dark:focus-visible:after:outline-blue-400"
          >
            {listing.title}
          </Link>
        </h3>
        <p className={`flex items-center gap-1 text-sm ${mutedText}`}>
          <MapPinIcon className="size-4 shrink-0" />
          <span className="truncate">{placeLabel(listing, locale)}</span>
        </p>
        <p className="flex flex-wrap gap-1.5">
          <span className={badgeStyles}>{t(ROOM_TYPE_LABELS[listing.roomType])}</span>
          <span className={badgeStyles}>{t(HOUSING_TYPE_LABELS[listing.housingType])}</span>
        </p>
        {!compact && listing.description && (
          <p className="line-clamp-2 text-slate-700 text-sm dark:text-slate-300">{listing.description}</p>
        )}
        <p className={`text-sm ${mutedText}`}>
          {t('listings.available', { date: listingDate(listing.availableFrom, locale) })}
        </p>
        <div className="flex items-center gap-2">
          <Avatar
            user={{
              firstName: creator?.firstName ?? '',
              lastName: creator?.lastName ?? '',
              email: '',
              profileColor: creator?.profileColor ?? 'blue',
              profileImageUrl: creator?.profileImageUrl ?? null,
            }}
            size="xs"
          />
          <span className="truncate text-slate-800 text-sm dark:text-slate-200">
            {hostName(creator, t('listings.host'))}
          </span>
        </div>
        {!compact && amenities.shown.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" aria-label={t('listings.card.amenities')}>
            {amenities.shown.map((amenity) => (
              <li key={amenity} className={badgeStyles}>
                {t(AMENITY_LABELS[amenity])}
              </li>
            ))}
            {amenities.more > 0 && (
              <li className={badgeStyles}>{t('listings.card.moreAmenities', { count: amenities.more })}</li>
            )}
          </ul>
        )}
      </div>
    </article>
  );
}
