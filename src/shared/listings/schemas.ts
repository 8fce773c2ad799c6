import { z } from 'zod';
import { countryUsesPostcodes, isCountry } from '../countries.ts';
import { memoByKey } from '../memo.ts';
import {
  currencyExponent,
  DEFAULT_CURRENCY,
  decimalsRule,
  isCurrency,
  maxAmount,
  parseAmount,
} from '../money.ts';
import { registerMessages, registerSentence, windowDate } from '../validation.ts';
import {
  AMENITIES,
  GENDER_PREFERENCES,
  HOUSING_TYPES,
  LIFESTYLE_PREFERENCES,
  LISTINGS_PAGE_SIZE,
  MAX_LISTING_PHOTOS,
  ROOM_TYPES,
  SOCIAL_PREFERENCES,
  STREET_VISIBILITIES,
  STUDENT_YEARS,
  STUDY_HABITS,
} from './rules.ts';

// The rules live in listing-rules.ts (no Zod in it); this module adds the schemas the routes and
// the listing form validate with, and passes the rules on for the server's convenience.
export * from './rules.ts';

export const listingMessages = registerMessages('listing', {
  requiredFields: 'Please fill in all required fields (*)',
  titleRequired: 'Title is required',
  cityRequired: 'City is required',
  countryInvalid: 'Country must be a two-letter ISO 3166-1 code such as US, GB or DE',
  postcodeRequired: 'Postcode is required',
  currencyInvalid: 'Currency must be an ISO 4217 code such as USD, EUR or JPY',
  currencyNeedsRent: 'Send the rent (and the utilities) again in the new currency',
  streetVisibilityInvalid: "Street visibility must be 'hidden' or 'everyone'",
  availableFromRequired: 'Available from must be a date (YYYY-MM-DD)',
  availableToBeforeFrom: 'Available to must not be before available from',
  // Prefixed with its field as the API has always said it (an unprefixed sentence of ours would
  // stand without it).
  availableToInvalid: 'availableTo: Available to must be a date (YYYY-MM-DD)',
  contactRequired: 'Contact info is required',
  photosRequired: 'Add at least one photo',
  tooManyPhotos: `At most ${MAX_LISTING_PHOTOS} photos`,
  photoInvalid: 'Each photo must be an image sent as a data URL',
} as const);

type AmountField = 'rent' | 'utilities' | 'minRent' | 'maxRent';
// The body's fields are named in words; the search's bounds by their query names.
const AMOUNT_WORDS: Record<AmountField, string> = {
  rent: 'Rent',
  utilities: 'Utilities',
  minRent: 'minRent',
  maxRent: 'maxRent',
};

const amountMessages = new Map<string, string>();
/**
 * 'Rent must be an amount in GBP from 0 to 1,000,000, with at most 2 decimals', answered with the
 * code listing.amount_invalid and its field, currency, max and decimals.
 */
function amountMessage(field: AmountField, currency: string): string {
  const key = `${field} ${currency}`;
  const known = amountMessages.get(key);
  if (known) return known;
  const exponent = currencyExponent(currency);
  const max = maxAmount(exponent) / 10 ** exponent;
  const message = `${AMOUNT_WORDS[field]} must be an amount in ${currency} from 0 to ${max.toLocaleString('en-US')}, ${decimalsRule(exponent)}`;
  registerSentence(message, 'listing.amount_invalid', { field, currency, max, decimals: exponent });
  amountMessages.set(key, message);
  return message;
}

/** A decimal string (or number) in a currency → integer minor units, 0 up to the currency's cap. */
function toMinor(value: number | string, currency: string, message: string, ctx: z.RefinementCtx) {
  const exponent = currencyExponent(currency);
  const minor = parseAmount(value, exponent);
  if (minor === null || minor > maxAmount(exponent)) {
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  }
  return minor;
}

const amountIn = (currency: string, field: 'rent' | 'utilities') => {
  const message = amountMessage(field, currency);
  return z
    .union([z.number(), z.string()], { error: message })
    .transform((value, ctx) => toMinor(value, currency, message, ctx));
};

/** The same, where null or '' (an emptied field) means none. */
const optionalAmountIn = (currency: string, field: 'rent' | 'utilities') => {
  const message = amountMessage(field, currency);
  return z
    .union([z.number(), z.string(), z.null()], { error: message })
    .optional()
    .transform((value, ctx) =>
      value === undefined
        ? undefined
        : value === null || value === ''
          ? null
          : toMinor(value, currency, message, ctx),
    );
};

