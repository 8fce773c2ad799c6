// Profile and listing changes over /ws (docs/client.md, Live channel): who hears of them, and what
// the frames say.

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type Client, householdOf, multipart, signUp } from './helpers.ts';
import { catchUp, setUpSocketApp, type TestSocket } from './sockets.ts';

const t = setUpSocketApp();

/** A confirmed socket of the member's, as a browser on the app's page opens it. */
async function socketOf(client: Client, userId: string, householdId: string): Promise<TestSocket> {
  const socket = await t.sockets.open(t.url.ws, { cookie: client.cookie, origin: t.url.origin });
  await socket.connect(userId, householdId);
  return socket;
}

/** Ann and Ben in one household, Ben on two devices; Olga, listening, in another household. */
async function households() {
  const { household, people } = await householdOf(t.app, ['Ann Archer', 'Ben Baker']);
  const [ann, ben] = people as [(typeof people)[0], (typeof people)[0]];
  const other = await householdOf(t.app, ['Olga Other']);
  const olga = other.admin;
  const sockets = {
    ann: await socketOf(ann.client, ann.user.id, household.id),
    ben: await socketOf(ben.client, ben.user.id, household.id),
    benPhone: await socketOf(ben.client, ben.user.id, household.id),
    olga: await socketOf(olga.client, olga.user.id, other.household.id),
  };
  await catchUp(t.app, household.id, [sockets.ann, sockets.ben, sockets.benPhone]);
  await catchUp(t.app, other.household.id, [sockets.olga]);
  return { household, ann, ben, olga, sockets };
}

/** Nothing else reached these sockets (every frame sent before now is in by then). */
async function nothingMore(...sockets: TestSocket[]) {
  for (const socket of sockets) {
    await socket.sync();
    expect(socket.unread()).toEqual([]);
  }
}

describe('member_updated', () => {
  it("tells the member's household, their own devices among it, each change of name, colour and photo", async () => {
    const { ben, sockets } = await households();
    const household = [sockets.ann, sockets.ben, sockets.benPhone];
    const heard = async () => {
      const frames = [];
      for (const socket of household) frames.push(await socket.next('member_updated'));
      expect(new Set(frames.map((f) => JSON.stringify(f))).size).toBe(1);
      return frames[0]!;
    };

    const renamed = await ben.client.patch('/api/auth/user', { firstName: 'Benedict', lastName: 'Baker' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await heard()).toEqual({
      type: 'member_updated',
      user: {
        id: ben.user.id,
        firstName: 'Benedict',
        lastName: 'Baker',
        email: ben.email,
        profileColor: renamed.json().profileColor,
        profileImageUrl: null,
      },
    });

    expect((await ben.client.patch('/api/user', { profileColor: 'green' })).statusCode).toBe(200);
    expect((await heard()).user).toMatchObject({ firstName: 'Benedict', profileColor: 'green' });

    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#2563eb' } })
      .png()
      .toBuffer();
    const photo = multipart('profileImage', 'me.png', 'image/png', png);
    const uploaded = await ben.client.post('/api/user/profile-image', photo.payload, photo.headers);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect((await heard()).user.profileImageUrl).toBe(uploaded.json().profileImageUrl);

    expect((await ben.client.delete('/api/user/profile-image')).statusCode).toBe(204);
    expect((await heard()).user.profileImageUrl).toBeNull();

    // The language is the member's own: nobody else's screen shows it.
    expect((await ben.client.patch('/api/user', { language: 'de' })).statusCode).toBe(200);
    await nothingMore(...household, sockets.olga);
  });

  it('gives typing frames the new name', async () => {
    const { ben, sockets } = await households();
    await ben.client.patch('/api/auth/user', { firstName: 'Benedict', lastName: 'Baker' });
    await sockets.ann.next('member_updated');
    await sockets.ben.next('member_updated');
    sockets.ben.send({ type: 'user_typing' });
    expect(await sockets.ann.next('user_typing')).toEqual({
      type: 'user_typing',
      userId: ben.user.id,
      userName: 'Benedict B.',
    });
  });

  it('tells nobody when the user is in no household', async () => {
    const { sockets } = await households();
    const { client } = await signUp(t.app, { firstName: 'Solo', lastName: 'Person' });
    expect((await client.patch('/api/auth/user', { firstName: 'Sola', lastName: 'Person' })).statusCode).toBe(
      200,
    );
    await nothingMore(sockets.ann, sockets.ben, sockets.olga);
  });
});

describe('listing_changed', () => {
  it("tells the poster's household, their own devices among it, of a post, a close, a reopening and a deletion", async () => {
    const { ben, sockets } = await households();
    const household = [sockets.ann, sockets.ben, sockets.benPhone];
    const png = await sharp({ create: { width: 24, height: 16, channels: 3, background: '#8ab' } })
      .png()
      .toBuffer();
    const created = await ben.client.post('/api/roommate-listings', {
      title: 'Box room',
      rent: '500',
      country: 'US',
      postcode: '62701',
      city: 'Springfield',
      images: [`data:image/png;base64,${png.toString('base64')}`],
    });
    expect(created.statusCode, created.body).toBe(201);
    const listingId = created.json().id as string;
    const change = { type: 'listing_changed', listingId };
    for (const socket of household) expect(await socket.next('listing_changed')).toEqual(change);

    for (const status of ['closed', 'active']) {
      const changed = await ben.client.patch(`/api/roommate-listings/${listingId}`, { status });
      expect(changed.statusCode, changed.body).toBe(200);
      for (const socket of household) expect(await socket.next('listing_changed')).toEqual(change);
    }

    expect((await ben.client.delete(`/api/roommate-listings/${listingId}`)).statusCode).toBe(204);
    for (const socket of household) expect(await socket.next('listing_changed')).toEqual(change);
    // Another household reads the board afresh when it next asks; no frame of it reaches them.
    await nothingMore(...household, sockets.olga);
  });
});
