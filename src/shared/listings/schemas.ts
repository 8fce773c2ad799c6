import { z } from 'zod';
import { registerMessages, windowDate } from '../validation.ts';
import {
  AMENITIES,
  GENDER_PREFERENCES,
  HOUSING_TYPES,
  LIFESTYLE_PREFERENCES,
  LISTINGS_PAGE_SIZE,
  MAX_LISTING_PHOTOS,
  ROOM_TYPES,
  SOCIAL_PREFERENCES,
  STUDENT_YEARS,
  STUDY_HABITS,
} from './rules.ts';

// The rules live in listing-rules.ts (no Zod in it); this module adds the schemas the routes and
// the listing form validate with, and passes the rules on for the server's convenience.
export * from './rules.ts';

export const listingMessages = registerMessages({
  requiredFields: 'Please fill in all required fields (*)',
  titleRequired: 'Title is required',
  rentInvalid: 'Rent must be a whole number of dollars, 0 or more',
  utilitiesInvalid: 'Utilities must be a whole number of dollars, 0 or more',
  locationRequired: 'Location is required',
  cityRequired: 'City is required',
  availableFromRequired: 'Available from must be a date (YYYY-MM-DD)',
  availableToBeforeFrom: 'Available to must not be before available from',
  contactRequired: 'Contact info is required',
  photosRequired: 'Add at least one photo',
  tooManyPhotos: `At most ${MAX_LISTING_PHOTOS} photos`,
  photoInvalid: 'Each photo must be an image sent as a data URL',
} as const);

const MAX_DOLLARS = 1_000_000;
const dollars = (message: string) =>
  z.union([z.number(), z.string()], { error: message }).transform((value, ctx) => {
    const n = typeof value === 'string' ? (value.trim() === '' ? Number.NaN : Number(value)) : value;
    if (!Number.isInteger(n) || n < 0 || n > MAX_DOLLARS) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n;
  });

const date = (field: string, message: string) => windowDate(field, message);
const text = (max: number) => z.string().trim().max(max);

export const createListingSchema = z
  .object({
    title: text(120).min(1, listingMessages.titleRequired),
    description: text(5000).nullish(),
    rent: dollars(listingMessages.rentInvalid),
    utilities: dollars(listingMessages.utilitiesInvalid)
      .nullish()
      .or(z.literal('').transform(() => null)),
    location: text(200).min(1, listingMessages.locationRequired),
    city: text(100).min(1, listingMessages.cityRequired),
    state: text(100).nullish(),
    zipCode: text(20).nullish(),
    university: text(200).nullish(),
    distanceToCampus: text(100).nullish(),
    availableFrom: date('availableFrom', listingMessages.availableFromRequired).optional(),
    availableTo: date('availableTo', 'Available to must be a date (YYYY-MM-DD)')
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
  });
export type CreateListingInput = z.input<typeof createListingSchema>;

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

export const updateListingSchema = z
  .object({
    title: text(120).min(1, listingMessages.titleRequired),
    description: text(5000).nullable(),
    rent: dollars(listingMessages.rentInvalid),
    utilities: dollars(listingMessages.utilitiesInvalid).nullable(),
    location: text(200).min(1, listingMessages.locationRequired),
    city: text(100).min(1, listingMessages.cityRequired),
    state: text(100).nullable(),
    zipCode: text(20).nullable(),
    university: text(200).nullable(),
    distanceToCampus: text(100).nullable(),
    availableFrom: date('availableFrom', listingMessages.availableFromRequired),
    availableTo: date('availableTo', 'Available to must be a date (YYYY-MM-DD)').nullable(),
    ...listingChoices,
    contactInfo: text(200).min(1, listingMessages.contactRequired),
    status: z.enum(['active', 'closed']),
  })
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: 'Send at least one field to change',
  });

// Query text goes into SQL parameters: NUL is refused (PostgreSQL cannot hold it).
const queryText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((s) => !s.includes('\u0000'), 'must not contain NUL characters');
// A bound above any possible rent means no bound; clamped so it fits the integer column.
const rentBound = z.coerce
  .number()
  .int()
  .min(0)
  .transform((n) => Math.min(n, MAX_DOLLARS + 1));

export const listingsQuerySchema = z.object({
  city: queryText(100).optional(),
  featured: z.enum(['true', 'false']).optional(),
  minRent: rentBound.optional(),
  maxRent: rentBound.optional(),
  roomType: z.enum(ROOM_TYPES).optional(),
  housingType: z.enum(HOUSING_TYPES).optional(),
  availableBy: windowDate('availableBy', 'availableBy must be a date (YYYY-MM-DD)').optional(),
  q: queryText(100).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(LISTINGS_PAGE_SIZE),
});