const date = (field: string, message: string) => windowDate(field, message);
const text = (max: number) => z.string().trim().max(max);
/** Optional text: blank is none (null). */
const optionalText = (max: number) =>
  text(max)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));

const country = z
  .string({ error: listingMessages.countryInvalid })
  .trim()
  .toUpperCase()
  .refine(isCountry, listingMessages.countryInvalid);
export const currencyCode = z
  .string({ error: listingMessages.currencyInvalid })
  .trim()
  .toUpperCase()
  .refine(isCurrency, listingMessages.currencyInvalid);
const streetVisibility = z.enum(STREET_VISIBILITIES, { error: listingMessages.streetVisibilityInvalid });

/**
 * The address and rent fields older clients send under their first names (`location` the street,
 * `state` the region, `zipCode` the postcode); the new name wins when both are sent.
 */
function withNewNames<
  T extends {
    street?: string | null | undefined;
    region?: string | null | undefined;
    postcode?: string | null | undefined;
    location?: string | null | undefined;
    state?: string | null | undefined;
    zipCode?: string | null | undefined;
  },
>({ location, state, zipCode, ...rest }: T) {
  return {
    ...rest,
    street: rest.street !== undefined ? rest.street : location,
    region: rest.region !== undefined ? rest.region : state,
    postcode: rest.postcode !== undefined ? rest.postcode : zipCode,
  };
}

const postcodeIssue = {
  message: listingMessages.postcodeRequired,
  path: ['postcode'],
};

function buildCreateSchema(currency: string) {
  return z
    .object({
      title: text(120).min(1, listingMessages.titleRequired),
      description: text(5000).nullish(),
      /** In `currency`: a decimal string such as "850.00" (or a number). */
      rent: amountIn(currency, 'rent'),
      utilities: optionalAmountIn(currency, 'utilities'),
      /** ISO 4217; default: the poster's household's currency, else their language's (Accept-Language). */
      currency: currencyCode.optional(),
      country,
      postcode: optionalText(20),
      city: text(100).min(1, listingMessages.cityRequired),
      region: optionalText(100),
      /** The exact address, shown to whom streetVisibility names (the poster always sees it). */
      street: optionalText(200),
      streetVisibility: streetVisibility.default('hidden'),
      /** Older clients' names for street, region and postcode. */
      location: optionalText(200),
      state: optionalText(100),
      zipCode: optionalText(20),
      university: text(200).nullish(),
      distanceToCampus: text(100).nullish(),
      availableFrom: date('availableFrom', listingMessages.availableFromRequired).optional(),
      availableTo: date('availableTo', listingMessages.availableToInvalid)
        .nullish()
        .or(z.literal('').transform(() => null)),
      roomType: z.enum(ROOM_TYPES).default('private'),
      housingType: z.enum(HOUSING_TYPES).default('apartment'),
      genderPreference: z.enum(GENDER_PREFERENCES).default('any'),
      studentYear: z.enum(STUDENT_YEARS).default('any'),
      studyHabits: z.enum(STUDY_HABITS).default('flexible'),
      socialPreferences: z.enum(SOCIAL_PREFERENCES).default('balanced'),
      lifestylePreferences: z
        .array(z.enum(LIFESTYLE_PREFERENCES))
        .max(LIFESTYLE_PREFERENCES.length)
        .default([]),
      amenities: z.array(z.enum(AMENITIES)).max(AMENITIES.length).default([]),
      images: z
        .array(
          // No length cap here: the server decodes each photo and answers 413 from 5 MB up
          // (the request body limit bounds the whole).
          z.string().startsWith('data:image/', listingMessages.photoInvalid),
          {
            error: listingMessages.photosRequired,
          },
        )
        .min(1, listingMessages.photosRequired)
        .max(MAX_LISTING_PHOTOS, listingMessages.tooManyPhotos),
      contactInfo: text(200).optional(),
    })
    .refine((v) => !v.availableTo || !v.availableFrom || v.availableTo >= v.availableFrom, {
      message: listingMessages.availableToBeforeFrom,
      path: ['availableTo'],
    })
    .transform(withNewNames)
    .refine((v) => !countryUsesPostcodes(v.country) || !!v.postcode, postcodeIssue);
}

/** A listing's choices as stored: an edit sends every one of them, an answer carries them all. */
export const listingChoices = {
  roomType: z.enum(ROOM_TYPES),
  housingType: z.enum(HOUSING_TYPES),
  genderPreference: z.enum(GENDER_PREFERENCES),
  studentYear: z.enum(STUDENT_YEARS),
  studyHabits: z.enum(STUDY_HABITS),
  socialPreferences: z.enum(SOCIAL_PREFERENCES),
  lifestylePreferences: z.array(z.enum(LIFESTYLE_PREFERENCES)),
  amenities: z.array(z.enum(AMENITIES)),
};

