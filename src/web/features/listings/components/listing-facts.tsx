import { countryName } from '#shared/countries.ts';
import type { ListingView } from '#shared/listings/api.ts';
import { availableLabel, formatListingAmount } from '#shared/listings/rules.ts';
import {
  GENDER_PREFERENCE_LABELS,
  HOUSING_TYPE_LABELS,
  LIFESTYLE_LABELS,
  ROOM_TYPE_LABELS,
  SOCIAL_PREFERENCE_LABELS,
  STREET_VISIBILITY_LABELS,
  STUDENT_YEAR_LABELS,
  STUDY_HABITS_LABELS,
} from '#shared/listings/view.ts';
import { cardStyles, mutedText } from '../../../components/ui.ts';
import { useLocaleFormat } from '../../../lib/i18n.tsx';
import { badgeStyles } from './listing-card.tsx';

/** 'Mar 5, 2026' from YYYY-MM-DD, on no particular time zone. */
const dateLabel = (iso: string) => availableLabel(iso).replace(/^Available /, '');

function Facts({ title, rows }: { title: string; rows: [string, string | null][] }) {
  const shown = rows.filter((row): row is [string, string] => row[1] !== null && row[1].trim() !== '');
  if (shown.length === 0) return null;
  const id = `facts-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className={`${cardStyles} space-y-3`}>
      <h2 id={id} className="font-semibold text-lg">
        {title}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {shown.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className={mutedText}>{label}</dt>
            <dd className="text-right font-medium text-slate-900 dark:text-slate-100">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Chips({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  const id = `chips-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className={`${cardStyles} space-y-3`}>
      <h2 id={id} className="font-semibold text-lg">
        {title}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {items.map((item) => (
          <li key={item} className={badgeStyles}>
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Every field of a listing with its human label (docs/listings.md, Fields). The street is there
 * when the answer carries it; its poster (`own`) also sees whom it is shown to.
 */
export function ListingFacts({ listing, own = false }: { listing: ListingView; own?: boolean }) {
  const { locale } = useLocaleFormat();
  const money = (amount: string) => `${formatListingAmount(amount, listing.currency, locale)}/month`;
  return (
    <>
      <Facts
        title="Details"
        rows={[
          ['Rent', money(listing.rent)],
          ['Utilities', listing.utilities === null ? null : money(listing.utilities)],
          ['Available from', dateLabel(listing.availableFrom)],
          ['Available to', listing.availableTo ? dateLabel(listing.availableTo) : null],
          ['Room type', ROOM_TYPE_LABELS[listing.roomType]],
          ['Housing type', HOUSING_TYPE_LABELS[listing.housingType]],
        ]}
      />
      <Facts
        title="Location"
        rows={[
          ['Street', listing.street],
          ['Exact address shown to', own ? STREET_VISIBILITY_LABELS[listing.streetVisibility] : null],
          ['City', listing.city],
          ['Region', listing.region],
          ['Postcode', listing.postcode],
          ['Country', countryName(listing.country, locale)],
          ['University', listing.university],
          ['Distance to campus', listing.distanceToCampus],
        ]}
      />
      <Facts
        title="Looking for"
        rows={[
          ['Gender preference', GENDER_PREFERENCE_LABELS[listing.genderPreference]],
          ['Student year', STUDENT_YEAR_LABELS[listing.studentYear]],
          ['Study habits', STUDY_HABITS_LABELS[listing.studyHabits]],
          ['Social preferences', SOCIAL_PREFERENCE_LABELS[listing.socialPreferences]],
        ]}
      />
      <Chips title="Lifestyle" items={listing.lifestylePreferences.map((p) => LIFESTYLE_LABELS[p])} />
      <Chips title="Amenities" items={listing.amenities} />
    </>
  );
}
