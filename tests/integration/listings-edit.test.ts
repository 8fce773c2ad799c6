// Roommate listings through the API: editing, closing, reopening and deleting a listing, and
// every route without a session.
import { describe, expect, it } from 'vitest';
import type { ListingView as Listing } from '#shared/listings/api.ts';
import type { Client } from './helpers.ts';
import {
  asSeenByOthers,
  browseTitles,
  dataUrl,
  expectNotAvailable,
  getListing,
  jpegOf,
  listingBody,
  PHOTO,
  setUpListingsApp,
  uniqueCity,
} from './listings-setup.ts';

const t = setUpListingsApp();
const { createListing, rowCounts } = t;

// ---- PATCH and DELETE ---------------------------------------------------------------------------

describe('PATCH /api/roommate-listings/{id}', () => {
  const patch = (client: Client, id: string, body: unknown) =>
    client.patch(`/api/roommate-listings/${id}`, body);

  it('lets the creator edit fields; searches and the city filter follow the edit', async () => {
    const city = uniqueCity();
    const listing = await createListing(t.alice.client, {
      city,
      title: 'Before',
      availableFrom: '2026-04-01',
    });
    t.clock += 1000;
    const response = await patch(t.alice.client, listing.id, {
      title: '  After  ',
      description: 'Now with a balcony',
      rent: 925,
      utilities: 60,
      city: `${city} North`,
      roomType: 'shared',
      housingType: 'townhouse',
      amenities: ['Balcony', 'Gym', 'Balcony'],
      lifestylePreferences: ['quiet'],
      availableTo: '2026-09-01',
      contactInfo: 'call 555-0199',
      featured: true, // not the creator's to set
    });
    expect(response.statusCode, response.body).toBe(200);
    const edited = response.json() as Listing;
    expect(edited).toEqual({
      ...listing,
      title: 'After',
      description: 'Now with a balcony',
      rent: '925.00',
      utilities: '60.00',
      city: `${city} North`,
      roomType: 'shared',
      housingType: 'townhouse',
      amenities: ['Balcony', 'Gym'],
      lifestylePreferences: ['quiet'],
      availableTo: '2026-09-01',
      contactInfo: 'call 555-0199',
      featured: false,
    });
    expect((await getListing(t.bob.client, listing.id)).json()).toEqual(asSeenByOthers(edited));
    expect(await browseTitles(t.bob.client, { city: `${city} north`, q: 'balcony' })).toEqual(['After']);
    expect(await browseTitles(t.bob.client, { city })).toEqual([]);

    // Clearing optional fields with null.
    const cleared = await patch(t.alice.client, listing.id, {
      description: null,
      utilities: null,
      availableTo: null,
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ description: null, utilities: null, availableTo: null });
    expect(await browseTitles(t.bob.client, { city: `${city} North`, q: 'balcony' })).toEqual([]);
  });

  it('lets the creator close and reopen a listing', async () => {
    const city = uniqueCity();
    const listing = await createListing(t.alice.client, { city, title: 'Open and shut' });

    const closed = await patch(t.alice.client, listing.id, { status: 'closed' });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'closed' });
    expect(await browseTitles(t.bob.client, { city })).toEqual([]);
    expectNotAvailable(await getListing(t.bob.client, listing.id));

    const reopened = await patch(t.alice.client, listing.id, { status: 'active' });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toEqual(listing);
    expect(await browseTitles(t.bob.client, { city })).toEqual(['Open and shut']);
  });

  it.each<[string, Record<string, unknown>, string | RegExp]>([
    [
      'availableTo before availableFrom',
      { availableTo: '2026-03-31' },
      'Available to must not be before available from',
    ],
    [
      'availableFrom after the existing availableTo',
      { availableFrom: '2026-06-02' },
      'Available to must not be before available from',
    ],
    [
      'both dates reversed',
      { availableFrom: '2026-05-10', availableTo: '2026-05-09' },
      'Available to must not be before available from',
    ],
    ['an empty body', {}, /./],
    ['only a featured flag', { featured: true }, /./],
    ['a blank title', { title: ' ' }, 'Title is required'],
    ['a rent with a tenth of a cent', { rent: 99.505 }, /^Rent must be an amount in USD/],
    ['negative utilities', { utilities: -1 }, /^Utilities must be an amount in USD/],
    ['a blank city', { city: '' }, 'City is required'],
    ['a blank postcode in the US', { postcode: '' }, 'Postcode is required'],
    ['a blank zipCode in the US', { zipCode: ' ' }, 'Postcode is required'],
    ['a blank contact', { contactInfo: '  ' }, 'Contact info is required'],
    ['an unknown status', { status: 'deleted' }, /status/],
    ['an unknown room type', { roomType: 'loft' }, /roomType/],
    ['an unknown amenity', { amenities: ['Sauna'] }, /amenities/],
    ['an availableFrom that is not a date', { availableFrom: 'soon' }, /^Available from must be a date/],
  ])('refuses %s with 400 and changes nothing', async (_label, body, message) => {
    const listing = await createListing(t.alice.client, {
      availableFrom: '2026-04-01',
      availableTo: '2026-06-01',
    });
    const response = await patch(t.alice.client, listing.id, body);
    expect(response.statusCode, response.body).toBe(400);
    const text = (response.json() as { message: string }).message;
    if (typeof message === 'string') expect(text).toBe(message);
    else expect(text).toMatch(message);
    expect((await getListing(t.alice.client, listing.id)).json()).toEqual(listing);
  });

  it("answers 403 to someone else's edit, close or reopen, and changes nothing", async () => {
    const listing = await createListing(t.alice.client, { title: 'Mine' });
    for (const body of [{ title: 'Hijacked' }, { status: 'closed' }, { rent: 1 }]) {
      const response = await patch(t.bob.client, listing.id, body);
      expect(response.statusCode).toBe(403);
      expect(typeof (response.json() as { message: string }).message).toBe('string');
    }
    expect((await getListing(t.alice.client, listing.id)).json()).toEqual(listing);

    // Once closed, the listing does not exist for others at all.
    await patch(t.alice.client, listing.id, { status: 'closed' });
    const reopen = await patch(t.bob.client, listing.id, { status: 'active' });
    expect(reopen.statusCode).toBe(404);
    expect((await getListing(t.alice.client, listing.id)).json()).toMatchObject({
      status: 'closed',
      title: 'Mine',
    });
  });

  it('answers 404 for a listing that does not exist', async () => {
    const response = await patch(t.alice.client, 'no-such-listing', { title: 'x' });
    expect(response.statusCode).toBe(404);
  });
});

