import { countryName } from '#shared/countries.ts';
import type { ListingView } from '#shared/listings/api.ts';
import { formatListingAmount, listingDate } from '#shared/listings/rules.ts';
import {
  AMENITY_LABELS,
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
import { useLocaleFormat, useT } from '../../../lib/i18n.tsx';
import { badgeStyles } from './listing-card.tsx';

function Facts({ name, title, rows }: { name: string; title: string; rows: [string, string | null][] }) {
  const shown = rows.filter((row): row is [string, string] => row[1] !== null && row[1].trim() !== '');
  if (shown.length === 0) return null;
  const id = `facts-${name}`;
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

function Chips({ name, title, items }: { name: string; title: string; items: string[] }) {
  if (items.length === 0) return null;
  const id = `chips-${name}`;
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
  const t = useT();
  const { locale } = useLocaleFormat();
  const money = (amount: string) =>
    t('listings.facts.perMonth', { amount: formatListingAmount(amount, listing.currency, locale) });
  const date = (iso: string) => listingDate(iso, locale);
  return (
    <>
      <Facts
        name="details"
        title={t('listings.facts.details')}
        rows={[
          [t('listings.facts.rent'), money(listing.rent)],
          [t('listings.facts.utilities'), listing.utilities === null ? null : money(listing.utilities)],
          [t('listings.field.availableFrom'), date(listing.availableFrom)],
          [t('listings.field.availableTo'), listing.availableTo ? date(listing.availableTo) : null],
          [t('listings.field.roomType'), t(ROOM_TYPE_LABELS[listing.roomType])],
          [t('listings.field.housingType'), t(HOUSING_TYPE_LABELS[listing.housingType])],
        ]}
      />
      <Facts
        name="location"
        title={t('listings.section.location')}
        rows={[
          [t('listings.field.street'), listing.street],
          [
            t('listings.facts.streetShownTo'),
            own ? t(STREET_VISIBILITY_LABELS[listing.streetVisibility]) : null,
          ],
          [t('listings.field.city'), listing.city],
          [t('listings.field.region'), listing.region],
          [t('listings.field.postcode'), listing.postcode],
          [t('listings.field.country'), countryName(listing.country, locale)],
          [t('listings.field.university'), listing.university],
          [t('listings.field.distanceToCampus'), listing.distanceToCampus],
        ]}
      />
      <Facts
        name="looking-for"
        title={t('listings.facts.lookingFor')}
        rows={[
          [t('listings.field.genderPreference'), t(GENDER_PREFERENCE_LABELS[listing.genderPreference])],
          [t('listings.field.studentYear'), t(STUDENT_YEAR_LABELS[listing.studentYear])],
          [t('listings.field.studyHabits'), t(STUDY_HABITS_LABELS[listing.studyHabits])],
          [t('listings.field.socialPreferences'), t(SOCIAL_PREFERENCE_LABELS[listing.socialPreferences])],
        ]}
      />
      <Chips
        name="lifestyle"
        title={t('listings.facts.lifestyle')}
        items={listing.lifestylePreferences.map((p) => t(LIFESTYLE_LABELS[p]))}
      />
      <Chips
        name="amenities"
        title={t('listings.section.amenities')}
        items={listing.amenities.map((a) => t(AMENITY_LABELS[a]))}
      />
    </>
  );
}
