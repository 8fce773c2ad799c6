import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, HttpClient, signUp, type TestApp } from './helpers.ts';

// Issue 11: API answers of 1 KB or more travel compressed when the client accepts it
// (src/server/http/compression.ts), on the full path and on the fast path alike.

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET over a real socket, keeping the bytes as they came (fetch would decode them). */
function rawGet(app: FastifyInstance, url: string, headers: Record<string, string>): Promise<Raw> {
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: url, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

function decode(raw: Raw): string {
  const coding = raw.headers['content-encoding'];
  if (coding === 'br') return zlib.brotliDecompressSync(raw.body).toString();
  if (coding === 'gzip') return zlib.gunzipSync(raw.body).toString();
  expect(coding).toBeUndefined();
  return raw.body.toString();
}

/** Headers that differ between any two answers. */
const comparable = (headers: http.IncomingHttpHeaders) => {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = headers;
  return rest;
};

describe('compressed API answers', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { client, user } = await signUp(t.app, { firstName: 'Zip', lastName: 'Tester' });
    cookie = String(client.cookie);
    expect((await client.post('/api/households', { name: 'Zip House' })).statusCode).toBe(201);
    for (let i = 0; i < 12; i++) {
      const posted = await client.post('/api/messages', {
        content: `Message ${i}: the bins go out on Tuesday.`,
      });
      expect(posted.statusCode, posted.body).toBe(201);
      const expense = await client.post('/api/expenses', {
        expense: {
          title: `Groceries ${i}`,
          amount: '12.00',
          category: 'groceries',
          description: 'Milk, bread, eggs and coffee for the week',
          date: new Date().toISOString().slice(0, 10),
          splitType: 'equal',
          paidBy: user.id,
          isRecurring: false,
          recurringInterval: 'monthly',
        },
        splits: [{ userId: user.id, amount: '12.00' }],
      });
      expect(expense.statusCode, expense.body).toBe(201);
    }
  });
  afterAll(() => t.close());

  const get = (url: string, acceptEncoding?: string, extra: Record<string, string> = {}) =>
    rawGet(t.app, url, {
      cookie,
      ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
      ...extra,
    });

  it('sends brotli or gzip as the client asks, the same JSON once decoded, and plain JSON otherwise', async () => {
    // /api/expenses is a cached read; /api/messages is not.
    for (const url of ['/api/expenses', '/api/messages']) {
      const plain = await get(url);
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toBe('Accept-Encoding');
      expect(plain.body.length).toBeGreaterThan(1024);
      const json = JSON.parse(plain.body.toString());
      const cases: [string, string | undefined][] = [
        ['gzip, deflate, br, zstd', 'br'],
        ['gzip, deflate', 'gzip'],
        ['br;q=0, gzip', 'gzip'],
        ['gzip;q=0.5, br;q=0.8', 'br'],
        ['*', 'br'],
        ['identity', undefined],
        ['deflate', undefined],
      ];
      for (const [accept, expected] of cases) {
        const answer = await get(url, accept);
        expect(answer.status, `${url} ${accept}`).toBe(200);
        expect(answer.headers['content-encoding'], `${url} ${accept}`).toBe(expected);
        expect(answer.headers.vary).toBe('Accept-Encoding');
        expect(JSON.parse(decode(answer)), `${url} ${accept}`).toEqual(json);
        if (expected) {
          expect(answer.body.length).toBeLessThan(plain.body.length / 2);
          expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
        }
      }
    }
  });

  it('weakens the ETag of compressed bytes, and answers 304 with the ETag and Vary the 200 had', async () => {
    const plain = await get('/api/expenses');
    const compressed = await get('/api/expenses', 'br');
    const strong = String(plain.headers.etag);
    expect(strong).toMatch(/^"[^"]+"$/);
    expect(compressed.headers.etag).toBe(`W/${strong}`);
    for (const [accept, etag] of [
      [undefined, strong],
      ['br', `W/${strong}`],
    ] as const) {
      const again = await get('/api/expenses', accept, { 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers.vary).toBe('Accept-Encoding');
    }
  });

  it('leaves small answers, errors and images as they are', async () => {
    const balance = await get('/api/balance', 'br, gzip');
    expect(balance.status).toBe(200);
    expect(balance.body.length).toBeLessThan(1024);
    expect(balance.headers['content-encoding']).toBeUndefined();
    expect(balance.headers.vary).toBeUndefined();
    const missing = await get('/api/expenses/00000000-0000-4000-8000-000000000000', 'br, gzip');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(missing.body.toString())).toMatchObject({ code: 'http.no_such_endpoint' });
  });

  it('answers a repeated compressed read from memory with the bytes and headers of the full path', async () => {
    for (const accept of ['br', 'gzip']) {
      const before = t.app.fastReads.served();
      // The full path compresses and keeps the copy beside the cached answer ...
      const full = await get('/api/expenses', accept);
      // ... (a write on another request may have dropped it; the fast path then declines)
      let fast = await get('/api/expenses', accept);
      for (let i = 0; i < 20 && t.app.fastReads.served() === before; i++)
        fast = await get('/api/expenses', accept);
      expect(t.app.fastReads.served(), accept).toBeGreaterThan(before);
      expect(fast.headers['content-encoding']).toBe(accept);
      expect(fast.body.equals(full.body), accept).toBe(true);
      expect(comparable(fast.headers)).toEqual(comparable(full.headers));
    }
    // A client that accepts nothing gets the plain bytes from memory too.
    const plain = await get('/api/expenses');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toEqual(JSON.parse(decode(await get('/api/expenses', 'gzip'))));
  });

  it('fetch() in a browser-like client reads the compressed answer as JSON', async () => {
    const client = Object.assign(new HttpClient(t.app), { cookie });
    const answer = await client.get('/api/messages');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.json()).toEqual(JSON.parse((await get('/api/messages')).body.toString()));
  });
});
