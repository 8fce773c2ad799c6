// What the listings-*.test.ts files share: the listing the API answers, photos, the app each file
// sets up with setUpListingsApp, and helpers that post, browse and read listings.

import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import sharp from 'sharp';
import { beforeEach, expect } from 'vitest';
import type { ListingView as Listing } from '#shared/listings/api.ts';
import { type Client, type FileApp, setUpTestApp, signUp } from './helpers.ts';

/** The app's clock at the start of the file; the default availableFrom is TODAY. */
export const NOW = Date.parse('2026-03-11T12:00:00.000Z');
export const TODAY = '2026-03-11';

const NOT_AVAILABLE = 'This listing may have been removed or is no longer available.';

export type Person = Awaited<ReturnType<typeof signUp>>;

// ---- photos -------------------------------------------------------------------------------------

export const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } });
export const pngOf = (width: number, height: number) => solid(width, height).png().toBuffer();
export const jpegOf = (width: number, height: number) => solid(width, height).jpeg().toBuffer();
export const dataUrl = (bytes: Buffer | string, mime = 'image/png') =>
  `data:${mime};base64,${Buffer.from(bytes).toString('base64')}`;

/** A small PNG as a data URL, for listings whose photos do not matter. */
export const PHOTO = dataUrl(await pngOf(24, 16));

// ---- requests -----------------------------------------------------------------------------------

/** A valid create body; an override of `undefined` leaves the field out. */
export const listingBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'Sunny room near campus',
  rent: 800,
  currency: 'USD',
  country: 'US',
  postcode: '62701',
  location: '12 Elm Street',
  city: 'Springfield',
  images: [PHOTO],
  ...overrides,
});

/**
 * Registers the calling file's hooks (its own app and database, and Alice and Bob signed up
 * afresh for each test: one person keeps at most CAPS.activeListingsPerUser active listings) and
 * returns them with the helpers that work on them. The app's clock is not reset between tests:
 * every listing is posted a second after the one before, so "newest first" is decided by the
 * test, and the default availableFrom is TODAY.
 */
export function setUpListingsApp() {
  const app = setUpTestApp(NOW, { resetEachTest: false });
  // Both are signed up before each test reads them.
  const t = Object.assign(app, listingsHelpers(app), { alice: {} as Person, bob: {} as Person });
  beforeEach(async () => {
    t.alice = await signUp(t.app, { firstName: 'Alice', lastName: 'Archer' });
    t.bob = await signUp(t.app, { firstName: 'Bob', lastName: 'Baker' });
  });
  return t;
}

function listingsHelpers(t: FileApp) {
  function postListing(client: Client, overrides: Record<string, unknown> = {}) {
    t.clock += 1000;
    return client.post('/api/roommate-listings', listingBody(overrides));
  }

  async function createListing(client: Client, overrides: Record<string, unknown> = {}): Promise<Listing> {
    const response = await postListing(client, overrides);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Listing;
  }

  async function rowCounts() {
    const count = async (table: string) => {
      const result = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(
        t.database.db,
      );
      return Number(result.rows[0]?.n);
    };
    return {
      listings: await count('listings'),
      images: await count('images'),
      listingImages: await count('listing_images'),
    };
  }

  /** Checks a refused create: the status, the message, and that nothing at all was written. */
  async function expectRefusedCreate(
    client: Client,
    overrides: Record<string, unknown>,
    status: number,
    message: string | RegExp,
  ) {
    const before = await rowCounts();
    const response = await postListing(client, overrides);
    expect(response.statusCode, response.body).toBe(status);
    const body = response.json() as { message: string };
    if (typeof message === 'string') expect(body.message).toBe(message);
    else expect(body.message).toMatch(message);
    expect(await rowCounts()).toEqual(before);
  }

  return { postListing, createListing, rowCounts, expectRefusedCreate };
}

let cityCounter = 0;
/** A city name no other test uses, so a browse filtered by it sees only this test's listings. */
export const uniqueCity = (name = 'Town') => {
  cityCounter += 1;
  return `${name} ${cityCounter}${randomBytes(2).toString('hex')}`;
};

export async function browse(client: Client, query: Record<string, string | number | boolean> = {}) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return client.get(`/api/roommate-listings${search ? `?${search}` : ''}`);
}

export async function browseTitles(client: Client, query: Record<string, string | number | boolean>) {
  const response = await browse(client, query);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as Listing[]).map((l) => l.title);
}

export const getListing = (client: Client, id: string) => client.get(`/api/roommate-listings/${id}`);

/** A listing as someone other than its poster receives it: the street only when shown to everyone. */
export function asSeenByOthers(listing: Listing): Listing {
  const street = listing.streetVisibility === 'everyone' ? listing.street : null;
  return { ...listing, street, location: street ?? '' };
}

export function expectNotAvailable(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(404);
  expect(response.json()).toMatchObject({ message: NOT_AVAILABLE });
}