function buildUpdateSchema(currency: string) {
  return z
    .object({
      title: text(120).min(1, listingMessages.titleRequired),
      description: text(5000).nullable(),
      rent: amountIn(currency, 'rent'),
      utilities: optionalAmountIn(currency, 'utilities'),
      currency: currencyCode,
      country,
      postcode: optionalText(20),
      city: text(100).min(1, listingMessages.cityRequired),
      region: optionalText(100),
      street: optionalText(200),
      streetVisibility,
      location: optionalText(200),
      state: optionalText(100),
      zipCode: optionalText(20),
      university: text(200).nullable(),
      distanceToCampus: text(100).nullable(),
      availableFrom: date('availableFrom', listingMessages.availableFromRequired),
      availableTo: date('availableTo', listingMessages.availableToInvalid).nullable(),
      ...listingChoices,
      contactInfo: text(200).min(1, listingMessages.contactRequired),
      status: z.enum(['active', 'closed']),
    })
    .partial()
    .refine((v) => Object.values(v).some((x) => x !== undefined), {
      message: 'Send at least one field to change',
    })
    .transform(withNewNames);
}

/**
 * The create and edit schemas with rent and utilities read in `currency` (its number of decimals
 * decides what is valid: "85000" JPY, "850.50" GBP, "350.500" KWD).
 */
export const listingSchemas = memoByKey((currency: string) => ({
  create: buildCreateSchema(currency),
  update: buildUpdateSchema(currency),
}));

/** POST /api/roommate-listings with rent in US dollars (the documented shape; see listingSchemas). */
export const createListingSchema = listingSchemas(DEFAULT_CURRENCY).create;
export type CreateListingInput = z.input<typeof createListingSchema>;
/** PATCH /api/roommate-listings/{id} with rent in US dollars (the documented shape). */
export const updateListingSchema = listingSchemas(DEFAULT_CURRENCY).update;

/**
 * The currency a body's amounts are in: the one it names when that is a currency, else
 * `fallback`. A body naming something else is refused by the schema itself.
 */
export function bodyCurrency(body: unknown, fallback: string): string {
  const named = (body as { currency?: unknown } | null)?.currency;
  const code = typeof named === 'string' ? named.trim().toUpperCase() : named;
  return isCurrency(code) ? code : fallback;
}

// Query text goes into SQL parameters: NUL is refused (PostgreSQL cannot hold it).
const queryText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((s) => !s.includes('\u0000'), 'must not contain NUL characters');
export const listingsQuerySchema = z
  .object({
    country: country.optional(),
    city: queryText(100).optional(),
    /** The start of a postcode: 'M1' finds 'M1 4BT'; case, spaces and dashes do not matter. */
    postcode: queryText(20).optional(),
    region: queryText(100).optional(),
    /** Listings whose rent is in this currency; minRent and maxRent are read in it. */
    currency: currencyCode.optional(),
    featured: z.enum(['true', 'false']).optional(),
    /** Decimal strings in `currency` (in US dollars when no currency is named, as before). */
    minRent: queryText(20).optional(),
    maxRent: queryText(20).optional(),
    roomType: z.enum(ROOM_TYPES).optional(),
    housingType: z.enum(HOUSING_TYPES).optional(),
    availableBy: windowDate('availableBy', 'availableBy must be a date (YYYY-MM-DD)').optional(),
    q: queryText(100).optional(),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(50).default(LISTINGS_PAGE_SIZE),
  })
  .transform(({ minRent, maxRent, ...query }, ctx) => {
    const ranged = !!minRent || !!maxRent;
    const currency = query.currency ?? (ranged ? DEFAULT_CURRENCY : undefined);
    const exponent = currencyExponent(currency ?? DEFAULT_CURRENCY);
    // A bound above any possible rent means no bound; clamped so it stays a plain number.
    const bound = (field: 'minRent' | 'maxRent', value: string | undefined) => {
      if (!value) return undefined;
      const minor = parseAmount(value, exponent);
      if (minor === null) {
        ctx.addIssue({ code: 'custom', message: amountMessage(field, currency!), path: [field] });
        return undefined;
      }
      return Math.min(minor, maxAmount(exponent) + 1);
    };
    return {
      ...query,
      currency,
      minRent: bound('minRent', minRent),
      maxRent: bound('maxRent', maxRent),
    };
  });
