import { randomBytes } from 'node:crypto';
import zlib, { deflateSync } from 'node:zlib';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '#server/db/migrations.ts';
import { type Client, createTestApp, signUp, type TestApp } from './helpers.ts';
import { expectErrorAnswer } from './refusals.ts';

interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data body built by hand, exactly as a browser's FormData would send it. */
function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----HearthBoundary${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.contentType) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function photoForm(data: Buffer | string, filename = 'photo.png', contentType = 'image/png') {
  return multipart([{ name: 'profileImage', filename, contentType, data }]);
}

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 220, g: 90, b: 40 } } });

const pngOf = (width: number, height: number) => solid(width, height).png().toBuffer();
const jpegOf = (width: number, height: number) => solid(width, height).jpeg().toBuffer();

/** A PNG of random pixels stored uncompressed: its file size is about width × height × 3 bytes. */
function incompressiblePng(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A tiny, well-formed PNG header claiming an enormous canvas: a decompression bomb in spirit. */
function hugeClaimPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

interface UserBody {
  id: string;
  profileImageUrl: string | null;
}

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

async function upload(client: Client, form: { payload: Buffer; headers: Record<string, string> }) {
  return client.post('/api/user/profile-image', form.payload, form.headers);
}

async function currentImageUrl(client: Client): Promise<string | null> {
  const response = await client.get('/api/user');
  expect(response.statusCode).toBe(200);
  return (response.json() as UserBody).profileImageUrl;
}

/** Signs up a user who already has a photo, so "nothing changed" can be checked against it. */
async function userWithPhoto() {
  const { client } = await signUp(t.app);
  const response = await upload(client, photoForm(await pngOf(40, 40)));
  expect(response.statusCode).toBe(200);
  const url = (response.json() as UserBody).profileImageUrl;
  expect(url).toMatch(/^\/api\/images\/[A-Za-z0-9_-]+$/);
  return { client, url: url as string };
}

async function expectUnchanged(client: Client, url: string) {
  expect(await currentImageUrl(client)).toBe(url);
  const image = await client.get(url);
  expect(image.statusCode).toBe(200);
  expect(image.headers['content-type']).toBe('image/webp');
}

describe('POST /api/user/profile-image: accepted photos', () => {
  it('stores a PNG as WebP and serves it from /api/images/{id} with immutable caching', async () => {
    const { client, user } = await signUp(t.app);
    const response = await upload(client, photoForm(await pngOf(300, 200)));

    expect(response.statusCode).toBe(200);
    const body = response.json() as UserBody & Record<string, unknown>;
    expect(body.id).toBe(user.id);
    expect(body.profileImageUrl).toMatch(/^\/api\/images\/[A-Za-z0-9_-]+$/);
    expect(body).not.toHaveProperty('passwordHash');
    expect(await currentImageUrl(client)).toBe(body.profileImageUrl);

    const image = await client.get(body.profileImageUrl as string);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toContain('immutable');
    expect(image.headers['cache-control']).toContain('max-age=31536000');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([300, 200]);
  });

  it('accepts a JPEG, and any signed-out visitor given the URL can load it (an <img> sends no special header)', async () => {
    const { client } = await signUp(t.app);
    const response = await upload(client, photoForm(await jpegOf(120, 160), 'me.jpg', 'image/jpeg'));
    expect(response.statusCode).toBe(200);
    const url = (response.json() as UserBody).profileImageUrl as string;

    const anonymous = await t.app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(200);
    const meta = await sharp(anonymous.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([120, 160]);
  });

  it('decides by content, not by the name or declared type (a canvas blob arrives as application/octet-stream)', async () => {
    const { client } = await signUp(t.app);
    const response = await upload(
      client,
      photoForm(await jpegOf(50, 50), 'blob', 'application/octet-stream'),
    );
    expect(response.statusCode).toBe(200);
    expect((response.json() as UserBody).profileImageUrl).toMatch(/^\/api\/images\//);
  });

  it('scales a large photo so its longest side is 1600 px, keeping the aspect ratio', async () => {
    const { client } = await signUp(t.app);
    const response = await upload(client, photoForm(await jpegOf(3000, 2000), 'big.jpg', 'image/jpeg'));
    expect(response.statusCode).toBe(200);

    const image = await client.get((response.json() as UserBody).profileImageUrl as string);
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta.width).toBe(1600);
    expect(meta.height).toBe(1067);
  });

  it('scales a tall photo by its height', async () => {
    const { client } = await signUp(t.app);
    const response = await upload(client, photoForm(await pngOf(900, 2400)));
    expect(response.statusCode).toBe(200);

    const meta = await sharp(
      (await client.get((response.json() as UserBody).profileImageUrl as string)).rawPayload,
    ).metadata();
    expect(meta.height).toBe(1600);
    expect(meta.width).toBe(600);
  });

  it('strips EXIF metadata such as GPS position and camera from the stored photo', async () => {
    const withGps = await solid(64, 48)
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
    // The upload really carries the location, so the check below means something.
    const uploaded = await sharp(withGps).metadata();
    expect(uploaded.exif?.toString('latin1')).toContain('HearthCam');
    expect(uploaded.exif?.length).toBeGreaterThan(100);

    const { client } = await signUp(t.app);
    const response = await upload(client, photoForm(withGps, 'holiday.jpg', 'image/jpeg'));
    expect(response.statusCode).toBe(200);

    const image = await client.get((response.json() as UserBody).profileImageUrl as string);
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(image.rawPayload.includes(Buffer.from('HearthCam'))).toBe(false);
  });

  it('accepts a photo just under 5 MB', async () => {
    const nearLimit = await incompressiblePng(1280, 1300);
    expect(nearLimit.length).toBeLessThan(5 * 1024 * 1024);
    expect(nearLimit.length).toBeGreaterThan(4.7 * 1024 * 1024);

    const { client } = await signUp(t.app);
    const response = await upload(client, photoForm(nearLimit));
    expect(response.statusCode).toBe(200);
    expect((response.json() as UserBody).profileImageUrl).toMatch(/^\/api\/images\//);
  });
});

describe('POST /api/user/profile-image: refused uploads change nothing', () => {
  it('refuses a text file renamed photo.png with 400 "Please select an image file"', async () => {
    const { client, url } = await userWithPhoto();
    const response = await upload(
      client,
      photoForm('just some notes, not a picture\n'.repeat(20), 'photo.png', 'image/png'),
    );

    expect(response.statusCode).toBe(400);
    expect((response.json() as { message: string }).message).toContain('Please select an image file');
    await expectUnchanged(client, url);
  });

  it('refuses an SVG (it can carry scripts) with 400', async () => {
    const { client, url } = await userWithPhoto();
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>';
    const response = await upload(client, photoForm(svg, 'photo.svg', 'image/svg+xml'));

    expect(response.statusCode).toBe(400);
    expect((response.json() as { message: string }).message).toContain('Please select an image file');
    await expectUnchanged(client, url);
  });

  it('refuses a truncated PNG with 400, not 500', async () => {
    const { client, url } = await userWithPhoto();
    const whole = await incompressiblePng(200, 200);
    const response = await upload(client, photoForm(whole.subarray(0, Math.floor(whole.length / 2))));

    expect(response.statusCode).toBe(400);
    expect(typeof (response.json() as { message: string }).message).toBe('string');
    await expectUnchanged(client, url);
  });

  it('refuses a tiny file claiming 100000×100000 pixels with 400 and keeps serving', async () => {
    const { client, url } = await userWithPhoto();
    const response = await upload(client, photoForm(hugeClaimPng(100_000, 100_000)));

    expect(response.statusCode).toBe(400);
    expect(typeof (response.json() as { message: string }).message).toBe('string');
    await expectUnchanged(client, url);
    expect((await client.get('/api/health')).statusCode).toBe(200);
  });

  it('refuses an image over 5 MB with 413 "Image must be smaller than 5MB"', async () => {
    const { client, url } = await userWithPhoto();
    const tooBig = await incompressiblePng(1400, 1300);
    expect(tooBig.length).toBeGreaterThan(5 * 1024 * 1024);

    const response = await upload(client, photoForm(tooBig));
    expect(response.statusCode).toBe(413);
    expect((response.json() as { message: string }).message).toBe('Image must be smaller than 5MB');
    await expectUnchanged(client, url);
  });

  it('refuses a file sent under another field name with 400 naming profileImage', async () => {
    const { client, url } = await userWithPhoto();
    const form = multipart([
      { name: 'avatar', filename: 'photo.png', contentType: 'image/png', data: await pngOf(20, 20) },
    ]);
    const response = await upload(client, form);

    expect(response.statusCode).toBe(400);
    expect((response.json() as { message: string }).message).toContain('profileImage');
    await expectUnchanged(client, url);
  });

  it('refuses a form with no file at all with 400', async () => {
    const { client, url } = await userWithPhoto();
    const response = await upload(client, multipart([{ name: 'note', data: 'hello' }]));

    expect(response.statusCode).toBe(400);
    expect(typeof (response.json() as { message: string }).message).toBe('string');
    await expectUnchanged(client, url);
  });

  it('refuses a JSON body with 400 and a message', async () => {
    const { client, url } = await userWithPhoto();
    const response = await client.post('/api/user/profile-image', {
      profileImage: 'data:image/png;base64,AAAA',
    });

    expect(response.statusCode).toBe(400);
    expect((response.json() as { message: string }).message).toMatch(/multipart/i);
    await expectUnchanged(client, url);
  });

  it('refuses the raw image bytes sent without a form with 4xx and a message', async () => {
    const { client, url } = await userWithPhoto();
    const response = await client.post('/api/user/profile-image', await pngOf(20, 20), {
      'content-type': 'image/png',
    });

    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(typeof (response.json() as { message: string }).message).toBe('string');
    await expectUnchanged(client, url);
  });

  // A hand-written or cut-off multipart body is bad input like any other: 400, never 500.
  it.each([
    ['a boundary that does not match the body', 'multipart/form-data; boundary=not-the-one-used', 'real'],
    ['no boundary parameter at all', 'multipart/form-data', 'real'],
    ['a body with no parts', 'multipart/form-data; boundary=abc', 'garbage'],
  ])('refuses a multipart body with %s with 400', async (_label, contentType, body) => {
    const { client, url } = await userWithPhoto();
    const payload =
      body === 'real' ? photoForm(await pngOf(20, 20)).payload : Buffer.from('hello, not a form');
    const response = await upload(client, { payload, headers: { 'content-type': contentType } });

    expect(response.statusCode).toBe(400);
    expect(typeof (response.json() as { message: string }).message).toBe('string');
    await expectUnchanged(client, url);
  });

  it('refuses a form cut off in the middle of the file with 400', async () => {
    const { client, url } = await userWithPhoto();
    const form = photoForm(await incompressiblePng(100, 100));
    const response = await upload(client, { payload: form.payload.subarray(0, 5000), headers: form.headers });

    expect(response.statusCode).toBe(400);
    expect(typeof (response.json() as { message: string }).message).toBe('string');
    await expectUnchanged(client, url);
  });

  it('answers 401 to a visitor who is not signed in', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/profile-image',
      ...photoForm(await pngOf(20, 20)),
    });
    expect(response.statusCode).toBe(401);
    expect(typeof (response.json() as { message: string }).message).toBe('string');
  });
});

