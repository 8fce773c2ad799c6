// Roommate listings through the API: one's own listings, one listing, and the prefill from a
// household.
import { describe, expect, it } from 'vitest';
import type { ListingView as Listing } from '#shared/listings/api.ts';
import { signUp } from './helpers.ts';
import { asSeenByOthers, expectNotAvailable, getListing, setUpListingsApp } from './listings-setup.ts';

const t = setUpListingsApp();
const { createListing } = t;

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
    const listing = await createListing(t.alice.client, { description: 'Lovely' });
    const response = await getListing(t.bob.client, listing.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(asSeenByOthers(listing));
    expect(response.json()).toMatchObject({ street: null, location: '' });

    const cached = await t.bob.client.get(`/api/roommate-listings/${listing.id}`, {
      'if-none-match': response.headers.etag as string,
    });
    expect(cached.statusCode).toBe(304);
  });

  it('answers 404 with its message for a missing listing, or a closed one to anyone but its creator', async () => {
    expectNotAvailable(await getListing(t.bob.client, 'no-such-listing'));
    expectNotAvailable(await getListing(t.bob.client, '00000000-0000-0000-0000-000000000000'));

    const listing = await createListing(t.alice.client, { title: 'Soon closed' });
    await t.alice.client.patch(`/api/roommate-listings/${listing.id}`, { status: 'closed' });
    const closed = await getListing(t.bob.client, listing.id);
    expectNotAvailable(closed);
    expect(closed.body).not.toContain('Soon closed');

    const own = await getListing(t.alice.client, listing.id);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: listing.id, status: 'closed', title: 'Soon closed' });
  });

  it('answers a malformed id with 4xx, never 5xx', async () => {
    for (const id of ['a%00b', 'x'.repeat(101), '%E2%80%AE']) {
      const response = await t.bob.client.get(`/api/roommate-listings/${id}`);
      expect(response.statusCode, `${id}: ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${id}: ${response.body}`).toBeLessThan(500);
    }
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
    expect(response.json()).toMatchObject({ rent: '400.00', currency: 'USD', housingType: 'shared_house' });

    // The prefill is a valid start for a listing.
    const prefill = response.json() as { title: string; rent: string; currency: string; housingType: string };
    const listing = await createListing(admin.client, {
      title: prefill.title,
      rent: prefill.rent,
      currency: prefill.currency,
      housingType: prefill.housingType,
    });
    expect(listing).toMatchObject({ rent: '400.00', currency: 'USD', housingType: 'shared_house' });

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
