// Photos in the chat (docs/chat.md, Photos): the image pipeline, who may read them, the live event.

import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '#shared/messages/api.ts';
import { type Client, householdOf, multipart, signUp } from './helpers.ts';
import { setUpSocketApp } from './sockets.ts';

const t = setUpSocketApp();
const { sockets } = t;

const sendPhoto = (client: Client, body: ReturnType<typeof multipart>) =>
  client.request({
    method: 'POST',
    url: '/api/messages/photo',
    payload: body.payload,
    headers: body.headers,
  });

const tinyPng = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
    .png()
    .toBuffer();

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
    const socket = await sockets.open(t.url.ws, { cookie: bea.client.cookie, origin: t.url.origin });
    await socket.connect(bea.user.id, household.id);

    const jpeg = await jpegWithExif();
    expect((await sharp(jpeg).metadata()).exif?.toString('latin1')).toContain('HearthCam');
    const response = await sendPhoto(
      admin.client,
      multipart('photo', 'holiday.jpg', 'image/jpeg', jpeg, { content: '  Look!  ' }),
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
    const response = await sendPhoto(admin.client, multipart('photo', 'a.png', 'image/png', png));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ content: '', photo: { width: 20, height: 40 } });
  });

  it('keeps the text whether it comes before or after the photo', async () => {
    const { admin } = await householdOf(t.app, ['Di Prince']);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const boundary = '----HearthTextAfterPhoto';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(
        `\r\n--${boundary}\r\nContent-Disposition: form-data; name="content"\r\n\r\nAfter the photo\r\n--${boundary}--\r\n`,
      ),
    ]);
    const response = await sendPhoto(admin.client, {
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ content: 'After the photo', photo: { width: 8, height: 8 } });
  });

  it('refuses what is not an image, too large, a wrong field, no file, not multipart or too long a text with 4xx, changing nothing', async () => {
    const { admin } = await householdOf(t.app, ['Di Refused']);
    const before = await counts();

    const text = await sendPhoto(admin.client, multipart('photo', 'p.jpg', 'image/jpeg', 'not a picture\n'));
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ message: 'Please select an image file', code: 'account.image_required' });

    const big = await sharp(randomBytes(1400 * 1400 * 3), { raw: { width: 1400, height: 1400, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    const tooBig = await sendPhoto(admin.client, multipart('photo', 'big.png', 'image/png', big));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('Image must be smaller than 5MB');

    const png = await tinyPng();
    const wrongField = await sendPhoto(admin.client, multipart('file', 'a.png', 'image/png', png));
    expect(wrongField.statusCode).toBe(400);
    const long = await sendPhoto(
      admin.client,
      multipart('photo', 'a.png', 'image/png', png, { content: 'x'.repeat(2001) }),
    );
    expect(long.statusCode).toBe(400);
    const json = await admin.client.post('/api/messages/photo', { content: 'hi' });
    expect(json.statusCode).toBe(400);
    expect(json.json().code).toBe('image.not_multipart');
    // Text alone, the photo forgotten: multipart without a file.
    const boundary = '----HearthNoFile';
    const noFile = await admin.client.request({
      method: 'POST',
      url: '/api/messages/photo',
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="content"\r\n\r\nhi\r\n--${boundary}--\r\n`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toMatchObject({ code: 'image.field_required', params: { field: 'photo' } });

    expect(await counts()).toEqual(before);
  });

  it('answers 401 signed out and 404 outside a household', async () => {
    const png = await tinyPng();
    const { client } = await signUp(t.app);
    client.cookie = null;
    expect((await sendPhoto(client, multipart('photo', 'a.png', 'image/png', png))).statusCode).toBe(401);
    const loner = await signUp(t.app);
    expect((await sendPhoto(loner.client, multipart('photo', 'a.png', 'image/png', png))).statusCode).toBe(
      404,
    );
  });
});

describe('GET /api/messages/photos/:imageId', () => {
  it('serves the photo to members only: 401 signed out, 404 to another household, not by /api/images', async () => {
    const { admin } = await householdOf(t.app, ['Eve Owner']);
    const other = await householdOf(t.app, ['Fay Stranger']);
    const png = await tinyPng();
    const message: ChatMessage = (
      await sendPhoto(admin.client, multipart('photo', 'a.png', 'image/png', png))
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
    const png = await tinyPng();
    const message: ChatMessage = (
      await sendPhoto(admin.client, multipart('photo', 'a.png', 'image/png', png, { content: 'pic' }))
    ).json();
    const exported = await admin.client.get('/api/export.json');
    expect(exported.statusCode).toBe(200);
    const body = JSON.parse(exported.body) as { messages: ChatMessage[] };
    expect(body.messages.find((m) => m.id === message.id)?.photo).toEqual(message.photo);
  });

  it('goes with its household when the last member leaves', async () => {
    const { admin } = await householdOf(t.app, ['Hal Leaver']);
    const png = await tinyPng();
    await sendPhoto(admin.client, multipart('photo', 'a.png', 'image/png', png));
    const before = await counts();
    const left = await admin.client.post('/api/households/leave');
    expect(left.statusCode, left.body).toBeLessThan(300);
    expect((await counts()).images).toBe(before.images - 1);
  });
});
