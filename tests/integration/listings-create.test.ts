// Roommate listings through the API: the fields of a new listing, and their defaults.
import { describe, expect, it } from 'vitest';
import type { ListingView as Listing } from '#shared/listings/api.ts';
import { dataUrl, setUpListingsApp, TODAY } from './listings-setup.ts';

const t = setUpListingsApp();
const { postListing, createListing, rowCounts, expectRefusedCreate } = t;

describe('POST /api/roommate-listings: fields and defaults', () => {
  it("fills the defaults: private apartment, any, flexible, balanced, today, the user's e-mail, not featured", async () => {
    const response = await postListing(t.alice.client, {
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
      rent: '800.00',
      utilities: null,
      currency: 'USD',
      country: 'US',
      postcode: '62701',
      city: 'Springfield',
      region: null,
      street: '12 Elm Street',
      streetVisibility: 'hidden',
      location: '12 Elm Street',
      state: null,
      zipCode: '62701',
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
      contactInfo: t.alice.email,
      createdBy: t.alice.user.id,
      creator: { firstName: 'Alice', lastName: 'Archer' },
      createdAt: new Date(t.clock).toISOString(),
    });
    expect(listing.id).toEqual(expect.any(String));
    expect(listing).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(listing)).not.toContain('password');
  });

  it('treats absent or blank contactInfo as the e-mail, and absent or null utilities and availableTo as null', async () => {
    const absent = await createListing(t.alice.client, { contactInfo: undefined });
    expect(absent).toMatchObject({ contactInfo: t.alice.email, utilities: null, availableTo: null });
    const blank = await createListing(t.alice.client, {
      contactInfo: '   ',
      utilities: null,
      availableTo: null,
    });
    expect(blank).toMatchObject({ contactInfo: t.alice.email, utilities: null, availableTo: null });
  });

  it('stores every field as sent, trimmed, with amounts as strings accepted and lists de-duplicated', async () => {
    const listing = await createListing(t.bob.client, {
      title: '  Room with a view  ',
      description: 'Bright room, shared kitchen.',
      rent: '950',
      utilities: '75.5',
      location: ' 4 Oak Avenue ',
      city: ' Ann Arbor ',
      state: 'MI',
      zipCode: '48104',
      postcode: undefined,
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
      rent: '950.00',
      utilities: '75.50',
      street: '4 Oak Avenue',
      location: '4 Oak Avenue',
      city: 'Ann Arbor',
      region: 'MI',
      state: 'MI',
      postcode: '48104',
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
    expect(await createListing(t.alice.client, { rent: 0, utilities: 0 })).toMatchObject({
      rent: '0.00',
      utilities: '0.00',
    });
  });

  it.each([
    ['any room type', 'roomType', ['private', 'shared', 'studio']],
    ['any housing type', 'housingType', ['apartment', 'house', 'condo', 'townhouse', 'dorm', 'shared_house']],
    ['any gender preference', 'genderPreference', ['any', 'male', 'female', 'non_binary']],
    ['any student year', 'studentYear', ['any', 'freshman', 'sophomore', 'junior', 'senior', 'graduate']],
    ['any study habit', 'studyHabits', ['flexible', 'quiet', 'moderate', 'social']],
    ['any social preference', 'socialPreferences', ['balanced', 'introverted', 'extroverted', 'flexible']],
  ])('accepts %s', async (_label, field, values) => {
    for (const value of values) {
      expect((await createListing(t.alice.client, { [field]: value }))[field as keyof Listing]).toBe(value);
    }
  });

  it('accepts every lifestyle preference and amenity', async () => {
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
    expect(await createListing(t.alice.client, { lifestylePreferences, amenities })).toMatchObject({
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
    ['no rent', { rent: undefined }, /^Rent must be an amount in USD/],
    ['a rent with a tenth of a cent', { rent: 12.505 }, /^Rent must be an amount in USD/],
    ['a rent string with three decimals', { rent: '12.500' }, /^Rent must be an amount in USD/],
    ['a negative rent', { rent: -1 }, /^Rent must be an amount in USD/],
    ['a rent that is not a number', { rent: 'cheap' }, /^Rent must be an amount in USD/],
    ['an empty rent', { rent: '' }, /^Rent must be an amount in USD/],
    ['a null rent', { rent: null }, /^Rent must be an amount in USD/],
    ['a boolean rent', { rent: true }, /^Rent must be an amount in USD/],
    ['an absurd rent', { rent: 1_000_000.01 }, /^Rent must be an amount in USD from 0 to 1,000,000/],
    ['utilities with a tenth of a cent', { utilities: 10.505 }, /utilities/i],
    ['negative utilities', { utilities: -5 }, /utilities/i],
    ['utilities that are not a number', { utilities: 'some' }, /utilities/i],
    ['a location of 201 characters', { location: long(201) }, /location/i],
    ['a street of 201 characters', { street: long(201) }, /street/i],
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
    ['a room type outside the list', { roomType: 'loft' }, /roomType/],
    ['a housing type outside the list', { housingType: 'castle' }, /housingType/],
    ['a gender preference outside the list', { genderPreference: 'robot' }, /genderPreference/],
    ['a student year outside the list', { studentYear: 'phd' }, /studentYear/],
    ['study habits outside the list', { studyHabits: 'loud' }, /studyHabits/],
    ['social preferences outside the list', { socialPreferences: 'shy' }, /socialPreferences/],
    [
      'a lifestyle preference outside the list',
      { lifestylePreferences: ['smoking'] },
      /lifestylePreferences/,
    ],
    ['lifestyle preferences as one string', { lifestylePreferences: 'clean' }, /lifestylePreferences/],
    ['an amenity in the wrong case', { amenities: ['wifi'] }, /amenities/],
    ['an amenity outside the list', { amenities: ['Hot tub'] }, /amenities/],
    ['amenities as one string', { amenities: 'WiFi' }, /amenities/],
    ['contact info of 201 characters', { contactInfo: long(201) }, /contactInfo/],
    ['no photos', { images: undefined }, 'Add at least one photo'],
    ['an empty photo list', { images: [] }, 'Add at least one photo'],
    ['a photo URL instead of data', { images: ['https://example.com/room.png'] }, /photo/i],
    ['a data URL of another type', { images: [dataUrl('hello', 'text/plain')] }, /photo/i],
    ['a data URL with broken base64', { images: ['data:image/png;base64,***not base64***'] }, /photo/i],
    ['a photo that is not a string', { images: [42] }, /photo|images/i],
  ])('refuses %s with 400 naming the field, writing nothing', async (_label, overrides, message) => {
    await expectRefusedCreate(t.alice.client, overrides, 400, message);
  });

  it.each([
    ['an array', []],
    ['a string', 'listing'],
    ['null', null],
  ])('refuses a body that is %s with 400', async (_label, payload) => {
    const before = await rowCounts();
    const response = await t.alice.client.request({
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
