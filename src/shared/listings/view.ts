import { displayName } from '../accounts/users.ts';
import type { ListingView } from './api.ts';
import {
  type AMENITIES,
  type GENDER_PREFERENCES,
  HOUSING_TYPES,
  type LIFESTYLE_PREFERENCES,
  ROOM_TYPES,
  type SOCIAL_PREFERENCES,
  type STUDENT_YEARS,
  type STUDY_HABITS,
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

export const ROOM_TYPE_LABELS: Record<RoomType, string> = {
  private: 'Private room',
  shared: 'Shared room',
  studio: 'Studio',
};

export const HOUSING_TYPE_LABELS: Record<HousingType, string> = {
  apartment: 'Apartment',
  house: 'House',
  condo: 'Condo',
  townhouse: 'Townhouse',
  dorm: 'Dorm',
  shared_house: 'Shared house',
};

export const GENDER_PREFERENCE_LABELS: Record<GenderPreference, string> = {
  any: 'Any',
  male: 'Male',
  female: 'Female',
  non_binary: 'Non-binary',
};

export const STUDENT_YEAR_LABELS: Record<StudentYear, string> = {
  any: 'Any year',
  freshman: 'Freshman',
  sophomore: 'Sophomore',
  junior: 'Junior',
  senior: 'Senior',
  graduate: 'Graduate',
};

export const STUDY_HABITS_LABELS: Record<StudyHabits, string> = {
  flexible: 'Flexible',
  quiet: 'Quiet',
  moderate: 'Moderate',
  social: 'Social',
};

export const SOCIAL_PREFERENCE_LABELS: Record<SocialPreference, string> = {
  balanced: 'Balanced',
  introverted: 'Introverted',
  extroverted: 'Extroverted',
  flexible: 'Flexible',
};

export const LIFESTYLE_LABELS: Record<LifestylePreference, string> = {
  no_smoking: 'No smoking',
  pet_friendly: 'Pet friendly',
  vegetarian: 'Vegetarian',
  clean: 'Clean',
  quiet: 'Quiet',
  social: 'Social',
};

/** The creator's display name on a card, 'Host' when there is none (docs/listings.md, Showing a listing). */
export function hostName(creator: ListingView['creator']): string {
  if (!creator || !(creator.firstName.trim() || creator.lastName.trim())) return 'Host';
  return displayName(creator);
}

/** The first `shown` amenities and how many more there are ('+N more' on the card). */
export function amenitiesPreview<T>(amenities: readonly T[], shown = 3): { shown: T[]; more: number } {
  return { shown: amenities.slice(0, shown), more: Math.max(0, amenities.length - shown) };
}

/** '12 Elm Street, Springfield': the street address and the city. */
export function placeLabel(listing: Pick<ListingView, 'location' | 'city' | 'state'>): string {
  return [listing.location, listing.city].filter((part) => part.trim() !== '').join(', ');
}

// ---------------------------------------------------------------------------------------------
// Browse filters: the same words in the page's address, the API's query string and the form.

export interface ListingFilters {
  q: string;
  city: string;
  minRent: string;
  maxRent: string;
  roomType: RoomType | '';
  housingType: HousingType | '';
  availableBy: string;
}

export const EMPTY_FILTERS: ListingFilters = {
  q: '',
  city: '',
  minRent: '',
  maxRent: '',
  roomType: '',
  housingType: '',
  availableBy: '',
};

const FILTER_KEYS = Object.keys(EMPTY_FILTERS) as (keyof ListingFilters)[];
const WHOLE = /^\d+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | '' {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : '';
}

/** Filters from an address's search part; anything the API would refuse is dropped. */
export function filtersFromParams(params: URLSearchParams): ListingFilters {
  const text = (key: string) => (params.get(key) ?? '').trim().slice(0, 100);
  const whole = (key: string) => (WHOLE.test(text(key)) ? text(key) : '');
  return {
    q: text('q'),
    city: text('city'),
    minRent: whole('minRent'),
    maxRent: whole('maxRent'),
    roomType: oneOf(ROOM_TYPES, params.get('roomType')),
    housingType: oneOf(HOUSING_TYPES, params.get('housingType')),
    availableBy: DATE.test(text('availableBy')) ? text('availableBy') : '',
  };
}

/** The filters that are set, trimmed, in a fixed order (also the query key of a browse query). */
export function activeFilters(filters: ListingFilters): Partial<Record<keyof ListingFilters, string>> {
  const out: Partial<Record<keyof ListingFilters, string>> = {};
  for (const key of FILTER_KEYS) {
    const value = filters[key].trim();
    if (value !== '') out[key] = value;
  }
  return out;
}

/** How many filters besides the search text are set (the filter button's badge). */
export function filterCount(filters: ListingFilters): number {
  return Object.keys(activeFilters(filters)).filter((key) => key !== 'q').length;
}

/** The GET /api/roommate-listings query string for a page of these filters. */
export function browseQuery(filters: ListingFilters, cursor?: string | null): string {
  const params = new URLSearchParams(activeFilters(filters));
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

/** A message when the rent range is the wrong way round, else null. */
export function rentRangeError(filters: Pick<ListingFilters, 'minRent' | 'maxRent'>): string | null {
  const min = filters.minRent.trim();
  const max = filters.maxRent.trim();
  if ((min && !WHOLE.test(min)) || (max && !WHOLE.test(max))) return 'Rent must be whole dollars';
  if (min && max && Number(min) > Number(max)) return 'Minimum rent must not be above maximum rent';
  return null;
}

// ---------------------------------------------------------------------------------------------
// The create form (docs/listings.md, Fields and The listing form).

export interface ListingFormValues {
  title: string;
  description: string;
  rent: string;
  utilities: string;
  location: string;
  city: string;
  state: string;
  zipCode: string;
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
 * the user's e-mail.
 */
export function defaultListingForm(email: string, today: string): ListingFormValues {
  return {
    title: '',
    description: '',
    rent: '',
    utilities: '',
    location: '',
    city: '',
    state: '',
    zipCode: '',
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

/** '750' → 750, '' → null, anything else as typed so the schema can name the problem. */
function dollarsOrText(value: string): number | string | null {
  const trimmed = value.trim().replace(/^\$/, '').trim();
  if (trimmed === '') return null;
  return WHOLE.test(trimmed) ? Number(trimmed) : trimmed;
}

const optionalText = (value: string) => (value.trim() === '' ? null : value.trim());

/** The fields every listing write shares: trimmed, blanks as null, whole dollars as numbers. */
function listingFields(values: ListingFormValues) {
  return {
    title: values.title.trim(),
    description: optionalText(values.description),
    rent: dollarsOrText(values.rent) ?? '',
    utilities: dollarsOrText(values.utilities),
    location: values.location.trim(),
    city: values.city.trim(),
    state: optionalText(values.state),
    zipCode: optionalText(values.zipCode),
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
    rent: String(listing.rent),
    utilities: listing.utilities === null ? '' : String(listing.utilities),
    location: listing.location,
    city: listing.city,
    state: listing.state ?? '',
    zipCode: listing.zipCode ?? '',
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
