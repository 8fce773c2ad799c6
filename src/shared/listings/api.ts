import { z } from 'zod';
import { publicUser } from '../accounts/api.ts';
import { operation } from '../api/operation.ts';
import { answerInstant } from '../validation.ts';
import { HOUSING_TYPES } from './rules.ts';
import { createListingSchema, listingChoices, listingsQuerySchema, updateListingSchema } from './schemas.ts';

const idParams = z.object({ id: z.string().min(1).max(100) });

/** A listing as the API answers it (docs/listings.md, Fields), with status, card-size photos, creator id. */
export const listingView = z.strictObject({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  rent: z.number(),
  utilities: z.number().nullable(),
  location: z.string(),
  city: z.string(),
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
  rent: z.number().nullable(),
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