describe('DELETE /api/roommate-listings/{id}', () => {
  it('lets the creator delete the listing with 204; its photos are gone too', async () => {
    const listing = await createListing(t.alice.client, {
      images: [PHOTO, dataUrl(await jpegOf(50, 40), 'image/jpeg')],
    });
    const urls = [...listing.images, ...listing.cardImages];
    for (const url of urls) expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const before = await rowCounts();

    const response = await t.alice.client.delete(`/api/roommate-listings/${listing.id}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    expectNotAvailable(await getListing(t.alice.client, listing.id));
    for (const url of urls) expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect(await rowCounts()).toEqual({
      listings: before.listings - 1,
      images: before.images - 4,
      listingImages: before.listingImages - 2,
    });
    expect(
      ((await t.alice.client.get('/api/roommate-listings/my')).json() as Listing[]).map((l) => l.id),
    ).not.toContain(listing.id);
    expect((await t.alice.client.delete(`/api/roommate-listings/${listing.id}`)).statusCode).toBe(404);
  });

  it('lets the creator delete a closed listing', async () => {
    const listing = await createListing(t.alice.client);
    await t.alice.client.patch(`/api/roommate-listings/${listing.id}`, { status: 'closed' });
    expect((await t.alice.client.delete(`/api/roommate-listings/${listing.id}`)).statusCode).toBe(204);
    expect((await getListing(t.alice.client, listing.id)).statusCode).toBe(404);
  });

  it("answers 403 to someone else's delete and keeps the listing and its photos", async () => {
    const listing = await createListing(t.alice.client);
    const before = await rowCounts();
    const response = await t.bob.client.delete(`/api/roommate-listings/${listing.id}`);
    expect(response.statusCode).toBe(403);
    expect(typeof (response.json() as { message: string }).message).toBe('string');
    expect((await getListing(t.bob.client, listing.id)).json()).toEqual(asSeenByOthers(listing));
    expect(await rowCounts()).toEqual(before);
    expect((await t.app.inject({ method: 'GET', url: listing.images[0]! })).statusCode).toBe(200);
  });
});

// ---- signed out ---------------------------------------------------------------------------------

describe('without a session', () => {
  it.each([
    ['GET', '/api/roommate-listings'],
    ['GET', '/api/roommate-listings?city=Springfield&featured=true'],
    ['GET', '/api/roommate-listings/my'],
    ['GET', '/api/roommate-listings/prefill'],
    ['GET', '/api/roommate-listings/LISTING'],
    ['POST', '/api/roommate-listings'],
    ['PATCH', '/api/roommate-listings/LISTING'],
    ['DELETE', '/api/roommate-listings/LISTING'],
  ] as const)('%s %s answers 401 and changes nothing', async (method, route) => {
    const listing = await createListing(t.alice.client);
    const before = await rowCounts();
    const response = await t.app.inject({
      method,
      url: route.replace('LISTING', listing.id),
      ...(method === 'POST' ? { payload: listingBody() } : {}),
      ...(method === 'PATCH' ? { payload: { title: 'Anonymous edit' } } : {}),
    });
    expect(response.statusCode).toBe(401);
    expect(typeof (response.json() as { message: string }).message).toBe('string');
    expect(response.body).not.toContain(listing.title);
    expect(await rowCounts()).toEqual(before);
    expect((await getListing(t.alice.client, listing.id)).json()).toEqual(listing);
  });
});
