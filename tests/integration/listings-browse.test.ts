// Roommate listings through the API: browsing, with its filters, search, pages and ETags.

import { randomBytes } from 'node:crypto';

import { describe, expect, it } from 'vitest';
import { setFeatured } from '#server/features/listings/queries.ts';
import type { ListingView as Listing } from '#shared/listings/api.ts';
import { signUp } from './helpers.ts';
import { browse, browseTitles, NOW, setUpListingsApp, TODAY, uniqueCity } from './listings-setup.ts';

const t = setUpListingsApp();
const { createListing } = t;

// ---- GET list -----------------------------------------------------------------------------------

describe('GET /api/roommate-listings', () => {
  it('shows active listings only, featured first then newest, to any signed-in user', async () => {
    const city = uniqueCity();
    const a = await createListing(t.alice.client, { city, title: 'A' });
    const b = await createListing(t.bob.client, { city, title: 'B' });
    await createListing(t.alice.client, { city, title: 'C' });
    await createListing(t.bob.client, { city, title: 'D' });
    const closed = await createListing(t.alice.client, { city, title: 'Closed' });
    expect(
      (await t.alice.client.patch(`/api/roommate-listings/${closed.id}`, { status: 'closed' })).statusCode,
    ).toBe(200);
    const carol = await signUp(t.app, { firstName: 'Carol' }); // no household, no listings of her own

    expect(await browseTitles(carol.client, { city })).toEqual(['D', 'C', 'B', 'A']);

    expect(await setFeatured(t.database.db, b.id, true)).toBe(true);
    expect(await browseTitles(carol.client, { city })).toEqual(['B', 'D', 'C', 'A']);
    expect(await setFeatured(t.database.db, a.id, true)).toBe(true);
    expect(await browseTitles(carol.client, { city })).toEqual(['B', 'A', 'D', 'C']);
    expect(await browseTitles(carol.client, { city, featured: 'true' })).toEqual(['B', 'A']);
    expect(await browseTitles(carol.client, { city, featured: 'false' })).toEqual(['B', 'A', 'D', 'C']);

    const shown = (await browse(carol.client, { city })).json() as Listing[];
    expect(shown.map((l) => l.featured)).toEqual([true, true, false, false]);
    // Bob's street is his to see: others get the area only (the street is hidden by default).
    expect(shown[0]).toEqual({ ...b, featured: true, street: null, location: '' });

    // A closed listing that gets featured still is not shown.
    await setFeatured(t.database.db, closed.id, true);
    expect(await browseTitles(carol.client, { city })).toEqual(['B', 'A', 'D', 'C']);

    expect(await setFeatured(t.database.db, b.id, false)).toBe(true);
    expect(await browseTitles(carol.client, { city })).toEqual(['A', 'D', 'C', 'B']);
    expect(await setFeatured(t.database.db, 'no-such-listing', true)).toBe(false);
  });

  it('filters by city case-insensitively and exactly (after trimming)', async () => {
    const city = uniqueCity('Ann Arbor');
    await createListing(t.alice.client, { city, title: 'In town' });
    await createListing(t.alice.client, { city: `${city} Heights`, title: 'Next town' });

    expect(await browseTitles(t.bob.client, { city })).toEqual(['In town']);
    expect(await browseTitles(t.bob.client, { city: city.toUpperCase() })).toEqual(['In town']);
    expect(await browseTitles(t.bob.client, { city: city.toLowerCase() })).toEqual(['In town']);
    expect(await browseTitles(t.bob.client, { city: `  ${city}  ` })).toEqual(['In town']);
    expect(await browseTitles(t.bob.client, { city: city.slice(0, -1) })).toEqual([]);
  });

  it('filters by minRent and maxRent, both inclusive', async () => {
    const city = uniqueCity();
    for (const rent of [400, 800, 1200])
      await createListing(t.alice.client, { city, rent, title: `$${rent}` });

    expect(await browseTitles(t.bob.client, { city, minRent: 800 })).toEqual(['$1200', '$800']);
    expect(await browseTitles(t.bob.client, { city, maxRent: 800 })).toEqual(['$800', '$400']);
    expect(await browseTitles(t.bob.client, { city, minRent: 500, maxRent: 1000 })).toEqual(['$800']);
    expect(await browseTitles(t.bob.client, { city, minRent: 800, maxRent: 800 })).toEqual(['$800']);
    expect(await browseTitles(t.bob.client, { city, minRent: 1000, maxRent: 500 })).toEqual([]);
    expect(await browseTitles(t.bob.client, { city, minRent: 0 })).toEqual(['$1200', '$800', '$400']);
    // A bound larger than any rent (or than a 32-bit column) is no limit, not a server error.
    expect(await browseTitles(t.bob.client, { city, maxRent: 99_999_999_999 })).toEqual([
      '$1200',
      '$800',
      '$400',
    ]);
    expect(await browseTitles(t.bob.client, { city, minRent: 99_999_999_999 })).toEqual([]);
  });

  it('filters by roomType and housingType', async () => {
    const city = uniqueCity();
    await createListing(t.alice.client, { city, title: 'private apartment' });
    await createListing(t.alice.client, {
      city,
      title: 'shared house',
      roomType: 'shared',
      housingType: 'house',
    });
    await createListing(t.alice.client, {
      city,
      title: 'studio condo',
      roomType: 'studio',
      housingType: 'condo',
    });
    await createListing(t.alice.client, {
      city,
      title: 'shared condo',
      roomType: 'shared',
      housingType: 'condo',
    });

    expect(await browseTitles(t.bob.client, { city, roomType: 'shared' })).toEqual([
      'shared condo',
      'shared house',
    ]);
    expect(await browseTitles(t.bob.client, { city, housingType: 'condo' })).toEqual([
      'shared condo',
      'studio condo',
    ]);
    expect(await browseTitles(t.bob.client, { city, roomType: 'shared', housingType: 'condo' })).toEqual([
      'shared condo',
    ]);
    expect(await browseTitles(t.bob.client, { city, roomType: 'private' })).toEqual(['private apartment']);
    expect(await browseTitles(t.bob.client, { city, housingType: 'dorm' })).toEqual([]);
  });

  it('filters by availableBy: rooms free on or before that day', async () => {
    const city = uniqueCity();
    await createListing(t.alice.client, { city, title: 'April', availableFrom: '2026-04-01' });
    await createListing(t.alice.client, { city, title: 'May', availableFrom: '2026-05-01' });
    await createListing(t.alice.client, { city, title: 'June', availableFrom: '2026-06-01' });

    expect(await browseTitles(t.bob.client, { city, availableBy: '2026-05-01' })).toEqual(['May', 'April']);
    expect(await browseTitles(t.bob.client, { city, availableBy: '2026-04-30' })).toEqual(['April']);
    expect(await browseTitles(t.bob.client, { city, availableBy: '2026-03-31' })).toEqual([]);
    expect(await browseTitles(t.bob.client, { city, availableBy: '2027-01-01' })).toEqual([
      'June',
      'May',
      'April',
    ]);
  });

  it('searches q in title, description and university, case-insensitively, with % and _ taken literally', async () => {
    const city = uniqueCity();
    await createListing(t.alice.client, { city, title: 'Quiet Loft' });
    await createListing(t.alice.client, {
      city,
      title: 'Garden room',
      description: 'Steps from the LIBRARY',
    });
    await createListing(t.alice.client, {
      city,
      title: 'Campus flat',
      university: 'Northern State University',
    });
    await createListing(t.alice.client, { city, title: '100% furnished' });
    await createListing(t.alice.client, { city, title: 'room_with_bath' });
    await createListing(t.alice.client, { city, title: 'Back\\slash studio' });
    // Words that only appear in fields q does not search.
    await createListing(t.alice.client, {
      city,
      title: 'Plain',
      location: 'Library Lane',
      contactInfo: 'loft@x.io',
    });

    expect(await browseTitles(t.bob.client, { city, q: 'quiet loft' })).toEqual(['Quiet Loft']);
    expect(await browseTitles(t.bob.client, { city, q: 'LoFt' })).toEqual(['Quiet Loft']);
    expect(await browseTitles(t.bob.client, { city, q: 'library' })).toEqual(['Garden room']);
    expect(await browseTitles(t.bob.client, { city, q: 'state univ' })).toEqual(['Campus flat']);
    expect(await browseTitles(t.bob.client, { city, q: '%' })).toEqual(['100% furnished']);
    expect(await browseTitles(t.bob.client, { city, q: '0%' })).toEqual(['100% furnished']);
    expect(await browseTitles(t.bob.client, { city, q: '_' })).toEqual(['room_with_bath']);
    expect(await browseTitles(t.bob.client, { city, q: 'room_with' })).toEqual(['room_with_bath']);
    expect(await browseTitles(t.bob.client, { city, q: 'm_w' })).toEqual(['room_with_bath']);
    expect(await browseTitles(t.bob.client, { city, q: 'k\\s' })).toEqual(['Back\\slash studio']);
    expect(await browseTitles(t.bob.client, { city, q: 'nowhere to be found' })).toEqual([]);
    expect(await browseTitles(t.bob.client, { city, q: '  loft  ' })).toEqual(['Quiet Loft']);
  });

  it('combines filters', async () => {
    const city = uniqueCity();
    await createListing(t.alice.client, {
      city,
      title: 'cheap quiet',
      rent: 500,
      description: 'quiet street',
    });
    await createListing(t.alice.client, {
      city,
      title: 'dear quiet',
      rent: 1500,
      description: 'quiet street',
    });
    await createListing(t.alice.client, { city, title: 'cheap loud', rent: 500, roomType: 'shared' });
    expect(
      await browseTitles(t.bob.client, { city, q: 'quiet', maxRent: 1000, roomType: 'private' }),
    ).toEqual(['cheap quiet']);
  });

  it.each<[string, Record<string, string>]>([
    ['a negative minRent', { minRent: '-1' }],
    ['a minRent that is not a number', { minRent: 'cheap' }],
    ['a maxRent with a tenth of a cent', { maxRent: '10.505' }],
    ['a maxRent in yen with decimals', { currency: 'JPY', maxRent: '10.5' }],
    ['an unknown currency', { currency: 'XYZ' }],
    ['an unknown country', { country: 'XX' }],
    ['a country as a name', { country: 'Germany' }],
    ['an unknown roomType', { roomType: 'loft' }],
    ['an unknown housingType', { housingType: 'castle' }],
    ['an availableBy that is not a date', { availableBy: 'tomorrow' }],
    ['a featured that is not true or false', { featured: 'yes' }],
    ['a q of 101 characters', { q: 'x'.repeat(101) }],
    ['a cursor this server never gave out', { cursor: 'nonsense' }],
    [
      'a forged cursor with a fractional time',
      { cursor: Buffer.from(JSON.stringify([0, 1.5, 'x'])).toString('base64url') },
    ],
    [
      'a forged cursor with a huge time',
      { cursor: Buffer.from(JSON.stringify([0, 1e300, 'x'])).toString('base64url') },
    ],
    [
      'a forged cursor with an id holding NUL',
      { cursor: Buffer.from(JSON.stringify([0, NOW, 'a\u0000b'])).toString('base64url') },
    ],
    [
      'a forged cursor of the wrong shape',
      { cursor: Buffer.from(JSON.stringify({ a: 1 })).toString('base64url') },
    ],
  ])('answers 400 with a message to %s', async (_label, query) => {
    const response = await browse(t.bob.client, query);
    expect(response.statusCode, response.body).toBe(400);
    expect(typeof (response.json() as { message: string }).message).toBe('string');
  });

  it('answers text with NUL in q or city with 400 (PostgreSQL cannot compare it), never 5xx', async () => {
    for (const query of [{ q: 'a\u0000b' }, { city: 'a\u0000b' }] as Record<string, string>[]) {
      const response = await browse(t.bob.client, query);
      expect(response.statusCode, response.body).toBe(400);
      expect((response.json() as { message: string }).message).toMatch(/NUL/);
    }
  });

  it('pages 20 at a time through X-Next-Cursor, with no gaps or repeats over 45 listings', async () => {
    const city = uniqueCity();
    const db = t.database.db;
    const base = t.clock;
    t.clock += 100_000;
    const ids: string[] = [];
    // Inserted directly for speed: 45 listings, every third pair sharing a timestamp (the id breaks
    // the tie), five of them featured, plus two closed ones that must never show.
    for (let i = 0; i < 47; i++) {
      const id = `pg${String(i).padStart(3, '0')}${randomBytes(3).toString('hex')}`;
      const status = i === 7 || i === 30 ? 'closed' : 'active';
      if (status === 'active') ids.push(id);
      await db
        .insertInto('listings')
        .values({
          id,
          created_by: t.alice.user.id,
          title: `Paged ${i}`,
          description: null,
          rent: 0,
          utilities: null,
          location: '',
          rent_minor: (500 + i) * 100,
          utilities_minor: null,
          rent_currency: 'USD',
          country: 'US',
          street: `${i} Page Street`,
          street_visibility: 'hidden',
          city,
          city_key: city.toLowerCase(),
          state: null,
          zip_code: null,
          university: null,
          distance_to_campus: null,
          available_from: TODAY,
          available_to: null,
          room_type: 'private',
          housing_type: 'apartment',
          gender_preference: 'any',
          student_year: 'any',
          study_habits: 'flexible',
          social_preferences: 'balanced',
          lifestyle_preferences: '[]',
          amenities: '[]',
          search_text: `paged ${i}`,
          contact_info: t.alice.email,
          featured: i % 9 === 4,
          status,
          created_at: base + Math.floor(i / 2) * 1000,
          updated_at: base,
        })
        .execute();
    }
    expect(ids).toHaveLength(45);

    const seen: Listing[] = [];
    const pageSizes: number[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const response = await browse(t.bob.client, cursor ? { city, cursor } : { city });
      expect(response.statusCode, response.body).toBe(200);
      const listings = response.json() as Listing[];
      pageSizes.push(listings.length);
      seen.push(...listings);
      const next = response.headers['x-next-cursor'];
      if (next === undefined) break;
      expect(typeof next).toBe('string');
      cursor = next as string;
    }
    expect(pageSizes).toEqual([20, 20, 5]);
    expect(new Set(seen.map((l) => l.id)).size).toBe(45);
    expect(new Set(seen.map((l) => l.id))).toEqual(new Set(ids));

    // The pages join into the one order: featured first, then newest, then by id.
    const expected = [...seen].sort(
      (x, y) =>
        Number(y.featured) - Number(x.featured) ||
        Date.parse(y.createdAt) - Date.parse(x.createdAt) ||
        (x.id < y.id ? 1 : -1),
    );
    expect(seen.map((l) => l.id)).toEqual(expected.map((l) => l.id));
    expect(seen.filter((l) => l.featured)).toHaveLength(5);
    expect(seen.slice(0, 5).every((l) => l.featured)).toBe(true);
    // The tied timestamps really were tied, so the id tie-break was exercised.
    expect(new Set(seen.map((l) => l.createdAt)).size).toBeLessThan(45);

    // Pages of a filtered browse carry the filter along with the cursor.
    const first = await browse(t.bob.client, { city, minRent: 520 });
    expect((first.json() as Listing[]).length).toBe(20);
    const second = await browse(t.bob.client, {
      city,
      minRent: 520,
      cursor: first.headers['x-next-cursor'] as string,
    });
    expect(second.statusCode).toBe(200);
    expect(second.headers['x-next-cursor']).toBeUndefined();
    const filtered = [...(first.json() as Listing[]), ...(second.json() as Listing[])];
    expect(filtered.every((l) => Number(l.rent) >= 520)).toBe(true);
    expect(filtered).toHaveLength(seen.filter((l) => Number(l.rent) >= 520).length);

    // An exact multiple of the page size ends without a cursor.
    const exact = await browse(t.bob.client, { city, maxRent: 520 });
    expect(exact.json()).toHaveLength(20);
    expect(exact.headers['x-next-cursor']).toBeUndefined();
  });

  it('answers 304 to If-None-Match with the current ETag, and a new ETag once the list changes', async () => {
    const city = uniqueCity();
    await createListing(t.alice.client, { city, title: 'First' });
    const first = await browse(t.bob.client, { city });
    const etag = first.headers.etag as string;
    expect(etag).toEqual(expect.any(String));
    expect(first.headers['cache-control']).toContain('private');

    const again = await t.bob.client.get(`/api/roommate-listings?city=${encodeURIComponent(city)}`, {
      'if-none-match': etag,
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await createListing(t.alice.client, { city, title: 'Second' });
    const changed = await t.bob.client.get(`/api/roommate-listings?city=${encodeURIComponent(city)}`, {
      'if-none-match': etag,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect((changed.json() as Listing[]).map((l) => l.title)).toEqual(['Second', 'First']);
  });
});
