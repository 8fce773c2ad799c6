import { displayName } from '../accounts/users.ts';
import { isCountry } from '../countries.ts';
import type { MessageId } from '../i18n/compiled/en.ts';
import { currencyExponent, isCurrency, parseAmount } from '../money.ts';
import type { ListingView } from './api.ts';
import type { ListingFilters } from './browse-filters.ts';
import {
  type AMENITIES,
  areaLabel,
  type GENDER_PREFERENCES,
  HOUSING_TYPES,
  type LIFESTYLE_PREFERENCES,
  ROOM_TYPES,
  type SOCIAL_PREFERENCES,
  type STUDENT_YEARS,
  type STUDY_HABITS,
  type StreetVisibility,
} from './rules.ts';
import type { CreateListingInput } from './schemas.ts';

export type RoomType = (typeof ROOM_TYPES)[number];
export type HousingType = (typeof HOUSING_TYPES)[number];
export type GenderPreference = (typeof GENDER_PREFERENCES)[number];
export type StudentYear = (typeof STUDENT_YEARS)[number];
export type StudyHabits = (typeof STUDY_HABITS)[number];
export type SocialPreference = (typeof SOCIAL_PREFERENCES)[number];
export type LifestylePreference = (typeof LIFESTYLE_PREFERENCES)[number];
export type Amenity = (typeof AMENITIES)[number];

export const ROOM_TYPE_LABELS: Record<RoomType, MessageId> = {
  private: 'listings.roomType.private',
  shared: 'listings.roomType.shared',
  studio: 'listings.roomType.studio',
};

export const HOUSING_TYPE_LABELS: Record<HousingType, MessageId> = {
  apartment: 'listings.housingType.apartment',
  house: 'listings.housingType.house',
  condo: 'listings.housingType.condo',
  townhouse: 'listings.housingType.townhouse',
  dorm: 'listings.housingType.dorm',
  shared_house: 'listings.housingType.sharedHouse',
};

export const GENDER_PREFERENCE_LABELS: Record<GenderPreference, MessageId> = {
  any: 'listings.gender.any',
  male: 'listings.gender.male',
  female: 'listings.gender.female',
  non_binary: 'listings.gender.nonBinary',
};

export const STUDENT_YEAR_LABELS: Record<StudentYear, MessageId> = {
  any: 'listings.studentYear.any',
  freshman: 'listings.studentYear.freshman',
  sophomore: 'listings.studentYear.sophomore',
  junior: 'listings.studentYear.junior',
  senior: 'listings.studentYear.senior',
  graduate: 'listings.studentYear.graduate',
};

export const STUDY_HABITS_LABELS: Record<StudyHabits, MessageId> = {
  flexible: 'listings.studyHabits.flexible',
  quiet: 'listings.studyHabits.quiet',
  moderate: 'listings.studyHabits.moderate',
  social: 'listings.studyHabits.social',
};

export const SOCIAL_PREFERENCE_LABELS: Record<SocialPreference, MessageId> = {
  balanced: 'listings.social.balanced',
  introverted: 'listings.social.introverted',
  extroverted: 'listings.social.extroverted',
  flexible: 'listings.social.flexible',
};

export const LIFESTYLE_LABELS: Record<LifestylePreference, MessageId> = {
  no_smoking: 'listings.lifestyle.noSmoking',
  pet_friendly: 'listings.lifestyle.petFriendly',
  vegetarian: 'listings.lifestyle.vegetarian',
  clean: 'listings.lifestyle.clean',
  quiet: 'listings.lifestyle.quiet',
  social: 'listings.lifestyle.social',
};

/** Amenities are stored by their English names; these are the words shown for them. */
export const AMENITY_LABELS: Record<Amenity, MessageId> = {
  WiFi: 'listings.amenity.wifi',
  Laundry: 'listings.amenity.laundry',
  Kitchen: 'listings.amenity.kitchen',
  Parking: 'listings.amenity.parking',
  Gym: 'listings.amenity.gym',
  Pool: 'listings.amenity.pool',
  'Near Campus': 'listings.amenity.nearCampus',
  'Public Transport': 'listings.amenity.publicTransport',
  Furnished: 'listings.amenity.furnished',
  Balcony: 'listings.amenity.balcony',
};

/**
 * The creator's display name on a card, `host` (the word for 'Host' in the viewer's language) when
 * there is none (docs/listings.md, Showing a listing).
 */