describe('replacing and deleting the photo', () => {
  it('replacing the photo deletes the old image', async () => {
    const { client, url: oldUrl } = await userWithPhoto();
    const response = await upload(client, photoForm(await jpegOf(30, 30), 'new.jpg', 'image/jpeg'));

    expect(response.statusCode).toBe(200);
    const newUrl = (response.json() as UserBody).profileImageUrl as string;
    expect(newUrl).not.toBe(oldUrl);
    expect((await client.get(newUrl)).statusCode).toBe(200);
    const old = await client.get(oldUrl);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual({ message: 'Image not found', code: 'image.not_found' });
  });

  it('DELETE /api/user/profile-image answers 204, clears the URL and removes the image', async () => {
    const { client, url } = await userWithPhoto();
    const response = await client.delete('/api/user/profile-image');

    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await currentImageUrl(client)).toBeNull();
    expect((await client.get(url)).statusCode).toBe(404);
  });

  it('DELETE without a photo still answers 204', async () => {
    const { client } = await signUp(t.app);
    expect((await client.delete('/api/user/profile-image')).statusCode).toBe(204);
    expect(await currentImageUrl(client)).toBeNull();
  });

  it('DELETE answers 401 to a visitor who is not signed in', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api/user/profile-image' });
    expect(response.statusCode).toBe(401);
  });

  it("one user's upload or delete never touches another user's photo", async () => {
    const alice = await userWithPhoto();
    const bob = await userWithPhoto();
    expect((await bob.client.delete('/api/user/profile-image')).statusCode).toBe(204);
    expect((await upload(bob.client, photoForm(await pngOf(10, 10)))).statusCode).toBe(200);
    await expectUnchanged(alice.client, alice.url);
  });
});

