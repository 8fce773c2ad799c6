import '#shared/i18n/compiled/areas/listings.ts';
import { Link, useLocation, useParams } from 'react-router';
import type { ListingView } from '#shared/listings/api.ts';
import { formatListingAmount, listingDate } from '#shared/listings/rules.ts';
import { HOUSING_TYPE_LABELS, hostName, placeLabel, ROOM_TYPE_LABELS } from '#shared/listings/view.ts';
import { Avatar } from '../../components/avatar.tsx';
import { ErrorCard } from '../../components/error-card.tsx';
import { ChevronLeftIcon, SearchIcon } from '../../components/icons.tsx';
import { MapPinIcon } from '../../components/page-icons.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { buttonStyles, cardStyles, mutedText } from '../../components/ui.ts';
import { ApiError } from '../../lib/api.ts';
import { T, useLocaleFormat, useT } from '../../lib/i18n.tsx';
import { useUser } from '../auth/index.ts';
import { useListing } from './api/get-listing.ts';
import { ContactSection } from './components/contact-section.tsx';
import { ImageCarousel } from './components/image-carousel.tsx';
import { badgeStyles, FeaturedBadge } from './components/listing-card.tsx';
import { ListingFacts } from './components/listing-facts.tsx';
import { OwnerActions } from './components/owner-actions.tsx';

/** Back goes to the list the listing was opened from (its filters kept), else to /roommates. */
function backPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/roommates') ? from : '/roommates';
}

/** 'Nov 21, 2026' on the viewer's calendar, in their language. */
const postedLabel = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(iso));

function NotFound() {
  const t = useT();
  return (
    <div className="flex flex-col items-center gap-4 px-6 py-16 text-center">
      <span className="inline-flex size-16 items-center justify-center rounded-2xl bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
        <SearchIcon className="size-8" />
      </span>
      <h2 className="font-bold text-2xl">{t('listings.detail.notFound.title')}</h2>
      <p className={mutedText}>{t('listings.detail.notFound.text')}</p>
      <Link to="/roommates" className={buttonStyles.primary}>
        {t('listings.detail.notFound.browse')}
      </Link>
    </div>
  );
}

function Listing({ listing, own }: { listing: ListingView; own: boolean }) {
  const t = useT();
  const creator = listing.creator;
  const { locale } = useLocaleFormat();
  const money = (amount: string) => formatListingAmount(amount, listing.currency, locale);
  return (
    <div className="flex flex-col gap-5">
      <ImageCarousel images={listing.images} cardImages={listing.cardImages} title={listing.title} />
      <section aria-labelledby="listing-title" className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          {listing.featured && <FeaturedBadge />}
          {listing.status === 'closed' && <span className={badgeStyles}>{t('listings.closed')}</span>}
        </div>
        <p>
          <T
            id="listings.rentPerMonth"
            values={{ amount: money(listing.rent) }}
            components={{ 0: <span className="font-bold text-3xl" />, 1: <span className={mutedText} /> }}
          />
          {listing.utilities !== null && (
            <span className={`ml-2 text-sm ${mutedText}`}>
              {t('listings.detail.utilities', { amount: money(listing.utilities) })}
            </span>
          )}
        </p>
        <h2 id="listing-title" className="font-bold text-2xl leading-tight">
          {listing.title}
        </h2>
        <p className={`flex items-center gap-1 ${mutedText}`}>
          <MapPinIcon className="size-4 shrink-0" />
          {placeLabel(listing, locale)}
        </p>
        <p className="flex flex-wrap gap-1.5">
          <span className={badgeStyles}>{t(ROOM_TYPE_LABELS[listing.roomType])}</span>
          <span className={badgeStyles}>{t(HOUSING_TYPE_LABELS[listing.housingType])}</span>
        </p>
        <p className={`text-sm ${mutedText}`}>
          {t('listings.available', { date: listingDate(listing.availableFrom, locale) })}
        </p>
      </section>
      {listing.description && (
        <section aria-labelledby="about-title" className={`${cardStyles} space-y-2`}>
          <h2 id="about-title" className="font-semibold text-lg">
            {t('listings.detail.about')}
          </h2>
          <p className="whitespace-pre-line text-slate-800 dark:text-slate-200">{listing.description}</p>
        </section>
      )}
      <ListingFacts listing={listing} own={own} />
      <section aria-labelledby="host-title" className={`${cardStyles} flex items-center gap-3`}>
        <Avatar
          user={{
            firstName: creator?.firstName ?? '',
            lastName: creator?.lastName ?? '',
            email: '',
            profileColor: creator?.profileColor ?? 'blue',
            profileImageUrl: creator?.profileImageUrl ?? null,
          }}
          size="md"
        />
        <div>
          <h2 id="host-title" className={`text-sm ${mutedText}`}>
            {t('listings.detail.postedBy')}
          </h2>
          <p className="font-semibold">{hostName(creator, t('listings.host'))}</p>
          <p className={`text-sm ${mutedText}`}>
            {t('listings.detail.posted', { date: postedLabel(listing.createdAt, locale) })}
          </p>
        </div>
      </section>
      {own ? <OwnerActions listing={listing} /> : <ContactSection contactInfo={listing.contactInfo} />}
    </div>
  );
}

/** /listings/{id}: 'Room Details' with the photos and every field (docs/listings.md, Showing a listing). */
export function ListingDetailPage() {
  const t = useT();
  const { id = '' } = useParams();
  const location = useLocation();
  const { data: user } = useUser();
  const listing = useListing(id);
  const notFound = listing.error instanceof ApiError && listing.error.status === 404;

  return (
    <div className="flex flex-col gap-2 px-5 pb-10">
      <header className="sticky top-0 z-30 -mx-5 flex items-center gap-2 bg-slate-50/95 px-5 py-4 backdrop-blur dark:bg-[#0b1220]/95">
        <Link
          to={backPath(location.state)}
          aria-label={t('listings.backToListings')}
          className={`${buttonStyles.icon} -ml-2`}
        >
          <ChevronLeftIcon className="size-6" />
        </Link>
        <h1 className="font-bold text-2xl">{t('listings.detail.title')}</h1>
      </header>
      {listing.isPending ? (
        <PageSpinner />
      ) : notFound ? (
        <NotFound />
      ) : listing.isError ? (
        <ErrorCard title={t('listings.detail.loadError')} message={t('listings.loadError.message')} />
      ) : (
        <Listing listing={listing.data} own={user?.id === listing.data.createdBy} />
      )}
    </div>
  );
}
