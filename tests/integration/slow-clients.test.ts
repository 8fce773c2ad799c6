import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUTS } from '#server/app.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/**
 * Slow clients (slow-loris): a raw TCP client that trickles its headers or body must be cut off
 * by the listening server, while others are still served. The app's timeouts are shortened here
 * through buildApp's `timeouts` option; the defaults are checked separately.
 */

const SHORT = { headersMs: 600, requestMs: 1_500, keepAliveMs: 400, checkIntervalMs: 100 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface SlowSocket {
  socket: net.Socket;
  received: () => string;
  closed: Promise<number>;
}

function connect(port: number): Promise<SlowSocket> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect({ port, host: '127.0.0.1' }, () => {
      let data = '';
      socket.on('data', (chunk) => {
        data += chunk.toString('latin1');
      });
      socket.on('error', () => {});
      const closed = new Promise<number>((done) => socket.on('close', () => done(Date.now() - started)));
      resolve({ socket, received: () => data, closed });
    });
    socket.once('error', reject);
  });
}

/** Writes `text` one byte at a time every `everyMs`, until the server closes the socket. */
async function trickle(slow: SlowSocket, text: string, everyMs: number): Promise<number> {
  let sent = 0;
  for (const byte of text) {
    if (slow.socket.destroyed || slow.socket.writableEnded || !slow.socket.writable) break;
    slow.socket.write(byte);
    sent += 1;
    await sleep(everyMs);
  }
  return sent;
}

describe('slow clients', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({}, { timeouts: SHORT });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
  });

  it('cuts a client that sends its headers byte by byte, long before it finishes', async () => {
    const slow = await connect(port);
    const headers = `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${'a'.repeat(200)}\r\n\r\n`;
    const sent = await trickle(slow, headers, 20);
    const closedAfter = await slow.closed;
    expect(sent).toBeLessThan(headers.length);
    // headersMs plus a few checking intervals (and slack for a busy CI machine).
    expect(closedAfter).toBeLessThan(SHORT.headersMs + 2_000);
    expect(slow.received()).not.toContain('200 OK');
    if (slow.received()) expect(slow.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('keeps serving others while twenty slow clients hold sockets', async () => {
    const slows = await Promise.all(Array.from({ length: 20 }, () => connect(port)));
    const trickles = slows.map((slow) =>
      trickle(slow, `POST /api/login HTTP/1.1\r\nHost: x\r\n${'X'.repeat(500)}`, 25),
    );
    await sleep(150);
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(response.status).toBe(200);
    await Promise.all(trickles);
    const closedAfter = await Promise.all(slows.map((slow) => slow.closed));
    for (const ms of closedAfter) expect(ms).toBeLessThan(SHORT.headersMs + 2_000);
  });

  it('cuts a client that trickles its body after quick headers', async () => {
    const slow = await connect(port);
    const body = JSON.stringify({ email: 'slow@example.com', password: 'x'.repeat(400) });
    slow.socket.write(
      `POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    const sent = await trickle(slow, body, 15);
    const closedAfter = await slow.closed;
    expect(sent).toBeLessThan(body.length);
    expect(closedAfter).toBeLessThan(SHORT.requestMs + 2_000);
    expect(slow.received()).not.toMatch(/^HTTP\/1\.1 [25]\d\d/);
  });

  it('closes an idle keep-alive connection after the keep-alive timeout', async () => {
    const idle = await connect(port);
    idle.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const closedAfter = await idle.closed;
    expect(idle.received()).toMatch(/^HTTP\/1\.1 200/);
    // Node waits a further second past keepAliveTimeout before it closes.
    expect(closedAfter).toBeLessThan(SHORT.keepAliveMs + 2_500);
  });

  it('is still healthy afterwards', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(response.status).toBe(200);
  });
});

describe('default socket timeouts', () => {
  it('cut slow headers at 10 s, whole requests at 60 s and idle keep-alive at 5 s, checked every second', async () => {
    const t = await createTestApp();
    try {
      expect(DEFAULT_TIMEOUTS).toEqual({
        headersMs: 10_000,
        requestMs: 60_000,
        keepAliveMs: 5_000,
        checkIntervalMs: 1_000,
      });
      const server = t.app.server;
      expect(server.headersTimeout).toBe(10_000);
      expect(server.requestTimeout).toBe(60_000);
      expect(server.keepAliveTimeout).toBe(5_000);
    } finally {
      await t.close();
    }
  });
});