describe('GET /api/images/{id}', () => {
  it('answers 404 JSON for an unknown id', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/images/${randomBytes(16).toString('base64url')}`,
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ message: 'Image not found', code: 'image.not_found' });
  });

  it.each([
    ['a path traversal', '..%2F..%2Fetc%2Fpasswd'],
    ['SQL', "x'%20or%20'1'%3D'1"],
    ['unicode', '%F0%9F%8F%A0'],
    ['65 characters', 'a'.repeat(65)],
  ])('answers 404 JSON for an id with %s', async (_label, id) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/images/${id}` });
    expect(response.statusCode).toBe(404);
    expectErrorAnswer(response.json());
  });

  it('answers 400 JSON for an id holding a NUL byte (no address may hold one)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/images/abc%00def' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'The address must not contain NUL characters',
      code: 'http.nul_in_address',
    });
  });

  // Fastify's router refuses these before the route runs (414 URI too long, 400 bad URL escape).
  it.each([
    ['a 5000-character id', 'a'.repeat(5000)],
    ['a broken percent escape', '%E0%A4%A'],
  ])('answers 4xx JSON with a message for %s', async (_label, id) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/images/${id}` });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toMatchObject({ message: expect.any(String) });
  });
});

describe('GET /api/images/{id}: who may keep a copy', () => {
  const PRIVATE = 'private, max-age=31536000, immutable';
  const PUBLIC = 'public, max-age=31536000, immutable';
  const cacheControl = async (app: TestApp['app'], url: string) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return response.headers['cache-control'];
  };

  /** A profile photo, a receipt and a listing photo, each uploaded through the API. */
  async function oneOfEach(app: TestApp['app']) {
    const { client, user } = await signUp(app);
    const profile = (await upload(client, photoForm(await pngOf(40, 40)))).json() as UserBody;
    await client.post('/api/households', { name: 'Receipts' });
    const expense = await client.post('/api/expenses', {
      expense: {
        title: 'Groceries',
        amount: '12.00',
        category: 'groceries',
        splitType: 'equal',
        paidBy: user.id,
        isRecurring: false,
      },
      splits: [{ userId: user.id, amount: '12.00' }],
    });
    expect(expense.statusCode, expense.body).toBe(201);
    const form = multipart([
      { name: 'receipt', filename: 'till.png', contentType: 'image/png', data: await pngOf(60, 80) },
    ]);
    const receipt = await client.post(
      `/api/expenses/${expense.json().id}/receipt`,
      form.payload,
      form.headers,
    );
    expect(receipt.statusCode, receipt.body).toBe(200);
    const photo = `data:image/png;base64,${(await pngOf(30, 20)).toString('base64')}`;
    const listing = await client.post('/api/roommate-listings', {
      title: 'Room with a view',
      rent: 700,
      location: '1 Hill Road',
      city: 'Springfield',
      country: 'US',
      postcode: '62701',
      images: [photo],
    });
    expect(listing.statusCode, listing.body).toBe(201);
    return {
      profile: profile.profileImageUrl!,
      receipt: receipt.json().receiptUrl as string,
      listing: listing.json() as { images: string[]; cardImages: string[] },
    };
  }

  it('lets only the browser keep profile photos and receipts (private); listing photos are public', async () => {
    const urls = await oneOfEach(t.app);
    expect(await cacheControl(t.app, urls.profile)).toBe(PRIVATE);
    expect(await cacheControl(t.app, urls.receipt)).toBe(PRIVATE);
    for (const url of [...urls.listing.images, ...urls.listing.cardImages])
      expect(await cacheControl(t.app, url)).toBe(PUBLIC);
  });

  it('gives images stored before kinds were recorded theirs from what refers to them (migration 0013)', async () => {
    const own = await createTestApp();
    try {
      const urls = await oneOfEach(own.app);
      const { db } = own.database;
      // The images as they were before the migration: no kind column. Then the migration alone.
      await sql`alter table images drop column kind`.execute(db);
      await migrations(own.database.engine)['0013_image_kind']!.up(db as never);
      expect(await cacheControl(own.app, urls.profile)).toBe(PRIVATE);
      expect(await cacheControl(own.app, urls.receipt)).toBe(PRIVATE);
      for (const url of [...urls.listing.images, ...urls.listing.cardImages])
        expect(await cacheControl(own.app, url)).toBe(PUBLIC);
    } finally {
      await own.close();
    }
  });
});
