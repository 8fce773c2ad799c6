// Roommate listings through the API: the photos of a new listing.

import { randomBytes } from 'node:crypto';

import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  asSeenByOthers,
  dataUrl,
  getListing,
  jpegOf,
  listingBody,
  PHOTO,
  pngOf,
  setUpListingsApp,
  solid,
} from './listings-setup.ts';

const t = setUpListingsApp();
const { createListing, expectRefusedCreate, rowCounts } = t;

const IMAGE_URL = /^\/api\/images\/[A-Za-z0-9_-]+$/;

/** A PNG of random pixels stored uncompressed: its file size is about width × height × 3 bytes. */
const incompressiblePng = (width: number, height: number) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();

async function imageMeta(app: FastifyInstance, url: string) {
  // An <img> sends no special header: the URL alone must do.
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('image/webp');
  return { meta: await sharp(response.rawPayload).metadata(), bytes: response.rawPayload };
}

// ---- POST ---------------------------------------------------------------------------------------

describe('POST /api/roommate-listings: photos', () => {
  it('answers 201 with each photo as a 1600 px detail image and a 640 px card image, WebP, in order', async () => {
    const wide = dataUrl(await jpegOf(3000, 2000), 'image/jpeg');
    const tall = dataUrl(await pngOf(900, 2400));
    const small = dataUrl(await pngOf(300, 200));
    const listing = await createListing(t.alice.client, { images: [wide, tall, small] });

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

    const image = await t.alice.client.get(listing.cardImages[0]!);
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    // What was answered is what is stored.
    expect((await getListing(t.bob.client, listing.id)).json()).toEqual(asSeenByOthers(listing));
  });

  it('accepts 10 photos and refuses 11 with 400, writing nothing', async () => {
    const ten = await createListing(t.alice.client, { images: Array(10).fill(PHOTO) });
    expect(ten.images).toHaveLength(10);
    expect(ten.cardImages).toHaveLength(10);
    await expectRefusedCreate(t.alice.client, { images: Array(11).fill(PHOTO) }, 400, 'At most 10 photos');
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

    const listing = await createListing(t.alice.client, { images: [dataUrl(withGps, 'image/jpeg')] });
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
    await expectRefusedCreate(
      t.alice.client,
      { images: [dataUrl(text)] },
      400,
      'Please select an image file',
    );
  });

  it('refuses an SVG (it can carry scripts) with 400 "Please select an image file"', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    await expectRefusedCreate(
      t.alice.client,
      { images: [dataUrl(svg, 'image/svg+xml')] },
      400,
      'Please select an image file',
    );
  });

  it('refuses the whole listing when only the second photo is bad, leaving no images behind', async () => {
    await expectRefusedCreate(
      t.alice.client,
      { images: [PHOTO, dataUrl('not an image at all')] },
      400,
      'Please select an image file',
    );
  });

  it('refuses a truncated image with 400, not 500', async () => {
    const whole = await incompressiblePng(200, 200);
    await expectRefusedCreate(
      t.alice.client,
      { images: [dataUrl(whole.subarray(0, Math.floor(whole.length / 2)))] },
      400,
      /./,
    );
  });

  it('refuses a photo of 5 MB or more with 413 "Image must be smaller than 5MB"', async () => {
    const tooBig = await incompressiblePng(1400, 1300);
    expect(tooBig.length).toBeGreaterThanOrEqual(5 * 1024 * 1024);
    await expectRefusedCreate(
      t.alice.client,
      { images: [PHOTO, dataUrl(tooBig)] },
      413,
      'Image must be smaller than 5MB',
    );
  });

  it('refuses a much larger photo (7 MB) with 413 too, not a 400 about the format', async () => {
    const wayTooBig = await incompressiblePng(1600, 1550);
    expect(wayTooBig.length).toBeGreaterThan(7 * 1024 * 1024);
    await expectRefusedCreate(
      t.alice.client,
      { images: [dataUrl(wayTooBig)] },
      413,
      'Image must be smaller than 5MB',
    );
  });

  it('accepts a photo just under 5 MB', async () => {
    const nearLimit = await incompressiblePng(1280, 1300);
    expect(nearLimit.length).toBeLessThan(5 * 1024 * 1024);
    expect(nearLimit.length).toBeGreaterThan(4.7 * 1024 * 1024);
    const listing = await createListing(t.alice.client, { images: [dataUrl(nearLimit)] });
    const { meta } = await imageMeta(t.app, listing.cardImages[0]!);
    expect([meta.width, meta.height]).toEqual([630, 640]);
  });

  it('answers a 60 MB JSON body with 413 or 400, never 5xx, and writes nothing', async () => {
    const before = await rowCounts();
    const huge = `data:image/png;base64,${'A'.repeat(60 * 1024 * 1024)}`;
    const response = await t.alice.client.post('/api/roommate-listings', listingBody({ images: [huge] }));
    expect([400, 413]).toContain(response.statusCode);
    expect(typeof (response.json() as { message: string }).message).toBe('string');
    expect(await rowCounts()).toEqual(before);

    const listing = await createListing(t.alice.client);
    const patch = await t.alice.client.patch(`/api/roommate-listings/${listing.id}`, {
      description: 'x'.repeat(60 * 1024 * 1024),
    });
    expect([400, 413]).toContain(patch.statusCode);
    expect((await getListing(t.alice.client, listing.id)).json()).toEqual(listing);
  });
});
