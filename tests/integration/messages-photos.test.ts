// Photos in the chat (docs/chat.md, Photos): the image pipeline, who may read them, the live event.

import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '#shared/messages/api.ts';
import { type Client, createTestApp, householdOf, signUp, type TestApp } from './helpers.ts';
import { addressOf, SocketPool } from './sockets.ts';

let t: TestApp;
let url: { origin: string; ws: string };
const sockets = new SocketPool();

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = addressOf(t.app);
});
afterAll(async () => {
  await sockets.closeAll();
  await t.close();
});

/** A multipart body: text fields first, then the file (the order the server reads them in). */
function form(file: { field?: string; name: string; type: string; data: Buffer | string }, fields = {}) {
  const boundary = '----HearthPhotoBoundary3e9c1a';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'photo'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`;
  return {
    payload: Buffer.concat([
      Buffer.from(parts.join('') + head),
      Buffer.from(file.data),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const sendPhoto = (client: Client, body: ReturnType<typeof form>) =>
  client.request({
    method: 'POST',
    url: '/api/messages/photo',
    payload: body.payload,
    headers: body.headers,
  });

const jpegWithExif = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 120, b: 40 } } })
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

async function counts() {
  const { db } = t.database;
  const images = await db
    .selectFrom('images')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const messages = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { images: Number(images.n), messages: Number(messages.n) };
}

describe('POST /api/messages/photo', () => {
  it('stores a JPEG with EXIF as WebP without metadata, sends it live, and lists it', async () => {
    const { household, admin, others } = await householdOf(t.app, ['Ada Lovelace', 'Bea Evans']);
    const bea = others[0]!;
    const socket = await sockets.open(url.ws, { cookie: bea.client.cookie, origin: url.origin });
    await socket.connect(bea.user.id, household.id);

    const jpeg = await jpegWithExif();
    expect((await sharp(jpeg).metadata()).exif?.toString('latin1')).toContain('HearthCam');
    const response = await sendPhoto(
      admin.client,
      form({ name: 'holiday.jpg', type: 'image/jpeg', data: jpeg }, { content: '  Look!  ' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const message: ChatMessage = response.json();
    expect(message).toMatchObject({ content: 'Look!', type: 'text', userId: admin.user.id });
    expect(message.photo).toEqual({
      url: expect.stringMatching(/^\/api\/messages\/photos\/[A-Za-z0-9_-]+$/),
      width: 800,
      height: 600,
    });

    // The live event carries the photo like the text.
    const event = await socket.next('new_message', { where: (e) => e.message.id === message.id });
    expect(event.message).toEqual(message);

    const listed: ChatMessage[] = (await bea.client.get('/api/messages')).json();
    expect(listed.find((m) => m.id === message.id)).toEqual(message);

    const image = await bea.client.get(message.photo!.url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 800, height: 600 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(image.rawPayload.includes(Buffer.from('HearthCam'))).toBe(false);
  });

  it('takes a photo without text', async () => {
    const { admin } = await householdOf(t.app, ['Cy Young']);
    const png = await sharp({ create: { width: 20, height: 40, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const response = await sendPhoto(admin.client, form({ name: 'a.png', type: 'image/png', data: png }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ content: '', photo: { width: 20, height: 40 } });
  });

  it('refuses what is not an image, too large, a wrong field or too long a text with 4xx, changing nothing', async () => {
    const { admin } = await householdOf(t.app, ['Di Refused']);
    const before = await counts();

    const text = await sendPhoto(
      admin.client,
      form({ name: 'p.jpg', type: 'image/jpeg', data: 'not a picture\n' }),
    );
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ message: 'Please select an image file', code: 'account.image_required' });

    const big = await sharp(randomBytes(1400 * 1400 * 3), { raw: { width: 1400, height: 1400, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    const tooBig = await sendPhoto(admin.client, form({ name: 'big.png', type: 'image/png', data: big }));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('Image must be smaller than 5MB');

    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const wrongField = await sendPhoto(
      admin.client,
      form({ field: 'file', name: 'a.png', type: 'image/png', data: png }),
    );
    expect(wrongField.statusCode).toBe(400);
    const long = await sendPhoto(
      admin.client,
      form({ name: 'a.png', type: 'image/png', data: png }, { content: 'x'.repeat(2001) }),
    );
    expect(long.statusCode).toBe(400);
    const json = await admin.client.post('/api/messages/photo', { content: 'hi' });
    expect(json.statusCode).toBe(400);

    expect(await counts()).toEqual(before);
  });

  it('answers 401 signed out and 404 outside a household', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const { client } = await signUp(t.app);
    client.cookie = null;
    expect((await sendPhoto(client, form({ name: 'a.png', type: 'image/png', data: png }))).statusCode).toBe(
      401,
    );
    const loner = await signUp(t.app);
    expect(
      (await sendPhoto(loner.client, form({ name: 'a.png', type: 'image/png', data: png }))).statusCode,
    ).toBe(404);
  });
});

describe('GET /api/messages/photos/:imageId', () => {
  it('serves the photo to members only: 401 signed out, 404 to another household, not by /api/images', async () => {
    const { admin } = await householdOf(t.app, ['Eve Owner']);
    const other = await householdOf(t.app, ['Fay Stranger']);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const message: ChatMessage = (
      await sendPhoto(admin.client, form({ name: 'a.png', type: 'image/png', data: png }))
    ).json();
    const photoUrl = message.photo!.url;
    const imageId = photoUrl.split('/').pop()!;

    expect((await admin.client.get(photoUrl)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: photoUrl })).statusCode).toBe(401);
    const stranger = await other.admin.client.get(photoUrl);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.rawPayload.length).toBeLessThan(200);
    // The public image route, which serves by id alone, does not serve chat photos.
    expect((await t.app.inject({ method: 'GET', url: `/api/images/${imageId}` })).statusCode).toBe(404);
    expect((await other.admin.client.get(`/api/images/${imageId}`)).statusCode).toBe(404);
  });

  it('is in the household export as the message photo link', async () => {
    const { admin } = await householdOf(t.app, ['Gus Export']);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const message: ChatMessage = (
      await sendPhoto(admin.client, form({ name: 'a.png', type: 'image/png', data: png }, { content: 'pic' }))
    ).json();
    const exported = await admin.client.get('/api/export.json');
    expect(exported.statusCode).toBe(200);
    const body = JSON.parse(exported.body) as { messages: ChatMessage[] };
    expect(body.messages.find((m) => m.id === message.id)?.photo).toEqual(message.photo);
  });

  it('goes with its household when the last member leaves', async () => {
    const { admin } = await householdOf(t.app, ['Hal Leaver']);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    await sendPhoto(admin.client, form({ name: 'a.png', type: 'image/png', data: png }));
    const before = await counts();
    const left = await admin.client.post('/api/households/leave');
    expect(left.statusCode, left.body).toBeLessThan(300);
    expect((await counts()).images).toBe(before.images - 1);
  });
});
