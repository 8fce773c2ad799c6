import { z } from 'zod';
import { publicUser } from '../accounts/api.ts';
import { operation } from '../api/operation.ts';
import { answerInstant } from '../validation.ts';
import { HOUSING_TYPES, STREET_VISIBILITIES } from './rules.ts';
import { createListingSchema, listingChoices, listingsQuerySchema, updateListingSchema } from './schemas.ts';

const idParams = z.object({ id: z.string().min(1).max(100) });

/** A listing as the API answers it (docs/listings.md, Fields), with status, card-size photos, creator id. */
export const listingView = z.strictObject({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  /** Decimal strings in `currency`, with as many decimals as it is written with ("850.00", "85000"). */
  rent: z.string(),
  utilities: z.string().nullable(),
  /** ISO 4217. */
  currency: z.string(),
  /** The area, which everyone sees: ISO 3166-1 alpha-2 country, postcode, city, region. */
  country: z.string(),
  postcode: z.string().nullable(),
  city: z.string(),
  region: z.string().nullable(),
  /** The exact address: sent to the poster, and to others only when streetVisibility is 'everyone'. */
  street: z.string().nullable(),
  streetVisibility: z.enum(STREET_VISIBILITIES),
  /** Older clients' names: the street as sent ('' when not), the region, the postcode. */
  location: z.string(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  university: z.string().nullable(),
  distanceToCampus: z.string().nullable(),
  /** Dates as YYYY-MM-DD. */
  availableFrom: z.string(),
  availableTo: z.string().nullable(),
  ...listingChoices,
  /** Detail-size photos (1600 px) and card-size photos (640 px), in the same order. */
  images: z.array(z.string()),
  cardImages: z.array(z.string()),
  featured: z.boolean(),
  status: z.enum(['active', 'closed']),
  contactInfo: z.string(),
  createdBy: z.string(),
  creator: publicUser
    .pick({ firstName: true, lastName: true, profileColor: true, profileImageUrl: true })
    .nullable(),
  createdAt: answerInstant,
});
export type ListingView = z.output<typeof listingView>;

/** What a household admin's listing for their free room starts from. */
const listingPrefill = z.strictObject({
  title: z.string(),
  /** A member's share of the household's rent, in whole units of its currency ("400.00"). */
  rent: z.string().nullable(),
  currency: z.string(),
  housingType: z.enum(HOUSING_TYPES),
});
export type ListingPrefill = z.output<typeof listingPrefill>;

export const listingsApi = {
  browse: operation({
    method: 'GET',
    path: '/api/roommate-listings',
    summary: 'Active listings, featured first then newest, a page at a time (the next in X-Next-Cursor)',
    tag: 'Listings',
    access: 'user',
    query: listingsQuerySchema,
    responses: { 200: z.array(listingView), 304: null },
  }),
  mine: operation({
    method: 'GET',
    path: '/api/roommate-listings/my',
    summary: "The signed-in user's own listings, closed ones too, newest first",
    tag: 'Listings',
    access: 'user',
    responses: { 200: z.array(listingView), 304: null },
  }),
  prefill: operation({
    method: 'GET',
    path: '/api/roommate-listings/prefill',
    summary: "What a household admin's listing for their free room starts from",
    tag: 'Listings',
    access: 'member',
    responses: { 200: listingPrefill },
  }),
  detail: operation({
    method: 'GET',
    path: '/api/roommate-listings/:id',
    summary: 'One listing: an active one, or a closed one to the person who posted it',
    tag: 'Listings',
    access: 'user',
    params: idParams,
    responses: { 200: listingView, 304: null },
  }),
  create: operation({
    method: 'POST',
    path: '/api/roommate-listings',
    summary: 'Posts a listing with its photos (as data URLs)',
    tag: 'Listings',
    access: 'user',
    body: createListingSchema,
    responses: { 201: listingView },
  }),
  update: operation({
    method: 'PATCH',
    path: '/api/roommate-listings/:id',
    summary: 'Changes, closes or reopens a listing (only the person who posted it)',
    tag: 'Listings',
    access: 'user',
    params: idParams,
    body: updateListingSchema,
    responses: { 200: listingView },
  }),
  remove: operation({
    method: 'DELETE',
    path: '/api/roommate-listings/:id',
    summary: 'Deletes a listing and its photos (only the person who posted it)',
    tag: 'Listings',
    access: 'user',
    params: idParams,
    responses: { 204: null },
  }),
};
