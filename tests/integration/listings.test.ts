import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { openMigratedDatabase } from '#server/db/database.ts';
import { setFeatured } from '#server/features/listings/queries.ts';
import { type Client, createTestApp, signUp, type TestApp, testConfig, testEngine } from './helpers.ts';

// The app's clock: every listing is created a second after the one before, so "newest first" is
// decided by the test, and the default availableFrom is this day.
const NOW = Date.parse('2026-03-11T12:00:00.000Z');
const TODAY = '2026-03-11';
let clock = NOW;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
});
afterAll(async () => {
  await t.close();
});

const NOT_AVAILABLE = 'This listing may have been removed or is no longer available.';
const IMAGE_URL = /^\/api\/images\/[A-Za-z0-9_-]+$/;

interface Listing {
  id: string;
  title: string;
  description: string | null;
  rent: number;
  utilities: number | null;
  location: string;
  city: string;
  state: string | null;
  zipCode: string | null;
  university: string | null;
  distanceToCampus: string | null;
  availableFrom: string;
  availableTo: string | null;
  roomType: string;
  housingType: string;
  genderPreference: string;
  studentYear: string;
  studyHabits: string;
  socialPreferences: string;
  lifestylePreferences: string[];
  amenities: string[];
  images: string[];
  cardImages: string[];
  featured: boolean;
  status: 'active' | 'closed';
  contactInfo: string;
  createdBy: string;
  creator: { firstName: string; lastName: string } | null;
  createdAt: string;
}

type Person = Awaited<ReturnType<typeof signUp>>;

// ---- photos -------------------------------------------------------------------------------------

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } });
const pngOf = (width: number, height: number) => solid(width, height).png().toBuffer();
const jpegOf = (width: number, height: number) => solid(width, height).jpeg().toBuffer();
const dataUrl = (bytes: Buffer | string, mime = 'image/png') =>
  `data:${mime};base64,${Buffer.from(bytes).toString('base64')}`;

/** A PNG of random pixels stored uncompressed: its file size is about width × height × 3 bytes. */
const incompressiblePng = (width: number, height: number) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();

let PHOTO: string; // a small PNG as a data URL, for listings whose photos do not matter
beforeAll(async () => {
  PHOTO = dataUrl(await pngOf(24, 16));
});

// ---- requests -----------------------------------------------------------------------------------

/** A valid create body; an override of `undefined` leaves the field out. */
const listingBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'Sunny room near campus',
  rent: 800,
  location: '12 Elm Street',
  city: 'Springfield',
  images: [PHOTO],
  ...overrides,
});

function postListing(client: Client, overrides: Record<string, unknown> = {}) {
  clock += 1000;
  return client.post('/api/roommate-listings', listingBody(overrides));
}

async function createListing(client: Client, overrides: Record<string, unknown> = {}): Promise<Listing> {
  const response = await postListing(client, overrides);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Listing;
}

let cityCounter = 0;
/** A city name no other test uses, so a browse filtered by it sees only this test's listings. */
const uniqueCity = (name = 'Town') => {
  cityCounter += 1;
  return `${name} ${cityCounter}${randomBytes(2).toString('hex')}`;
};

async function browse(client: Client, query: Record<string, string | number | boolean> = {}) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return client.get(`/api/roommate-listings${search ? `?${search}` : ''}`);
}

async function browseTitles(client: Client, query: Record<string, string | number | boolean>) {
  const response = await browse(client, query);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as Listing[]).map((l) => l.title);
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

async function imageMeta(app: FastifyInstance, url: string) {
  // An <img> sends no special header: the URL alone must do.
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('image/webp');
  return { meta: await sharp(response.rawPayload).metadata(), bytes: response.rawPayload };
}

const getListing = (client: Client, id: string) => client.get(`/api/roommate-listings/${id}`);

function expectNotAvailable(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(404);
  expect(response.json()).toEqual({ message: NOT_AVAILABLE });
}

let alice: Person;
let bob: Person;
// Fresh people for each test: one person keeps at most CAPS.activeListingsPerUser active listings.
beforeEach(async () => {
  alice = await signUp(t.app, { firstName: 'Alice', lastName: 'Archer' });
  bob = await signUp(t.app, { firstName: 'Bob', lastName: 'Baker' });
});

// ---- POST ---------------------------------------------------------------------------------------

