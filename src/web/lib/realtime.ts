import { useSyncExternalStore } from 'react';
import type { ServerEvent } from '#shared/messages/rules.ts';
import {
  ABNORMAL_CLOSURE,
  type ConnectionState,
  GAVE_UP_WARNING,
  mayReconnect,
  PING_INTERVAL_MS,
  reconnectDelay,
  SESSION_ENDED_CLOSE,
} from '#shared/realtime/policy.ts';

type Listener = () => void;

// WebSocket.readyState values (the constructor is not there to ask outside a browser).
const CONNECTING = 0;
const OPEN = 1;

/** A value components can subscribe to (useSyncExternalStore) without a context provider. */
export interface Store<T> {
  get(): T;
  set(value: T): void;
  subscribe(listener: Listener): () => void;
}

export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<Listener>();
  return {
    get: () => value,
    set(next) {
      if (Object.is(next, value)) return;
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's one real-time channel: its state (docs/client.md, Live channel). */
export const connectionState = createStore<ConnectionState>('disconnected');

export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(connectionState.subscribe, connectionState.get, connectionState.get);
}

/** Frames the client sends (docs/client.md, Live channel). */
export type OutgoingFrame =
  | { type: 'connect'; userId: string; householdId: string }
  | { type: 'ping' }
  | { type: 'user_typing' | 'user_stopped_typing'; householdId: string; userId: string; userName: string };

export interface RealtimeOptions {
  url: string;
  userId: string;
  householdId: string;
  onEvent: (event: ServerEvent) => void;
  /** The server confirmed the channel; `again` when an earlier connection had been lost. */
  onConfirmed: (again: boolean) => void;
  /** The server closed the channel because the session ended: the client has stopped. */
  onSessionEnded?: () => void;
  createSocket?: (url: string) => WebSocket;
}

/** ws: or wss: to /ws on the page's own host. */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

/**
 * The WebSocket client: announces user and household, pings every 25 s, and reconnects with the
 * back-off of docs/client.md (Live channel); after 10 failures in a row it gives up until `wake()`
 * (the browser comes back online or the page is shown again).
 */
export class RealtimeClient {
  private socket: WebSocket | null = null;
  private failures = 0;
  private confirmedBefore = false;
  private stopped = true;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: RealtimeOptions) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.open();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.closeSocket();
    connectionState.set('disconnected');
  }

  /** Tries again at once after giving up; does nothing while connected or waiting to retry. */
  wake(): void {
    if (this.stopped || this.socket || this.retryTimer !== undefined) return;
    this.failures = 0;
    this.open();
  }

  /** Sends a frame when the channel is open; frames are dropped otherwise (typing is best effort). */
  send(frame: OutgoingFrame): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(frame));
  }

  private open(): void {
    this.retryTimer = undefined;
    connectionState.set('connecting');
    let socket: WebSocket;
    try {
      socket = (this.options.createSocket ?? ((url) => new WebSocket(url)))(this.options.url);
    } catch (error) {
      console.warn('WebSocket could not be opened', error);
      this.retry(ABNORMAL_CLOSURE);
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      const { userId, householdId } = this.options;
      this.send({ type: 'connect', userId, householdId });
      this.pingTimer = setInterval(() => this.send({ type: 'ping' }), PING_INTERVAL_MS);
    };
    socket.onmessage = (message) => this.receive(message.data);
    socket.onerror = () => console.warn('WebSocket error');
    socket.onclose = (event) => {
      clearInterval(this.pingTimer);
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.stopped) return;
      // Reconnecting would only be refused: the page learns that it is signed out instead.
      if (event.code === SESSION_ENDED_CLOSE) {
        this.stop();
        this.options.onSessionEnded?.();
        return;
      }
      this.retry(event.code);
    };
  }

  private receive(data: unknown): void {
    let event: ServerEvent;
    try {
      event = JSON.parse(String(data)) as ServerEvent;
    } catch {
      return;
    }
    if (event.type === 'pong') return;
    if (event.type === 'connection_confirmed') {
      const again = this.confirmedBefore;
      this.confirmedBefore = true;
      this.failures = 0;
      connectionState.set('connected');
      this.options.onConfirmed(again);
      return;
    }
    this.options.onEvent(event);
  }

  private retry(closeCode: number): void {
    this.failures += 1;
    if (!mayReconnect(this.failures)) {
      connectionState.set('disconnected');
      console.warn(GAVE_UP_WARNING);
      return;
    }
    connectionState.set('connecting');
    this.retryTimer = setTimeout(() => this.open(), reconnectDelay(this.failures, closeCode));
  }

  private closeSocket(): void {
    const socket = this.socket;
    this.socket = null;
    clearInterval(this.pingTimer);
    if (!socket) return;
    socket.onmessage = null;
    socket.onerror = null;
    socket.onclose = null;
    // Closing a socket that is still connecting makes the browser log an error; close it once open.
    if (socket.readyState === CONNECTING) socket.onopen = () => socket.close(1000);
    else socket.close(1000);
  }
}

let active: RealtimeClient | null = null;

/** The signed-in member's channel, while there is one (the chat sends typing frames through it). */
export function setActiveRealtimeClient(client: RealtimeClient | null): void {
  active = client;
}

export function sendRealtimeFrame(frame: OutgoingFrame): void {
  active?.send(frame);
}
