import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerEvent } from '#shared/messages/schemas.ts';
import { GAVE_UP_WARNING, SESSION_ENDED_CLOSE } from '#shared/realtime/policy.ts';
import { connectionState, RealtimeClient, realtimeUrl } from './realtime.ts';

/** Just enough of a browser WebSocket to drive the client. */
class FakeSocket {
  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;

  constructor(readonly url: string) {}

  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  // What the server or the network does:
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  push(event: ServerEvent) {
    this.onmessage?.({ data: JSON.stringify(event) });
  }
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

let sockets: FakeSocket[];
let events: ServerEvent[];
let confirmations: boolean[];
let sessionsEnded: number;

function client() {
  return new RealtimeClient({
    url: 'ws://app.test/ws',
    userId: 'u1',
    householdId: 'h1',
    onEvent: (event) => events.push(event),
    onConfirmed: (again) => confirmations.push(again),
    onSessionEnded: () => {
      sessionsEnded += 1;
    },
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
  });
}

const last = () => sockets.at(-1)!;

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  events = [];
  confirmations = [];
  sessionsEnded = 0;
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('realtimeUrl', () => {
  it('uses the secure scheme on https', () => {
    expect(realtimeUrl({ protocol: 'https:', host: 'hearth.example' })).toBe('wss://hearth.example/ws');
    expect(realtimeUrl({ protocol: 'http:', host: '127.0.0.1:5000' })).toBe('ws://127.0.0.1:5000/ws');
  });
});

describe('RealtimeClient', () => {
  it('announces user and household, is connected once confirmed, and pings every 25 s', () => {
    const c = client();
    c.start();
    expect(connectionState.get()).toBe('connecting');
    last().open();
    expect(last().sent).toEqual([{ type: 'connect', userId: 'u1', householdId: 'h1' }]);
    expect(connectionState.get()).toBe('connecting');
    last().push({ type: 'connection_confirmed', userId: 'u1', householdId: 'h1' });
    expect(connectionState.get()).toBe('connected');
    expect(confirmations).toEqual([false]);
    vi.advanceTimersByTime(25_000);
    expect(last().sent.at(-1)).toEqual({ type: 'ping' });
    vi.advanceTimersByTime(25_000);
    expect(last().sent.filter((f) => (f as { type: string }).type === 'ping')).toHaveLength(2);
    c.stop();
  });

  it('hands other events on and swallows pongs and broken frames', () => {
    const c = client();
    c.start();
    last().open();
    last().push({ type: 'pong' });
    last().onmessage?.({ data: 'not json' });
    last().push({ type: 'household_updated' });
    expect(events).toEqual([{ type: 'household_updated' }]);
    c.stop();
  });

  it('reconnects after 500 ms following code 1006 and 1000 ms otherwise, 1.5 times longer each time', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const c = client();
    c.start();
    last().drop(1006);
    expect(connectionState.get()).toBe('connecting');
    vi.advanceTimersByTime(499);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    last().drop(1006);
    vi.advanceTimersByTime(749);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    last().drop(1001);
    // Third attempt after a normal close: 1000 × 1.5².
    vi.advanceTimersByTime(2249);
    expect(sockets).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(4);
    c.stop();
  });

  it('counts failures afresh after a confirmed connection and reports the reconnect', () => {
    const c = client();
    c.start();
    last().open();
    last().push({ type: 'connection_confirmed', userId: 'u1', householdId: 'h1' });
    last().drop(1001);
    vi.advanceTimersByTime(1000);
    last().drop(1006);
    vi.advanceTimersByTime(750);
    last().open();
    last().push({ type: 'connection_confirmed', userId: 'u1', householdId: 'h1' });
    expect(confirmations).toEqual([false, true]);
    last().drop(1006);
    vi.advanceTimersByTime(500);
    expect(sockets).toHaveLength(4);
    c.stop();
  });

  it('gives up after 10 failed reconnects, says to refresh, and tries again when woken', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const c = client();
    c.start();
    for (let i = 0; i < 10; i++) {
      last().drop(1006);
      vi.advanceTimersByTime(10_000);
    }
    expect(sockets).toHaveLength(11);
    last().drop(1006);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(11);
    expect(connectionState.get()).toBe('disconnected');
    expect(warn).toHaveBeenCalledWith(GAVE_UP_WARNING);
    c.wake();
    expect(sockets).toHaveLength(12);
    expect(connectionState.get()).toBe('connecting');
    c.stop();
  });

  it('stops for good: no reconnect, and a socket still connecting is closed once it opens', () => {
    const c = client();
    c.start();
    const socket = last();
    c.stop();
    expect(connectionState.get()).toBe('disconnected');
    expect(socket.closedWith).toBeNull();
    socket.open();
    expect(socket.closedWith).toBe(1000);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('does not reconnect after the server ends the session (4001), and says so once', () => {
    const realtime = client();
    realtime.start();
    last().open();
    last().push({ type: 'connection_confirmed', userId: 'u1', householdId: 'h1' });
    last().drop(SESSION_ENDED_CLOSE);
    expect(sessionsEnded).toBe(1);
    expect(connectionState.get()).toBe('disconnected');
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    // Waking (back online, page shown) does not bring it back either.
    realtime.wake();
    expect(sockets).toHaveLength(1);
    expect(sessionsEnded).toBe(1);
  });

  it('sends frames only while open', () => {
    const c = client();
    c.start();
    c.send({ type: 'ping' });
    expect(last().sent).toEqual([]);
    last().open();
    c.send({ type: 'user_typing', householdId: 'h1', userId: 'u1', userName: 'Ada L.' });
    expect(last().sent.at(-1)).toEqual({
      type: 'user_typing',
      householdId: 'h1',
      userId: 'u1',
      userName: 'Ada L.',
    });
    c.stop();
  });
});