describe('POST /api/roommate-listings: photos', () => {
  it('answers 201 with each photo as a 1600 px detail image and a 640 px card image, WebP, in order', async () => {
    const wide = dataUrl(await jpegOf(3000, 2000), 'image/jpeg');
    const tall = dataUrl(await pngOf(900, 2400));
    const small = dataUrl(await pngOf(300, 200));
    const listing = await createListing(alice.client, { images: [wide, tall, small] });

    expect(listing.images).toHaveLength(3);
    expect(listing.cardImages).toHaveLength(3);
    for (const url of [...listing.images, ...listing.cardImages]) expect(url).toMatch(IMAGE_URL);
    expect(new Set([...listing.images, ...listing.cardImages]).size).toBe(6);

    const sizes = async (urls: string[]) =>
      Promise.all(
        urls.map(async (url) => {
          const { meta } = await imageMeta(t.app, url);
          expect(meta.format).toBe('webp');
          return [meta.width, meta.height];
        }),
      );
    expect(await sizes(listing.images)).toEqual([
      [1600, 1067],
      [600, 1600],
      [300, 200],
    ]);
    expect(await sizes(listing.cardImages)).toEqual([
      [640, 427],
      [240, 640],
      [300, 200],
    ]);

    const image = await alice.client.get(listing.cardImages[0]!);
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    // What was answered is what is stored.
    expect((await getListing(bob.client, listing.id)).json()).toEqual(listing);
  });

  it('accepts 10 photos and refuses 11 with 400, writing nothing', async () => {
    const ten = await createListing(alice.client, { images: Array(10).fill(PHOTO) });
    expect(ten.images).toHaveLength(10);
    expect(ten.cardImages).toHaveLength(10);
    await expectRefusedCreate(alice.client, { images: Array(11).fill(PHOTO) }, 400, 'At most 10 photos');
  });

  it('strips EXIF (GPS position, camera) from both sizes of a JPEG', async () => {
    const withGps = await solid(900, 700)
      .jpeg()
      .withExif({
        IFD0: { Make: 'HearthCam', Model: 'Secret Model' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '51/1 30/1 0/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '0/1 7/1 0/1',
        },
      })
      .toBuffer();
    // The upload really carries the camera and the position, so the checks below mean something.
    const sent = await sharp(withGps).metadata();
    expect(sent.exif?.toString('latin1')).toContain('HearthCam');
    expect(sent.exif?.length).toBeGreaterThan(100);

    const listing = await createListing(alice.client, { images: [dataUrl(withGps, 'image/jpeg')] });
    for (const url of [listing.images[0]!, listing.cardImages[0]!]) {
      const { meta, bytes } = await imageMeta(t.app, url);
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(bytes.includes(Buffer.from('HearthCam'))).toBe(false);
    }
  });

  it('refuses a text file sent as data:image/png with 400 "Please select an image file"', async () => {
    const text = 'just some notes, not a picture\n'.repeat(20);
    await expectRefusedCreate(alice.client, { images: [dataUrl(text)] }, 400, 'Please select an image file');
  });

  it('refuses an SVG (it can carry scripts) with 400 "Please select an image file"', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    await expectRefusedCreate(
      alice.client,
      { images: [dataUrl(svg, 'image/svg+xml')] },
      400,
      'Please select an image file',
    );
  });

  it('refuses the whole listing when only the second photo is bad, leaving no images behind', async () => {
    await expectRefusedCreate(
      alice.client,
      { images: [PHOTO, dataUrl('not an image at all')] },
      400,
      'Please select an image file',
    );
  });

  it('refuses a truncated image with 400, not 500', async () => {
    const whole = await incompressiblePng(200, 200);
    await expectRefusedCreate(
      alice.client,
      { images: [dataUrl(whole.subarray(0, Math.floor(whole.length / 2)))] },
      400,
      /./,
    );
  });

  it('refuses a photo of 5 MB or more with 413 "Image must be smaller than 5MB"', async () => {
    const tooBig = await incompressiblePng(1400, 1300);
    expect(tooBig.length).toBeGreaterThanOrEqual(5 * 1024 * 1024);
    await expectRefusedCreate(
      alice.client,
      { images: [PHOTO, dataUrl(tooBig)] },
      413,
      'Image must be smaller than 5MB',
    );
  });

  it('refuses a much larger photo (7 MB) with 413 too, not a 400 about the format', async () => {
    const wayTooBig = await incompressiblePng(1600, 1550);
    expect(wayTooBig.length).toBeGreaterThan(7 * 1024 * 1024);
    await expectRefusedCreate(
      alice.client,
      { images: [dataUrl(wayTooBig)] },
      413,
      'Image must be smaller than 5MB',
    );
  });

  it('accepts a photo just under 5 MB', async () => {
    const nearLimit = await incompressiblePng(1280, 1300);
    expect(nearLimit.length).toBeLessThan(5 * 1024 * 1024);
    expect(nearLimit.length).toBeGreaterThan(4.7 * 1024 * 1024);
    const listing = await createListing(alice.client, { images: [dataUrl(nearLimit)] });
    const { meta } = await imageMeta(t.app, listing.cardImages[0]!);
    expect([meta.width, meta.height]).toEqual([630, 640]);
  });

  it('answers a 60 MB JSON body with 413 or 400, never 5xx, and writes nothing', async () => {
    const before = await rowCounts();
    const huge = `data:image/png;base64,${'A'.repeat(60 * 1024 * 1024)}`;
    const response = await alice.client.post('/api/roommate-listings', listingBody({ images: [huge] }));
    expect([400, 413]).toContain(response.statusCode);
    expect(typeof (response.json() as { message: string }).message).toBe('string');
    expect(await rowCounts()).toEqual(before);

    const listing = await createListing(alice.client);
    const patch = await alice.client.patch(`/api/roommate-listings/${listing.id}`, {
      description: 'x'.repeat(60 * 1024 * 1024),
    });
    expect([400, 413]).toContain(patch.statusCode);
    expect((await getListing(alice.client, listing.id)).json()).toEqual(listing);
  });
});