export function hostName(creator: ListingView['creator'], host = 'Host'): string {
  if (!creator || !(creator.firstName.trim() || creator.lastName.trim())) return host;
  return displayName(creator);
}

/** The first `shown` amenities and how many more there are ('+N more' on the card). */
export function amenitiesPreview<T>(amenities: readonly T[], shown = 3): { shown: T[]; more: number } {
  return { shown: amenities.slice(0, shown), more: Math.max(0, amenities.length - shown) };
}

/**
 * '12 Elm Street, Springfield, IL, 62701, United States': the street when the answer carries it
 * (docs/listings.md, Addresses), then the area.
 */
export function placeLabel(
  listing: Pick<ListingView, 'street' | 'city' | 'region' | 'postcode' | 'country'>,
  locale: string,
): string {
  const area = areaLabel(listing, locale);
  return listing.street ? `${listing.street}, ${area}` : area;
}

/** The choices of who sees the exact street, in the words of the form. */
export const STREET_VISIBILITY_LABELS: Record<StreetVisibility, MessageId> = {
  hidden: 'listings.streetVisibility.hidden',
  everyone: 'listings.streetVisibility.everyone',
};

// ---------------------------------------------------------------------------------------------
// Browse filters read from a page's address and checked (their shape and query string: browse-filters.ts).

// An amount as the API reads one (money.ts, parseAmount): whole units and up to 4 decimals.
const AMOUNT = /^\d{1,12}(\.\d{1,4})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | '' {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : '';
}

/** Filters from an address's search part; anything the API would refuse is dropped. */
export function filtersFromParams(params: URLSearchParams): ListingFilters {
  const text = (key: string) => (params.get(key) ?? '').trim().slice(0, 100);
  const amount = (key: string) => (AMOUNT.test(text(key)) ? text(key) : '');
  const code = (key: string, valid: (code: string) => boolean) => {
    const value = text(key).toUpperCase();
    return valid(value) ? value : '';
  };
  const minRent = amount('minRent');
  const maxRent = amount('maxRent');
  return {
    q: text('q'),
    country: code('country', isCountry),
    city: text('city'),
    postcode: text('postcode').slice(0, 20),
    currency: minRent || maxRent ? code('currency', isCurrency) : '',
    minRent,
    maxRent,
    roomType: oneOf(ROOM_TYPES, params.get('roomType')),
    housingType: oneOf(HOUSING_TYPES, params.get('housingType')),
    availableBy: DATE.test(text('availableBy')) ? text('availableBy') : '',
  };
}

/** A message (its id and values) when the rent range is not two amounts in its currency the right way round, else null. */
export function rentRangeError(
  filters: Pick<ListingFilters, 'minRent' | 'maxRent' | 'currency'>,
): { id: MessageId; values?: Record<string, string | number> } | null {
  const min = filters.minRent.trim();
  const max = filters.maxRent.trim();
  if (!min && !max) return null;
  if (!isCurrency(filters.currency)) return { id: 'listings.filters.rangeCurrency' };
  const exponent = currencyExponent(filters.currency);
  const minor = (value: string) => parseAmount(value, exponent);
  if ((min && minor(min) === null) || (max && minor(max) === null)) {
    return exponent === 0
      ? { id: 'listings.filters.rangeWhole', values: { currency: filters.currency } }
      : { id: 'listings.filters.rangeDecimals', values: { currency: filters.currency, decimals: exponent } };
  }
  if (min && max && minor(min)! > minor(max)!) return { id: 'listings.filters.rangeOrder' };
  return null;
}

// ---------------------------------------------------------------------------------------------
// The create form (docs/listings.md, Fields and The listing form).

export interface ListingFormValues {
  title: string;
  description: string;
  rent: string;
  utilities: string;
  /** ISO 4217: the rent and utilities are in it. */
  currency: string;
  /** ISO 3166-1 alpha-2, '' until chosen. */
  country: string;
  postcode: string;
  city: string;
  region: string;
  street: string;
  streetVisibility: StreetVisibility;
  university: string;
  distanceToCampus: string;
  availableFrom: string;
  availableTo: string;
  roomType: RoomType;
  housingType: HousingType;
  genderPreference: GenderPreference;
  studentYear: StudentYear;
  studyHabits: StudyHabits;
  socialPreferences: SocialPreference;
  lifestylePreferences: LifestylePreference[];
  amenities: Amenity[];
  contactInfo: string;
}

