// Listings anywhere (issue 28): a country, postcode, city and region, the street shown only to whom
// the poster chooses, rent in a currency with its own decimals, the filters across them, the old
// field names, and listings of before migrated.
import { randomBytes, randomUUID } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, migrate, openDatabase } from '#server/db/database.ts';
import { migrations } from '#server/db/migrations.ts';
import { getListing as readListing, setFeatured } from '#server/features/listings/queries.ts';
import type { ListingView as Listing } from '#shared/listings/api.ts';
import { type Client, freshDatabaseConfig, testEngine } from './helpers.ts';
import { browse, browseTitles, getListing, listingBody, setUpListingsApp } from './listings-setup.ts';

const t = setUpListingsApp();
const { createListing, expectRefusedCreate } = t;

const patch = (client: Client, id: string, body: unknown) =>
  client.patch(`/api/roommate-listings/${id}`, body);

/** The row as stored, to show that a refused write changed nothing. */
const rowOf = (id: string) =>
  t.database.db.selectFrom('listings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** A word no other listing has, put in the titles so that `q` finds only this test's listings. */
const token = () => `tok${randomBytes(4).toString('hex')}`;

/** A listing outside the US, with the new field names only. */
const abroad = (fields: Record<string, unknown>) => ({
  location: undefined,
  country: 'GB',
  currency: 'GBP',
  postcode: 'M1 4BT',
  city: 'Manchester',
  rent: '850',
  ...fields,
});

describe('amounts in the listing’s currency', () => {
  it('posts in GBP with a UK postcode, in yen and in dinars, answering each with its decimals', async () => {
    const gb = await createListing(
      t.alice.client,
      abroad({
        currency: 'gbp',
        country: 'gb',
        region: 'Greater Manchester',
        street: '1 Piccadilly',
        rent: '850.5',
        utilities: 45,
      }),
    );
    expect(gb).toMatchObject({
      rent: '850.50',
      utilities: '45.00',
      currency: 'GBP',
      country: 'GB',
      postcode: 'M1 4BT',
      city: 'Manchester',
      region: 'Greater Manchester',
      street: '1 Piccadilly',
      streetVisibility: 'hidden',
      // The names older clients read, answered alongside.
      location: '1 Piccadilly',
      state: 'Greater Manchester',
      zipCode: 'M1 4BT',
    });
    const jp = await createListing(
      t.alice.client,
      abroad({
        currency: 'JPY',
        country: 'JP',
        postcode: '150-0002',
        city: 'Tokyo',
        rent: '85000',
        utilities: '5000',
      }),
    );
    expect(jp).toMatchObject({ rent: '85000', utilities: '5000', currency: 'JPY', country: 'JP' });
    const kw = await createListing(
      t.alice.client,
      abroad({
        currency: 'KWD',
        country: 'KW',
        postcode: '13001',
        city: 'Kuwait City',
        rent: '350.500',
        utilities: '12.25',
      }),
    );
    expect(kw).toMatchObject({ rent: '350.500', utilities: '12.250', currency: 'KWD' });

    // Stored as integer minor units of each currency.
    expect(await rowOf(gb.id)).toMatchObject({
      rent_minor: 85050,
      utilities_minor: 4500,
      rent_currency: 'GBP',
    });
    expect(await rowOf(jp.id)).toMatchObject({
      rent_minor: 85000,
      utilities_minor: 5000,
      rent_currency: 'JPY',
    });
    expect(await rowOf(kw.id)).toMatchObject({
      rent_minor: 350500,
      utilities_minor: 12250,
      rent_currency: 'KWD',
    });
    // Every reader gets the same amounts.
    expect((await getListing(t.bob.client, jp.id)).json()).toMatchObject({ rent: '85000', currency: 'JPY' });
  });

  it.each<[string, Record<string, unknown>, RegExp]>([
    [
      'yen with decimals',
      { currency: 'JPY', rent: '85000.5' },
      /^Rent must be an amount in JPY .*with no decimals/,
    ],
    [
      'dinars with four decimals',
      { currency: 'KWD', rent: '350.5001' },
      /^Rent must be an amount in KWD .*3 decimals/,
    ],
    ['pounds with three decimals', { currency: 'GBP', rent: '850.505' }, /^Rent must be an amount in GBP/],
    [
      'utilities in yen with decimals',
      { currency: 'JPY', rent: '1', utilities: 0.5 },
      /^Utilities must be an amount in JPY/,
    ],
    [
      'more than a hundred million yen',
      { currency: 'JPY', rent: '100000001' },
      /^Rent must be an amount in JPY from 0 to 100,000,000/,
    ],
  ])('refuses %s with 400, writing nothing', async (_label, fields, message) => {
    await expectRefusedCreate(t.alice.client, abroad(fields), 400, message);
  });

  it.each<[string, Record<string, unknown>, string | RegExp]>([
    ['no country', { country: undefined }, /country/i],
    ['an unknown country code', { country: 'XX' }, /^Country must be a two-letter ISO 3166-1 code/],
    ['UK, which is not the ISO code', { country: 'UK' }, /^Country must be/],
    ['a three-letter country code', { country: 'GBR' }, /^Country must be/],
    ['a country as a name', { country: 'Germany' }, /^Country must be/],
    ['a country that is not text', { country: 44 }, /country/i],
    ['an unknown currency', { currency: 'XYZ' }, /^Currency must be an ISO 4217 code/],
    ['a currency as a name', { currency: 'Euro' }, /^Currency must be/],
    ['a currency that is not text', { currency: 978 }, /currency/i],
    ['no postcode in the United Kingdom', { postcode: undefined }, 'Postcode is required'],
    ['a blank postcode', { postcode: '  ' }, 'Postcode is required'],
    ['a postcode of 21 characters', { postcode: 'x'.repeat(21) }, /postcode/i],
    ['a region of 101 characters', { region: 'x'.repeat(101) }, /region/i],
    ['an unknown street visibility', { streetVisibility: 'members' }, /Street visibility/],
  ])('refuses %s with 400, writing nothing', async (_label, fields, message) => {
    await expectRefusedCreate(t.alice.client, abroad(fields), 400, message);
  });

  it('takes no postcode where there are none (Hong Kong)', async () => {
    const hk = await createListing(
      t.alice.client,
      abroad({ country: 'HK', currency: 'HKD', postcode: undefined, city: 'Hong Kong', rent: '9000' }),
    );
    expect(hk).toMatchObject({ country: 'HK', postcode: null, rent: '9000.00', currency: 'HKD' });
  });

  it("starts in the poster's household's currency, else in their language's, else in US dollars", async () => {
    const withLanguage = async (client: Client, language: string | null) => {
      t.clock += 1000;
      const response = await client.post(
        '/api/roommate-listings',
        listingBody({ currency: undefined, rent: '700' }),
        language ? { 'accept-language': language } : {},
      );
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as Listing;
    };
    // Bob has no household.
    expect(await withLanguage(t.bob.client, 'en-GB,en;q=0.8')).toMatchObject({
      currency: 'GBP',
      rent: '700.00',
    });
    expect(await withLanguage(t.bob.client, 'ja-JP')).toMatchObject({ currency: 'JPY', rent: '700' });
    expect(await withLanguage(t.bob.client, 'de')).toMatchObject({ currency: 'EUR' });
    expect(await withLanguage(t.bob.client, null)).toMatchObject({ currency: 'USD' });

    // In a household, its currency wins over the language.
    const created = await t.alice.client.post('/api/households', { name: 'Kreuzberg WG', currency: 'EUR' });
    expect(created.statusCode, created.body).toBe(201);
    expect(await withLanguage(t.alice.client, 'ja-JP')).toMatchObject({ currency: 'EUR', rent: '700.00' });
    // And the rent is read with the household currency's decimals.
    t.clock += 1000;
    const yenHousehold = await t.bob.client.post('/api/households', {
      name: 'Shibuya share',
      currency: 'JPY',
    });
    expect(yenHousehold.statusCode, yenHousehold.body).toBe(201);
    await expectRefusedCreate(
      t.bob.client,
      { currency: undefined, rent: '700.50' },
      400,
      /^Rent must be an amount in JPY/,
    );
  });
});

describe('the street, shown to whom the poster chooses', () => {
  const STREET = 'Flat 2, 10 Keppel Street';

  it('hides the street from others by default, in every answer, and shows it when the poster chooses', async () => {
    const city = `Bloomsbury ${token()}`;
    const listing = await createListing(
      t.alice.client,
      abroad({ city, postcode: 'WC1E 7HT', street: STREET }),
    );
    expect(listing).toMatchObject({ street: STREET, streetVisibility: 'hidden' });

    // Bob: the area, never the street (nor the old `location`), in the detail and in the list.
    const detail = await getListing(t.bob.client, listing.id);
    expect(detail.json()).toMatchObject({
      street: null,
      location: '',
      city,
      postcode: 'WC1E 7HT',
      country: 'GB',
      streetVisibility: 'hidden',
    });
    expect(detail.body).not.toContain('Keppel');
    const list = await browse(t.bob.client, { city });
    expect((list.json() as Listing[]).map((l) => l.street)).toEqual([null]);
    expect(list.body).not.toContain('Keppel');

    // Alice, its poster, sees it everywhere.
    expect((await getListing(t.alice.client, listing.id)).json()).toMatchObject({ street: STREET });
    expect(((await browse(t.alice.client, { city })).json() as Listing[])[0]).toMatchObject({
      street: STREET,
    });
    const mine = (await t.alice.client.get('/api/roommate-listings/my')).json() as Listing[];
    expect(mine.find((l) => l.id === listing.id)).toMatchObject({ street: STREET, location: STREET });

    // Shown to everyone: Bob sees it; hidden again: he does not.
    const shown = await patch(t.alice.client, listing.id, { streetVisibility: 'everyone' });
    expect(shown.statusCode, shown.body).toBe(200);
    expect((await getListing(t.bob.client, listing.id)).json()).toMatchObject({
      street: STREET,
      location: STREET,
    });
    expect(((await browse(t.bob.client, { city })).json() as Listing[])[0]).toMatchObject({ street: STREET });
    expect((await patch(t.alice.client, listing.id, { streetVisibility: 'hidden' })).statusCode).toBe(200);
    expect((await getListing(t.bob.client, listing.id)).body).not.toContain('Keppel');

    // Chosen when posting.
    const open = await createListing(
      t.alice.client,
      abroad({ city, postcode: 'WC1E 6BT', street: '5 Gower Street', streetVisibility: 'everyone' }),
    );
    expect((await getListing(t.bob.client, open.id)).json()).toMatchObject({ street: '5 Gower Street' });

    // Something else than the two choices changes nothing.
    const before = await rowOf(listing.id);
    const refused = await patch(t.alice.client, listing.id, { streetVisibility: 'members' });
    expect(refused.statusCode).toBe(400);
    expect(await rowOf(listing.id)).toEqual(before);
  });

  it("keeps other posters' streets out of the home screen, which the read cache keeps", async () => {
    const title = `Home featured ${token()}`;
    const listing = await createListing(
      t.alice.client,
      abroad({ title, street: STREET, streetVisibility: 'everyone', postcode: 'WC1E 7HT' }),
    );
    await setFeatured(t.database.db, listing.id, true);
    for (const person of [t.alice, t.bob]) {
      const created = await person.client.post('/api/households', { name: `${person.user.id} home` });
      expect(created.statusCode, created.body).toBe(201);
    }
    const featuredOn = async (client: Client) => {
      const response = await client.get('/api/home?tz=UTC');
      expect(response.statusCode, response.body).toBe(200);
      const home = response.json() as { featuredListings: Listing[] };
      return home.featuredListings.find((l) => l.title === title);
    };
    // Bob gets the area: the cached home could otherwise outlive Alice hiding the street again.
    expect(await featuredOn(t.bob.client)).toMatchObject({ street: null, city: 'Manchester' });
    // Alice sees her own (her own writes drop her cached home).
    expect(await featuredOn(t.alice.client)).toMatchObject({ street: STREET });
    await setFeatured(t.database.db, listing.id, false);
  });

  it("puts the poster's own street in their export", async () => {
    const listing = await createListing(t.bob.client, abroad({ street: '22 Acacia Avenue' }));
    const response = await t.bob.client.get('/api/export/me');
    expect(response.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const listings = JSON.parse(strFromU8(files['listings.json']!)) as Listing[];
    expect(listings.find((l) => l.id === listing.id)).toMatchObject({ street: '22 Acacia Avenue' });
  });
});

describe('filters across countries and currencies', () => {
  it('filters by country, city, postcode prefix, region, currency and rent in it, with the other filters', async () => {
    const tok = token();
    const post = async (title: string, fields: Record<string, unknown>) =>
      createListing(t.alice.client, abroad({ title: `${title} ${tok}`, ...fields }));
    await post('A', { region: 'Greater Manchester', rent: '850' });
    await post('B', { postcode: 'M14 5RX', rent: '600', roomType: 'shared' });
    await post('C', { city: 'London', postcode: 'SW1A 1AA', region: 'Greater London', rent: '1500' });
    await post('D', {
      country: 'JP',
      currency: 'JPY',
      city: 'Tokyo',
      postcode: '150-0002',
      region: 'Tokyo',
      rent: '85000',
    });
    await post('E', {
      country: 'US',
      currency: 'USD',
      city: 'Springfield',
      postcode: '62701',
      region: 'IL',
      rent: '800',
    });
    await post('F', {
      country: 'DE',
      currency: 'EUR',
      city: 'Berlin',
      postcode: '10115',
      region: 'Berlin',
      rent: '700',
    });
    const titles = async (query: Record<string, string>) =>
      (await browseTitles(t.bob.client, { q: tok, ...query })).map((title) => title.split(' ')[0]);

    expect(await titles({})).toEqual(['F', 'E', 'D', 'C', 'B', 'A']);
    expect(await titles({ country: 'GB' })).toEqual(['C', 'B', 'A']);
    expect(await titles({ country: 'gb' })).toEqual(['C', 'B', 'A']);
    expect(await titles({ country: 'GB', city: 'manchester' })).toEqual(['B', 'A']);
    expect(await titles({ country: 'JP', city: 'Manchester' })).toEqual([]);
    // The start of a postcode, whatever its case, spaces and dashes.
    expect(await titles({ postcode: 'M1' })).toEqual(['B', 'A']);
    expect(await titles({ postcode: 'm1 4b' })).toEqual(['A']);
    expect(await titles({ postcode: 'sw1a1' })).toEqual(['C']);
    expect(await titles({ postcode: '1500' })).toEqual(['D']);
    expect(await titles({ postcode: '150-00' })).toEqual(['D']);
    expect(await titles({ postcode: '%' })).toEqual([]);
    expect(await titles({ region: 'greater manchester' })).toEqual(['A']);
    expect(await titles({ region: 'TOKYO' })).toEqual(['D']);
    // Rent compares within one currency, the bounds read in it.
    expect(await titles({ currency: 'GBP' })).toEqual(['C', 'B', 'A']);
    expect(await titles({ currency: 'gbp', maxRent: '850' })).toEqual(['B', 'A']);
    expect(await titles({ currency: 'GBP', minRent: '850.01' })).toEqual(['C']);
    expect(await titles({ currency: 'JPY', minRent: '80000' })).toEqual(['D']);
    expect(await titles({ currency: 'JPY', maxRent: '80000' })).toEqual([]);
    expect(await titles({ currency: 'EUR', minRent: '650', maxRent: '750' })).toEqual(['F']);
    // A range without a currency is in US dollars, as it always was.
    expect(await titles({ minRent: '700' })).toEqual(['E']);
    // Combined with each other and with the filters of before.
    expect(await titles({ country: 'GB', roomType: 'shared' })).toEqual(['B']);
    expect(await titles({ country: 'GB', city: 'Manchester', currency: 'GBP', minRent: '700' })).toEqual([
      'A',
    ]);
  });

  it('answers each filter with its own ETag, so a cached answer never stands for another filter', async () => {
    const tok = token();
    await createListing(t.alice.client, abroad({ title: `Mancunian ${tok}` }));
    const gb = await browse(t.bob.client, { q: tok, country: 'GB' });
    const jp = await browse(t.bob.client, { q: tok, country: 'JP' });
    expect(gb.headers.etag).not.toBe(jp.headers.etag);
    const again = await t.bob.client.get(`/api/roommate-listings?q=${tok}&country=JP`, {
      'if-none-match': gb.headers.etag as string,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual([]);
  });
});

describe('editing the address and the currency', () => {
  it('takes the old names state, zipCode and location, and answers both names', async () => {
    const listing = await createListing(t.alice.client);
    const response = await patch(t.alice.client, listing.id, {
      state: 'Illinois',
      zipCode: '62704',
      location: '9 Maple Road',
      rent: 925,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      region: 'Illinois',
      state: 'Illinois',
      postcode: '62704',
      zipCode: '62704',
      street: '9 Maple Road',
      location: '9 Maple Road',
      rent: '925.00',
      currency: 'USD',
    });
    // A listing may drop its street.
    expect((await patch(t.alice.client, listing.id, { street: null })).json()).toMatchObject({
      street: null,
      location: '',
    });
  });

  it('moves a listing to another country, with a postcode where that country has them', async () => {
    const listing = await createListing(t.alice.client);
    const before = await rowOf(listing.id);
    const refused = await patch(t.alice.client, listing.id, { country: 'GB', postcode: null });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: 'Postcode is required' });
    expect((await patch(t.alice.client, listing.id, { country: 'XX' })).statusCode).toBe(400);
    expect(await rowOf(listing.id)).toEqual(before);

    const moved = await patch(t.alice.client, listing.id, { country: 'HK', postcode: null, city: 'Kowloon' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ country: 'HK', postcode: null, zipCode: null, city: 'Kowloon' });
  });

  it('changes the currency only with the amounts in it, refusing what it cannot read', async () => {
    const listing = await createListing(t.alice.client, { rent: '800', utilities: '50' });
    const before = await rowOf(listing.id);
    for (const body of [
      { currency: 'EUR' },
      { currency: 'EUR', rent: '700' },
      { currency: 'JPY', rent: '700.5', utilities: '50' },
      { currency: 'XYZ', rent: '700', utilities: '50' },
      { rent: '700.555' },
    ]) {
      const response = await patch(t.alice.client, listing.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof (response.json() as { message: string }).message).toBe('string');
    }
    expect(await rowOf(listing.id)).toEqual(before);

    const euros = await patch(t.alice.client, listing.id, {
      currency: 'EUR',
      rent: '700.5',
      utilities: '45',
    });
    expect(euros.statusCode, euros.body).toBe(200);
    expect(euros.json()).toMatchObject({ currency: 'EUR', rent: '700.50', utilities: '45.00' });
    // Later amounts are read in the listing's own currency.
    const yen = await patch(t.alice.client, listing.id, { currency: 'JPY', rent: '90000', utilities: null });
    expect(yen.json()).toMatchObject({ currency: 'JPY', rent: '90000', utilities: null });
    expect((await patch(t.alice.client, listing.id, { rent: '90000.5' })).statusCode).toBe(400);
    expect((await patch(t.alice.client, listing.id, { rent: '95000' })).json()).toMatchObject({
      rent: '95000',
    });
  });
});

// ---- migration 0024 ---------------------------------------------------------------------------------

const opened: { database: Database; schema?: string }[] = [];
afterEach(async () => {
  for (const { database, schema } of opened.splice(0)) {
    if (schema) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.db);
    await database.close();
  }
});

describe('migration 0024_listing_addresses', () => {
  it('keeps every listing of before: in the US, whole dollars as cents, the street kept but hidden', async () => {
    const config = freshDatabaseConfig();
    const database = await openDatabase(config);
    opened.push({ database, ...(config.engine === 'postgres' ? { schema: config.schema } : {}) });
    const all = migrations(database.engine);
    const names = Object.keys(all).sort();
    const before = names[names.indexOf('0024_listing_addresses') - 1]!;
    const migrator = new Migrator({
      db: database.db,
      provider: { getMigrations: async () => all },
      ...(database.schema ? { migrationTableSchema: database.schema } : {}),
    });
    const { error } = await migrator.migrateTo(before);
    if (error) throw error;

    const userId = randomUUID();
    await sql`insert into users (id, email, password_hash, first_name, last_name, created_at)
      values (${userId}, ${`old-${userId}@example.com`}, 'x', 'Olga', 'Old', ${Date.now()})`.execute(
      database.db,
    );
    const bool = (value: boolean) => (testEngine === 'postgres' ? value : value ? 1 : 0);
    const old = async (
      id: string,
      fields: {
        rent: number;
        utilities: number | null;
        state: string | null;
        zip: string | null;
        location: string;
      },
    ) =>
      sql`insert into listings (id, created_by, title, description, rent, utilities, location, city, city_key,
          state, zip_code, university, distance_to_campus, available_from, available_to, room_type,
          housing_type, gender_preference, student_year, study_habits, social_preferences,
          lifestyle_preferences, amenities, search_text, contact_info, featured, status, created_at, updated_at)
        values (${id}, ${userId}, 'Old room', null, ${fields.rent}, ${fields.utilities}, ${fields.location},
          'Ann Arbor', 'ann arbor', ${fields.state}, ${fields.zip}, null, null, '2026-01-01', null, 'private',
          'apartment', 'any', 'any', 'flexible', 'balanced', '[]', '[]', 'old room', 'olga@example.com',
          ${bool(false)}, 'active', ${Date.now()}, ${Date.now()})`.execute(database.db);
    await old('old-1', {
      rent: 1200,
      utilities: 75,
      state: 'Michigan',
      zip: '48104-1234',
      location: '4 Oak Avenue',
    });
    await old('old-2', { rent: 1_000_000, utilities: null, state: null, zip: null, location: '' });

    await migrate(database);

    const one = await readListing(database.db, 'old-1', { userId });
    expect(one).toMatchObject({
      rent: '1200.00',
      utilities: '75.00',
      currency: 'USD',
      country: 'US',
      postcode: '48104-1234',
      region: 'Michigan',
      city: 'Ann Arbor',
      street: '4 Oak Avenue',
      streetVisibility: 'hidden',
      zipCode: '48104-1234',
      state: 'Michigan',
      location: '4 Oak Avenue',
    });
    expect(await readListing(database.db, 'old-1', { userId: 'someone-else' })).toMatchObject({
      street: null,
      location: '',
    });
    expect(await readListing(database.db, 'old-2', { userId })).toMatchObject({
      rent: '1000000.00',
      utilities: null,
      postcode: null,
      region: null,
      street: null,
    });
    // What was saved before stays where it was; the filters' keys are filled in.
    const rows = await database.db.selectFrom('listings').selectAll().orderBy('id').execute();
    expect(rows.map((r) => [r.rent, r.utilities, r.location, r.state, r.zip_code])).toEqual([
      [1200, 75, '4 Oak Avenue', 'Michigan', '48104-1234'],
      [1_000_000, null, '', null, null],
    ]);
    expect(rows.map((r) => [Number(r.rent_minor), r.postcode_key, r.region_key])).toEqual([
      [120000, '481041234', 'michigan'],
      [100000000, null, null],
    ]);
  });
});