describe('POST /api/roommate-listings: fields and defaults', () => {
  it("fills the SPEC defaults: private apartment, any, flexible, balanced, today, the user's e-mail, not featured", async () => {
    const response = await postListing(alice.client, {
      featured: true, // only an operator features a listing
      status: 'closed',
      utilities: '',
      availableTo: '',
    });
    expect(response.statusCode).toBe(201);
    const listing = response.json() as Listing;
    expect(listing).toMatchObject({
      title: 'Sunny room near campus',
      description: null,
      rent: 800,
      utilities: null,
      location: '12 Elm Street',
      city: 'Springfield',
      state: null,
      zipCode: null,
      university: null,
      distanceToCampus: null,
      availableFrom: TODAY,
      availableTo: null,
      roomType: 'private',
      housingType: 'apartment',
      genderPreference: 'any',
      studentYear: 'any',
      studyHabits: 'flexible',
      socialPreferences: 'balanced',
      lifestylePreferences: [],
      amenities: [],
      featured: false,
      status: 'active',
      contactInfo: alice.email,
      createdBy: alice.user.id,
      creator: { firstName: 'Alice', lastName: 'Archer' },
      createdAt: new Date(clock).toISOString(),
    });
    expect(listing.id).toEqual(expect.any(String));
    expect(listing).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(listing)).not.toContain('password');
  });

  it('treats absent or blank contactInfo as the e-mail, and absent or null utilities and availableTo as null', async () => {
    const absent = await createListing(alice.client, { contactInfo: undefined });
    expect(absent).toMatchObject({ contactInfo: alice.email, utilities: null, availableTo: null });
    const blank = await createListing(alice.client, {
      contactInfo: '   ',
      utilities: null,
      availableTo: null,
    });
    expect(blank).toMatchObject({ contactInfo: alice.email, utilities: null, availableTo: null });
  });

  it('stores every field as sent, trimmed, with whole-dollar strings accepted and lists de-duplicated', async () => {
    const listing = await createListing(bob.client, {
      title: '  Room with a view  ',
      description: 'Bright room, shared kitchen.',
      rent: '950',
      utilities: '75',
      location: ' 4 Oak Avenue ',
      city: ' Ann Arbor ',
      state: 'MI',
      zipCode: '48104',
      university: 'University of Michigan',
      distanceToCampus: '10 min walk',
      availableFrom: '2026-04-01',
      availableTo: '2026-04-01',
      roomType: 'studio',
      housingType: 'shared_house',
      genderPreference: 'non_binary',
      studentYear: 'graduate',
      studyHabits: 'quiet',
      socialPreferences: 'introverted',
      lifestylePreferences: ['no_smoking', 'pet_friendly', 'no_smoking'],
      amenities: ['WiFi', 'Near Campus', 'Public Transport', 'WiFi'],
      contactInfo: '555-0100',
    });
    expect(listing).toMatchObject({
      title: 'Room with a view',
      description: 'Bright room, shared kitchen.',
      rent: 950,
      utilities: 75,
      location: '4 Oak Avenue',
      city: 'Ann Arbor',
      state: 'MI',
      zipCode: '48104',
      university: 'University of Michigan',
      distanceToCampus: '10 min walk',
      availableFrom: '2026-04-01',
      availableTo: '2026-04-01',
      roomType: 'studio',
      housingType: 'shared_house',
      genderPreference: 'non_binary',
      studentYear: 'graduate',
      studyHabits: 'quiet',
      socialPreferences: 'introverted',
      lifestylePreferences: ['no_smoking', 'pet_friendly'],
      amenities: ['WiFi', 'Near Campus', 'Public Transport'],
      contactInfo: '555-0100',
      creator: { firstName: 'Bob', lastName: 'Baker' },
    });
  });

  it('accepts rent 0 and utilities 0', async () => {
    expect(await createListing(alice.client, { rent: 0, utilities: 0 })).toMatchObject({
      rent: 0,
      utilities: 0,
    });
  });

  it.each([
    ['any room type of the SPEC', 'roomType', ['private', 'shared', 'studio']],
    ['any housing type', 'housingType', ['apartment', 'house', 'condo', 'townhouse', 'dorm', 'shared_house']],
    ['any gender preference', 'genderPreference', ['any', 'male', 'female', 'non_binary']],
    ['any student year', 'studentYear', ['any', 'freshman', 'sophomore', 'junior', 'senior', 'graduate']],
    ['any study habit', 'studyHabits', ['flexible', 'quiet', 'moderate', 'social']],
    ['any social preference', 'socialPreferences', ['balanced', 'introverted', 'extroverted', 'flexible']],
  ])('accepts %s', async (_label, field, values) => {
    for (const value of values) {
      expect((await createListing(alice.client, { [field]: value }))[field as keyof Listing]).toBe(value);
    }
  });

  it('accepts every lifestyle preference and amenity of the SPEC', async () => {
    const lifestylePreferences = ['no_smoking', 'pet_friendly', 'vegetarian', 'clean', 'quiet', 'social'];
    const amenities = [
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
    ];
    expect(await createListing(alice.client, { lifestylePreferences, amenities })).toMatchObject({
      lifestylePreferences,
      amenities,
    });
  });

  const long = (n: number) => 'x'.repeat(n);
  it.each<[string, Record<string, unknown>, string | RegExp]>([
    ['no title', { title: undefined }, /title/i],
    ['a blank title', { title: '   ' }, 'Title is required'],
    ['a title of 121 characters', { title: long(121) }, /title/i],
    ['a title that is not text', { title: 42 }, /title/i],
    ['a description of 5001 characters', { description: long(5001) }, /description/i],
    ['no rent', { rent: undefined }, /^Rent must be a whole number/],
    ['a rent with cents', { rent: 12.5 }, /^Rent must be a whole number/],
    ['a rent string with cents', { rent: '12.50' }, /^Rent must be a whole number/],
    ['a negative rent', { rent: -1 }, /^Rent must be a whole number/],
    ['a rent that is not a number', { rent: 'cheap' }, /^Rent must be a whole number/],
    ['an empty rent', { rent: '' }, /^Rent must be a whole number/],
    ['a null rent', { rent: null }, /^Rent must be a whole number/],
    ['a boolean rent', { rent: true }, /^Rent must be a whole number/],
    ['an absurd rent', { rent: 1_000_001 }, /^Rent must be a whole number/],
    ['utilities with cents', { utilities: 10.5 }, /utilities/i],
    ['negative utilities', { utilities: -5 }, /utilities/i],
    ['utilities that are not a number', { utilities: 'some' }, /utilities/i],
    ['no location', { location: undefined }, /location/i],
    ['a blank location', { location: '  ' }, 'Location is required'],
    ['a location of 201 characters', { location: long(201) }, /location/i],
    ['no city', { city: undefined }, /city/i],
    ['a blank city', { city: ' ' }, 'City is required'],
    ['a city of 101 characters', { city: long(101) }, /city/i],
    ['a state of 101 characters', { state: long(101) }, /state/i],
    ['a zip code of 21 characters', { zipCode: long(21) }, /zipCode/],
    ['a university of 201 characters', { university: long(201) }, /university/i],
    ['a distance to campus of 101 characters', { distanceToCampus: long(101) }, /distanceToCampus/],
    ['availableFrom that is not a date', { availableFrom: 'next week' }, /^Available from must be a date/],
    ['availableFrom as a US date', { availableFrom: '03/11/2026' }, /^Available from must be a date/],
    ['availableFrom in month 13', { availableFrom: '2026-13-01' }, /^Available from must be a date/],
    ['an empty availableFrom', { availableFrom: '' }, /^Available from must be a date/],
    ['availableTo that is not a date', { availableTo: 'soon' }, /availableTo: Available to must be a date/],
    [
      'availableTo before availableFrom',
      { availableFrom: '2026-05-01', availableTo: '2026-04-30' },
      'Available to must not be before available from',
    ],
    [
      'availableTo before today when availableFrom defaults to today',
      { availableTo: '2026-03-10' },
      'Available to must not be before available from',
    ],
    ['a room type outside the SPEC', { roomType: 'loft' }, /roomType/],
    ['a housing type outside the SPEC', { housingType: 'castle' }, /housingType/],
    ['a gender preference outside the SPEC', { genderPreference: 'robot' }, /genderPreference/],
    ['a student year outside the SPEC', { studentYear: 'phd' }, /studentYear/],
    ['study habits outside the SPEC', { studyHabits: 'loud' }, /studyHabits/],
    ['social preferences outside the SPEC', { socialPreferences: 'shy' }, /socialPreferences/],
    [
      'a lifestyle preference outside the SPEC',
      { lifestylePreferences: ['smoking'] },
      /lifestylePreferences/,
    ],
    ['lifestyle preferences as one string', { lifestylePreferences: 'clean' }, /lifestylePreferences/],
    ['an amenity in the wrong case', { amenities: ['wifi'] }, /amenities/],
    ['an amenity outside the SPEC', { amenities: ['Hot tub'] }, /amenities/],
    ['amenities as one string', { amenities: 'WiFi' }, /amenities/],
    ['contact info of 201 characters', { contactInfo: long(201) }, /contactInfo/],
    ['no photos', { images: undefined }, 'Add at least one photo'],
    ['an empty photo list', { images: [] }, 'Add at least one photo'],
    ['a photo URL instead of data', { images: ['https://example.com/room.png'] }, /photo/i],
    ['a data URL of another type', { images: [dataUrl('hello', 'text/plain')] }, /photo/i],
    ['a data URL with broken base64', { images: ['data:image/png;base64,***not base64***'] }, /photo/i],
    ['a photo that is not a string', { images: [42] }, /photo|images/i],
  ])('refuses %s with 400 naming the field, writing nothing', async (_label, overrides, message) => {
    await expectRefusedCreate(alice.client, overrides, 400, message);
  });

  it.each([
    ['an array', []],
    ['a string', 'listing'],
    ['null', null],
  ])('refuses a body that is %s with 400', async (_label, payload) => {
    const before = await rowCounts();
    const response = await alice.client.request({
      method: 'POST',
      url: '/api/roommate-listings',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
    expect(response.statusCode).toBe(400);
    expect(typeof (response.json() as { message: string }).message).toBe('string');
    expect(await rowCounts()).toEqual(before);
  });
});

// ---- GET list -----------------------------------------------------------------------------------

describe('GET /api/roommate-listings', () => {
  it('shows active listings only, featured first then newest, to any signed-in user', async () => {
    const city = uniqueCity();
    const a = await createListing(alice.client, { city, title: 'A' });
    const b = await createListing(bob.client, { city, title: 'B' });
    await createListing(alice.client, { city, title: 'C' });
    await createListing(bob.client, { city, title: 'D' });
    const closed = await createListing(alice.client, { city, title: 'Closed' });
    expect(
      (await alice.client.patch(`/api/roommate-listings/${closed.id}`, { status: 'closed' })).statusCode,
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
    expect(shown[0]).toEqual({ ...b, featured: true });

    // A closed listing that gets featured still is not shown.
    await setFeatured(t.database.db, closed.id, true);
    expect(await browseTitles(carol.client, { city })).toEqual(['B', 'A', 'D', 'C']);

    expect(await setFeatured(t.database.db, b.id, false)).toBe(true);
    expect(await browseTitles(carol.client, { city })).toEqual(['A', 'D', 'C', 'B']);
    expect(await setFeatured(t.database.db, 'no-such-listing', true)).toBe(false);
  });

  it('filters by city case-insensitively and exactly (after trimming)', async () => {
    const city = uniqueCity('Ann Arbor');
    await createListing(alice.client, { city, title: 'In town' });
    await createListing(alice.client, { city: `${city} Heights`, title: 'Next town' });

    expect(await browseTitles(bob.client, { city })).toEqual(['In town']);
    expect(await browseTitles(bob.client, { city: city.toUpperCase() })).toEqual(['In town']);
    expect(await browseTitles(bob.client, { city: city.toLowerCase() })).toEqual(['In town']);
    expect(await browseTitles(bob.client, { city: `  ${city}  ` })).toEqual(['In town']);
    expect(await browseTitles(bob.client, { city: city.slice(0, -1) })).toEqual([]);
  });

  it('filters by minRent and maxRent, both inclusive', async () => {
    const city = uniqueCity();
    for (const rent of [400, 800, 1200]) await createListing(alice.client, { city, rent, title: `$${rent}` });

    expect(await browseTitles(bob.client, { city, minRent: 800 })).toEqual(['$1200', '$800']);
    expect(await browseTitles(bob.client, { city, maxRent: 800 })).toEqual(['$800', '$400']);
    expect(await browseTitles(bob.client, { city, minRent: 500, maxRent: 1000 })).toEqual(['$800']);
    expect(await browseTitles(bob.client, { city, minRent: 800, maxRent: 800 })).toEqual(['$800']);
    expect(await browseTitles(bob.client, { city, minRent: 1000, maxRent: 500 })).toEqual([]);
    expect(await browseTitles(bob.client, { city, minRent: 0 })).toEqual(['$1200', '$800', '$400']);
    // A bound larger than any rent (or than a 32-bit column) is no limit, not a server error.
    expect(await browseTitles(bob.client, { city, maxRent: 99_999_999_999 })).toEqual([
      '$1200',
      '$800',
      '$400',
    ]);
    expect(await browseTitles(bob.client, { city, minRent: 99_999_999_999 })).toEqual([]);
  });

  it('filters by roomType and housingType', async () => {
    const city = uniqueCity();
    await createListing(alice.client, { city, title: 'private apartment' });
    await createListing(alice.client, {
      city,
      title: 'shared house',
      roomType: 'shared',
      housingType: 'house',
    });
    await createListing(alice.client, {
      city,
      title: 'studio condo',
      roomType: 'studio',
      housingType: 'condo',
    });
    await createListing(alice.client, {
      city,
      title: 'shared condo',
      roomType: 'shared',
      housingType: 'condo',
    });

    expect(await browseTitles(bob.client, { city, roomType: 'shared' })).toEqual([
      'shared condo',
      'shared house',
    ]);
    expect(await browseTitles(bob.client, { city, housingType: 'condo' })).toEqual([
      'shared condo',
      'studio condo',
    ]);
    expect(await browseTitles(bob.client, { city, roomType: 'shared', housingType: 'condo' })).toEqual([
      'shared condo',
    ]);
    expect(await browseTitles(bob.client, { city, roomType: 'private' })).toEqual(['private apartment']);
    expect(await browseTitles(bob.client, { city, housingType: 'dorm' })).toEqual([]);
  });

  it('filters by availableBy: rooms free on or before that day', async () => {
    const city = uniqueCity();
    await createListing(alice.client, { city, title: 'April', availableFrom: '2026-04-01' });
    await createListing(alice.client, { city, title: 'May', availableFrom: '2026-05-01' });
    await createListing(alice.client, { city, title: 'June', availableFrom: '2026-06-01' });

    expect(await browseTitles(bob.client, { city, availableBy: '2026-05-01' })).toEqual(['May', 'April']);
    expect(await browseTitles(bob.client, { city, availableBy: '2026-04-30' })).toEqual(['April']);
    expect(await browseTitles(bob.client, { city, availableBy: '2026-03-31' })).toEqual([]);
    expect(await browseTitles(bob.client, { city, availableBy: '2027-01-01' })).toEqual([
      'June',
      'May',
      'April',
    ]);
  });

  it('searches q in title, description and university, case-insensitively, with % and _ taken literally', async () => {
    const city = uniqueCity();
    await createListing(alice.client, { city, title: 'Quiet Loft' });
    await createListing(alice.client, { city, title: 'Garden room', description: 'Steps from the LIBRARY' });
    await createListing(alice.client, {
      city,
      title: 'Campus flat',
      university: 'Northern State University',
    });
    await createListing(alice.client, { city, title: '100% furnished' });
    await createListing(alice.client, { city, title: 'room_with_bath' });
    await createListing(alice.client, { city, title: 'Back\\slash studio' });
    // Words that only appear in fields q does not search.
    await createListing(alice.client, {
      city,
      title: 'Plain',
      location: 'Library Lane',
      contactInfo: 'loft@x.io',
    });

    expect(await browseTitles(bob.client, { city, q: 'quiet loft' })).toEqual(['Quiet Loft']);
    expect(await browseTitles(bob.client, { city, q: 'LoFt' })).toEqual(['Quiet Loft']);
    expect(await browseTitles(bob.client, { city, q: 'library' })).toEqual(['Garden room']);
    expect(await browseTitles(bob.client, { city, q: 'state univ' })).toEqual(['Campus flat']);
    expect(await browseTitles(bob.client, { city, q: '%' })).toEqual(['100% furnished']);
    expect(await browseTitles(bob.client, { city, q: '0%' })).toEqual(['100% furnished']);
    expect(await browseTitles(bob.client, { city, q: '_' })).toEqual(['room_with_bath']);
    expect(await browseTitles(bob.client, { city, q: 'room_with' })).toEqual(['room_with_bath']);
    expect(await browseTitles(bob.client, { city, q: 'm_w' })).toEqual(['room_with_bath']);
    expect(await browseTitles(bob.client, { city, q: 'k\\s' })).toEqual(['Back\\slash studio']);
    expect(await browseTitles(bob.client, { city, q: 'nowhere to be found' })).toEqual([]);
    expect(await browseTitles(bob.client, { city, q: '  loft  ' })).toEqual(['Quiet Loft']);
  });

  it('combines filters', async () => {
    const city = uniqueCity();
    await createListing(alice.client, { city, title: 'cheap quiet', rent: 500, description: 'quiet street' });
    await createListing(alice.client, { city, title: 'dear quiet', rent: 1500, description: 'quiet street' });
    await createListing(alice.client, { city, title: 'cheap loud', rent: 500, roomType: 'shared' });
    expect(await browseTitles(bob.client, { city, q: 'quiet', maxRent: 1000, roomType: 'private' })).toEqual([
      'cheap quiet',
    ]);
  });

  it.each<[string, Record<string, string>]>([
    ['a negative minRent', { minRent: '-1' }],
    ['a minRent that is not a number', { minRent: 'cheap' }],
    ['a maxRent with cents', { maxRent: '10.5' }],
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
    const response = await browse(bob.client, query);
    expect(response.statusCode, response.body).toBe(400);
    expect(typeof (response.json() as { message: string }).message).toBe('string');
  });

  it('answers text with NUL in q or city with 400 (PostgreSQL cannot compare it), never 5xx', async () => {
    for (const query of [{ q: 'a\u0000b' }, { city: 'a\u0000b' }] as Record<string, string>[]) {
      const response = await browse(bob.client, query);
      expect(response.statusCode, response.body).toBe(400);
      expect((response.json() as { message: string }).message).toMatch(/NUL/);
    }
  });

  it('pages 20 at a time through X-Next-Cursor, with no gaps or repeats over 45 listings', async () => {
    const city = uniqueCity();
    const db = t.database.db;
    const base = clock;
    clock += 100_000;
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
          created_by: alice.user.id,
          title: `Paged ${i}`,
          description: null,
          rent: 500 + i,
          utilities: null,
          location: `${i} Page Street`,
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
          contact_info: alice.email,
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
      const response = await browse(bob.client, cursor ? { city, cursor } : { city });
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
    const first = await browse(bob.client, { city, minRent: 520 });
    expect((first.json() as Listing[]).length).toBe(20);
    const second = await browse(bob.client, {
      city,
      minRent: 520,
      cursor: first.headers['x-next-cursor'] as string,
    });
    expect(second.statusCode).toBe(200);
    expect(second.headers['x-next-cursor']).toBeUndefined();
    const filtered = [...(first.json() as Listing[]), ...(second.json() as Listing[])];
    expect(filtered.every((l) => l.rent >= 520)).toBe(true);
    expect(filtered).toHaveLength(seen.filter((l) => l.rent >= 520).length);

    // An exact multiple of the page size ends without a cursor.
    const exact = await browse(bob.client, { city, maxRent: 520 });
    expect(exact.json()).toHaveLength(20);
    expect(exact.headers['x-next-cursor']).toBeUndefined();
  });

  it('answers 304 to If-None-Match with the current ETag, and a new ETag once the list changes', async () => {
    const city = uniqueCity();
    await createListing(alice.client, { city, title: 'First' });
    const first = await browse(bob.client, { city });
    const etag = first.headers.etag as string;
    expect(etag).toEqual(expect.any(String));
    expect(first.headers['cache-control']).toContain('private');

    const again = await bob.client.get(`/api/roommate-listings?city=${encodeURIComponent(city)}`, {
      'if-none-match': etag,
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await createListing(alice.client, { city, title: 'Second' });
    const changed = await bob.client.get(`/api/roommate-listings?city=${encodeURIComponent(city)}`, {
      'if-none-match': etag,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect((changed.json() as Listing[]).map((l) => l.title)).toEqual(['Second', 'First']);
  });
});

// ---- GET /my and GET /{id} ----------------------------------------------------------------------

describe('GET /api/roommate-listings/my', () => {
  it("lists the user's own listings, newest first, closed ones included, and no one else's", async () => {
    const dana = await signUp(t.app, { firstName: 'Dana' });
    const erin = await signUp(t.app, { firstName: 'Erin' });
    expect((await dana.client.get('/api/roommate-listings/my')).json()).toEqual([]);

    const one = await createListing(dana.client, { title: 'One' });
    await createListing(erin.client, { title: 'Erin’s' });
    const two = await createListing(dana.client, { title: 'Two' });
    expect(
      (await dana.client.patch(`/api/roommate-listings/${one.id}`, { status: 'closed' })).statusCode,
    ).toBe(200);

    const mine = await dana.client.get('/api/roommate-listings/my');
    expect(mine.statusCode).toBe(200);
    const listings = mine.json() as Listing[];
    expect(listings.map((l) => [l.title, l.status])).toEqual([
      ['Two', 'active'],
      ['One', 'closed'],
    ]);
    expect(listings[0]).toEqual(two);
    expect(
      ((await erin.client.get('/api/roommate-listings/my')).json() as Listing[]).map((l) => l.title),
    ).toEqual(['Erin’s']);

    const etag = mine.headers.etag as string;
    const cached = await dana.client.get('/api/roommate-listings/my', { 'if-none-match': etag });
    expect(cached.statusCode).toBe(304);
  });
});

describe('GET /api/roommate-listings/{id}', () => {
  it('shows an active listing to any signed-in user', async () => {
    const listing = await createListing(alice.client, { description: 'Lovely' });
    const response = await getListing(bob.client, listing.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(listing);

    const cached = await bob.client.get(`/api/roommate-listings/${listing.id}`, {
      'if-none-match': response.headers.etag as string,
    });
    expect(cached.statusCode).toBe(304);
  });

  it("answers 404 with the SPEC's message for a missing listing, or a closed one to anyone but its creator", async () => {
    expectNotAvailable(await getListing(bob.client, 'no-such-listing'));
    expectNotAvailable(await getListing(bob.client, '00000000-0000-0000-0000-000000000000'));

    const listing = await createListing(alice.client, { title: 'Soon closed' });
    await alice.client.patch(`/api/roommate-listings/${listing.id}`, { status: 'closed' });
    const closed = await getListing(bob.client, listing.id);
    expectNotAvailable(closed);
    expect(closed.body).not.toContain('Soon closed');

    const own = await getListing(alice.client, listing.id);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: listing.id, status: 'closed', title: 'Soon closed' });
  });

  it('answers a malformed id with 4xx, never 5xx', async () => {
    for (const id of ['a%00b', 'x'.repeat(101), '%E2%80%AE']) {
      const response = await bob.client.get(`/api/roommate-listings/${id}`);
      expect(response.statusCode, `${id}: ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${id}: ${response.body}`).toBeLessThan(500);
    }
  });
});

// ---- PATCH and DELETE ---------------------------------------------------------------------------

describe('PATCH /api/roommate-listings/{id}', () => {
  const patch = (client: Client, id: string, body: unknown) =>
    client.patch(`/api/roommate-listings/${id}`, body);

  it('lets the creator edit fields; searches and the city filter follow the edit', async () => {
    const city = uniqueCity();
    const listing = await createListing(alice.client, { city, title: 'Before', availableFrom: '2026-04-01' });
    clock += 1000;
    const response = await patch(alice.client, listing.id, {
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
      rent: 925,
      utilities: 60,
      city: `${city} North`,
      roomType: 'shared',
      housingType: 'townhouse',
      amenities: ['Balcony', 'Gym'],
      lifestylePreferences: ['quiet'],
      availableTo: '2026-09-01',
      contactInfo: 'call 555-0199',
      featured: false,
    });
    expect((await getListing(bob.client, listing.id)).json()).toEqual(edited);
    expect(await browseTitles(bob.client, { city: `${city} north`, q: 'balcony' })).toEqual(['After']);
    expect(await browseTitles(bob.client, { city })).toEqual([]);

    // Clearing optional fields with null.
    const cleared = await patch(alice.client, listing.id, {
      description: null,
      utilities: null,
      availableTo: null,
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ description: null, utilities: null, availableTo: null });
    expect(await browseTitles(bob.client, { city: `${city} North`, q: 'balcony' })).toEqual([]);
  });

  it('lets the creator close and reopen a listing', async () => {
    const city = uniqueCity();
    const listing = await createListing(alice.client, { city, title: 'Open and shut' });

    const closed = await patch(alice.client, listing.id, { status: 'closed' });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'closed' });
    expect(await browseTitles(bob.client, { city })).toEqual([]);
    expectNotAvailable(await getListing(bob.client, listing.id));

    const reopened = await patch(alice.client, listing.id, { status: 'active' });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toEqual(listing);
    expect(await browseTitles(bob.client, { city })).toEqual(['Open and shut']);
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
    ['a rent with cents', { rent: 99.5 }, /^Rent must be a whole number/],
    ['negative utilities', { utilities: -1 }, /^Utilities must be a whole number/],
    ['a blank city', { city: '' }, 'City is required'],
    ['a blank location', { location: '' }, 'Location is required'],
    ['a blank contact', { contactInfo: '  ' }, 'Contact info is required'],
    ['an unknown status', { status: 'deleted' }, /status/],
    ['an unknown room type', { roomType: 'loft' }, /roomType/],
    ['an unknown amenity', { amenities: ['Sauna'] }, /amenities/],
    ['an availableFrom that is not a date', { availableFrom: 'soon' }, /^Available from must be a date/],
  ])('refuses %s with 400 and changes nothing', async (_label, body, message) => {
    const listing = await createListing(alice.client, {
      availableFrom: '2026-04-01',
      availableTo: '2026-06-01',
    });
    const response = await patch(alice.client, listing.id, body);
    expect(response.statusCode, response.body).toBe(400);
    const text = (response.json() as { message: string }).message;
    if (typeof message === 'string') expect(text).toBe(message);
    else expect(text).toMatch(message);
    expect((await getListing(alice.client, listing.id)).json()).toEqual(listing);
  });

  it("answers 403 to someone else's edit, close or reopen, and changes nothing", async () => {
    const listing = await createListing(alice.client, { title: 'Mine' });
    for (const body of [{ title: 'Hijacked' }, { status: 'closed' }, { rent: 1 }]) {
      const response = await patch(bob.client, listing.id, body);
      expect(response.statusCode).toBe(403);
      expect(typeof (response.json() as { message: string }).message).toBe('string');
    }
    expect((await getListing(alice.client, listing.id)).json()).toEqual(listing);

    // Once closed, the listing does not exist for others at all.
    await patch(alice.client, listing.id, { status: 'closed' });
    const reopen = await patch(bob.client, listing.id, { status: 'active' });
    expect(reopen.statusCode).toBe(404);
    expect((await getListing(alice.client, listing.id)).json()).toMatchObject({
      status: 'closed',
      title: 'Mine',
    });
  });

  it('answers 404 for a listing that does not exist', async () => {
    const response = await patch(alice.client, 'no-such-listing', { title: 'x' });
    expect(response.statusCode).toBe(404);
  });
});

describe('DELETE /api/roommate-listings/{id}', () => {
  it('lets the creator delete the listing with 204; its photos are gone too', async () => {
    const listing = await createListing(alice.client, {
      images: [PHOTO, dataUrl(await jpegOf(50, 40), 'image/jpeg')],
    });
    const urls = [...listing.images, ...listing.cardImages];
    for (const url of urls) expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const before = await rowCounts();

    const response = await alice.client.delete(`/api/roommate-listings/${listing.id}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    expectNotAvailable(await getListing(alice.client, listing.id));
    for (const url of urls) expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect(await rowCounts()).toEqual({
      listings: before.listings - 1,
      images: before.images - 4,
      listingImages: before.listingImages - 2,
    });
    expect(
      ((await alice.client.get('/api/roommate-listings/my')).json() as Listing[]).map((l) => l.id),
    ).not.toContain(listing.id);
    expect((await alice.client.delete(`/api/roommate-listings/${listing.id}`)).statusCode).toBe(404);
  });

  it('lets the creator delete a closed listing', async () => {
    const listing = await createListing(alice.client);
    await alice.client.patch(`/api/roommate-listings/${listing.id}`, { status: 'closed' });
    expect((await alice.client.delete(`/api/roommate-listings/${listing.id}`)).statusCode).toBe(204);
    expect((await getListing(alice.client, listing.id)).statusCode).toBe(404);
  });

  it("answers 403 to someone else's delete and keeps the listing and its photos", async () => {
    const listing = await createListing(alice.client);
    const before = await rowCounts();
    const response = await bob.client.delete(`/api/roommate-listings/${listing.id}`);
    expect(response.statusCode).toBe(403);
    expect(typeof (response.json() as { message: string }).message).toBe('string');
    expect((await getListing(bob.client, listing.id)).json()).toEqual(listing);
    expect(await rowCounts()).toEqual(before);
    expect((await t.app.inject({ method: 'GET', url: listing.images[0]! })).statusCode).toBe(200);
  });
});

// ---- prefill ------------------------------------------------------------------------------------

describe('GET /api/roommate-listings/prefill', () => {
  it("gives a household admin the rent share (rent ÷ (members + 1)) and 'shared_house'", async () => {
    const admin = await signUp(t.app, { firstName: 'Hana' });
    const member = await signUp(t.app, { firstName: 'Ivo' });
    const created = await admin.client.post('/api/households', { name: 'Maple House' });
    expect(created.statusCode).toBe(201);
    const { inviteCode } = created.json() as { inviteCode: string };
    expect((await member.client.post('/api/households/join', { inviteCode })).statusCode).toBe(200);

    const noRent = await admin.client.get('/api/roommate-listings/prefill');
    expect(noRent.statusCode).toBe(200);
    expect(noRent.json()).toMatchObject({ rent: null, housingType: 'shared_house' });

    expect((await admin.client.patch('/api/households/current', { rentAmount: '1200' })).statusCode).toBe(
      200,
    );
    const response = await admin.client.get('/api/roommate-listings/prefill');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ rent: 400, housingType: 'shared_house' });

    // The prefill is a valid start for a listing.
    const prefill = response.json() as { title: string; rent: number; housingType: string };
    const listing = await createListing(admin.client, {
      title: prefill.title,
      rent: prefill.rent,
      housingType: prefill.housingType,
    });
    expect(listing).toMatchObject({ rent: 400, housingType: 'shared_house' });

    const plain = await member.client.get('/api/roommate-listings/prefill');
    expect(plain.statusCode).toBe(403);
    expect(typeof (plain.json() as { message: string }).message).toBe('string');
  });

  it('answers 404 to a user with no household', async () => {
    const loner = await signUp(t.app, { firstName: 'Jo' });
    const response = await loner.client.get('/api/roommate-listings/prefill');
    expect(response.statusCode).toBe(404);
    expect(typeof (response.json() as { message: string }).message).toBe('string');
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
    const listing = await createListing(alice.client);
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
    expect((await getListing(alice.client, listing.id)).json()).toEqual(listing);
  });
});

// ---- the operator command -----------------------------------------------------------------------

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function runFeatureCommand(args: string[], env: Record<string, string>) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['DATABASE_URL', 'DATA_DIR', 'PGOPTIONS']) delete childEnv[key];
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'listings:feature', '--', ...args], {
      cwd: repoRoot,
      env: { ...childEnv, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * An app on a database a separate process can open as `npm start` would: a SQLite file in its own
 * DATA_DIR, or (on PostgreSQL) a fresh schema reached through DATABASE_URL and the search path.
 */
async function appForOperator(): Promise<{
  app: FastifyInstance;
  env: Record<string, string>;
  close: () => Promise<void>;
}> {
  if (testEngine === 'postgres') {
    const pg = await createTestApp({}, { now: () => clock });
    const url = process.env.TEST_DATABASE_URL as string;
    return {
      app: pg.app,
      env: { DATABASE_URL: url, PGOPTIONS: `-c search_path=${pg.database.schema}` },
      close: pg.close,
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-listings-'));
  const database = await openMigratedDatabase({ engine: 'sqlite', file: path.join(dataDir, 'hearth.db') });
  const app = await buildApp(testConfig(), { database, sweepIntervalMs: null, now: () => clock });
  await app.ready();
  return {
    app,
    env: { DATA_DIR: dataDir },
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe('npm run listings:feature', () => {
  it('features a listing (first in the list) and --off takes it back; an unknown id fails', async () => {
    const operator = await appForOperator();
    try {
      const poster = await signUp(operator.app, { firstName: 'Kim' });
      const older = await createListing(poster.client, { title: 'Older' });
      await createListing(poster.client, { title: 'Newer' });
      expect(await browseTitles(poster.client, {})).toEqual(['Newer', 'Older']);

      const on = await runFeatureCommand([older.id], operator.env);
      expect(on.stderr).toBe('');
      expect(on.code).toBe(0);
      expect(on.stdout).toContain(`Listing ${older.id} is now featured.`);
      expect(await browseTitles(poster.client, {})).toEqual(['Older', 'Newer']);
      expect(await browseTitles(poster.client, { featured: 'true' })).toEqual(['Older']);
      expect(((await getListing(poster.client, older.id)).json() as Listing).featured).toBe(true);

      const off = await runFeatureCommand([older.id, '--off'], operator.env);
      expect(off.code).toBe(0);
      expect(off.stdout).toContain('no longer featured');
      expect(await browseTitles(poster.client, {})).toEqual(['Newer', 'Older']);

      const unknown = await runFeatureCommand(['no-such-listing'], operator.env);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('No listing with id no-such-listing');
    } finally {
      await operator.close();
    }
  }, 60_000);
});
