// Listings' constants and display rules, with no validation code: the screens that only show
// listings load these and not Zod. The schemas are in listings.ts.

import { countryName, countryUsesPostcodes } from '../countries.ts';
import { currencyExponent, formatMoney, parseAmount } from '../money.ts';

export const ROOM_TYPES = ['private', 'shared', 'studio'] as const;
export const HOUSING_TYPES = ['apartment', 'house', 'condo', 'townhouse', 'dorm', 'shared_house'] as const;
export const GENDER_PREFERENCES = ['any', 'male', 'female', 'non_binary'] as const;
export const STUDENT_YEARS = ['any', 'freshman', 'sophomore', 'junior', 'senior', 'graduate'] as const;
export const STUDY_HABITS = ['flexible', 'quiet', 'moderate', 'social'] as const;
export const SOCIAL_PREFERENCES = ['balanced', 'introverted', 'extroverted', 'flexible'] as const;
export const LIFESTYLE_PREFERENCES = [
  'no_smoking',
  'pet_friendly',
  'vegetarian',
  'clean',
  'quiet',
  'social',
] as const;
export const AMENITIES = [
  'WiFi',
  'Laundry',
  'Kitchen',
  'Parking',
  'Gym',
  'Pool',
  'Near Campus',
  'Public Transport',
  'Furnished',
  'Balcony',
] as const;
/**
 * Who besides the poster sees the exact street (docs/decisions/0036-listing-addresses.md): nobody
 * (the default), or everyone signed in, who are all the board's readers.
 */
export const STREET_VISIBILITIES = ['hidden', 'everyone'] as const;
export type StreetVisibility = (typeof STREET_VISIBILITIES)[number];
export const MAX_LISTING_PHOTOS = 10;
export const LISTINGS_PAGE_SIZE = 20;

/** The create form's button stays disabled until these are there (docs/listings.md, The listing form). */
export function listingFormComplete(form: {
  title: string;
  rent: string;
  country: string;
  postcode: string;
  city: string;
  availableFrom: string;
  contactInfo: string;
  photos: number;
}): boolean {
  const postcode = form.country === '' || !countryUsesPostcodes(form.country) || form.postcode.trim() !== '';
  return (
    [form.title, form.rent, form.country, form.city, form.availableFrom, form.contactInfo].every(
      (v) => v.trim() !== '',
    ) &&
    postcode &&
    form.photos > 0
  );
}

/** Contact is e-mail when it contains '@' (docs/listings.md, Contact). */
export function contactIsEmail(contact: string | null | undefined): boolean {
  return Boolean(contact?.includes('@'));
}

/** 'Mar 5, 2026' (en-US) from YYYY-MM-DD in `locale`, independent of the viewer's time zone. */
export function listingDate(isoDate: string, locale: string): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(Date.UTC(y, m - 1, d));
}

/** 'Available Mar 5, 2026': the English the screens show (`listings.available`), for tests. */
export function availableLabel(isoDate: string): string {
  return `Available ${listingDate(isoDate, 'en-US')}`;
}

/**
 * An amount of a listing (its decimal string in its currency) as the viewer's language writes it:
 * '£850.00', '¥85,000', '350,500 KWD' (docs/listings.md, Showing a listing).
 */
export function formatListingAmount(amount: string, currency: string, locale: string): string {
  const minor = parseAmount(amount, currencyExponent(currency));
  return minor === null ? `${amount} ${currency}` : formatMoney(minor, currency, locale);
}

/**
 * A postcode as filters compare it: upper case without spaces or dashes, so 'sw1a 1' finds
 * 'SW1A 1AA' and '10115' finds '10115'.
 */
export function postcodeKey(postcode: string): string {
  return postcode.toUpperCase().replace(/[\s-]+/g, '');
}

/** 'Manchester, Greater Manchester, M1 4BT, United Kingdom': the area every reader sees. */
export function areaLabel(
  listing: { city: string; region: string | null; postcode: string | null; country: string },
  locale: string,
): string {
  return [listing.city, listing.region, listing.postcode, countryName(listing.country, locale)]
    .filter((part): part is string => !!part && part.trim() !== '')
    .join(', ');
}