/** A date as YYYY-MM-DD on the viewer's own calendar (a date input's value). */
export function localIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The defaults (docs/listings.md, Fields): available from today, private room, apartment, contact
 * the user's e-mail, the street shown to nobody; the country and currency the caller chose (the
 * browser's region, the household's currency).
 */
export function defaultListingForm(
  email: string,
  today: string,
  place: { country: string; currency: string } = { country: '', currency: 'USD' },
): ListingFormValues {
  return {
    title: '',
    description: '',
    rent: '',
    utilities: '',
    currency: place.currency,
    country: place.country,
    postcode: '',
    city: '',
    region: '',
    street: '',
    streetVisibility: 'hidden',
    university: '',
    distanceToCampus: '',
    availableFrom: today,
    availableTo: '',
    roomType: 'private',
    housingType: 'apartment',
    genderPreference: 'any',
    studentYear: 'any',
    studyHabits: 'flexible',
    socialPreferences: 'balanced',
    lifestylePreferences: [],
    amenities: [],
    contactInfo: email,
  };
}

const optionalText = (value: string) => (value.trim() === '' ? null : value.trim());

/** The fields every listing write shares: trimmed, blanks as null, amounts as the decimals typed. */
function listingFields(values: ListingFormValues) {
  return {
    title: values.title.trim(),
    description: optionalText(values.description),
    rent: values.rent.trim(),
    utilities: optionalText(values.utilities),
    currency: values.currency,
    country: values.country,
    postcode: optionalText(values.postcode),
    city: values.city.trim(),
    region: optionalText(values.region),
    street: optionalText(values.street),
    streetVisibility: values.streetVisibility,
    university: optionalText(values.university),
    distanceToCampus: optionalText(values.distanceToCampus),
    availableFrom: values.availableFrom,
    availableTo: values.availableTo === '' ? null : values.availableTo,
    roomType: values.roomType,
    housingType: values.housingType,
    genderPreference: values.genderPreference,
    studentYear: values.studentYear,
    studyHabits: values.studyHabits,
    socialPreferences: values.socialPreferences,
    lifestylePreferences: [...values.lifestylePreferences],
    amenities: [...values.amenities],
    contactInfo: values.contactInfo.trim(),
  };
}

/** The POST /api/roommate-listings body (docs/listings.md, The listing form: empty means null). */
export function listingCreateInput(values: ListingFormValues, images: string[]): CreateListingInput {
  return { ...listingFields(values), images };
}

/** A listing as the edit form starts from it. */
export function listingFormFromListing(listing: ListingView): ListingFormValues {
  return {
    title: listing.title,
    description: listing.description ?? '',
    rent: listing.rent,
    utilities: listing.utilities ?? '',
    currency: listing.currency,
    country: listing.country,
    postcode: listing.postcode ?? '',
    city: listing.city,
    region: listing.region ?? '',
    street: listing.street ?? '',
    streetVisibility: listing.streetVisibility,
    university: listing.university ?? '',
    distanceToCampus: listing.distanceToCampus ?? '',
    availableFrom: listing.availableFrom,
    availableTo: listing.availableTo ?? '',
    roomType: listing.roomType,
    housingType: listing.housingType,
    genderPreference: listing.genderPreference,
    studentYear: listing.studentYear,
    studyHabits: listing.studyHabits,
    socialPreferences: listing.socialPreferences,
    lifestylePreferences: [...listing.lifestylePreferences],
    amenities: [...listing.amenities],
    contactInfo: listing.contactInfo,
  };
}

/** The PATCH body of an edit: every field the edit form shows (the server checks them all). */
export function listingUpdateInput(values: ListingFormValues) {
  return listingFields(values);
}

/** Adds or removes one value of a checkbox list, keeping the order of `all`. */
export function toggleIn<T extends string>(all: readonly T[], chosen: readonly T[], value: T): T[] {
  const next = chosen.includes(value) ? chosen.filter((v) => v !== value) : [...chosen, value];
  return all.filter((v) => next.includes(v));
}

// ---------------------------------------------------------------------------------------------
// Photos and the carousel.

/** The size a photo is drawn at so its longest side is at most `max` (never enlarged). */
export function fitWithin(width: number, height: number, max: number): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= max) return { width, height };
  const scale = max / longest;
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** The photo shown after moving `delta` from `index`, wrapping at both ends. */
export function carouselIndex(index: number, delta: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + delta) % count) + count) % count;
}
