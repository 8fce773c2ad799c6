/** Rules of the real-time channel's client (docs/client.md, Live channel; docs/chat.md). */

export type ConnectionState = 'disconnected' | 'connecting' | 'connected';

export const PING_INTERVAL_MS = 25_000;
export const MAX_RECONNECT_ATTEMPTS = 10;
export const MAX_RECONNECT_DELAY_MS = 10_000;
/** The close code a browser reports when the connection dropped without a closing handshake. */
export const ABNORMAL_CLOSURE = 1006;
/**
 * The server closes a socket with this once its session has ended (logout, expiry, account
 * deletion): the client is signed out, and reconnecting would only be refused.
 */
export const SESSION_ENDED_CLOSE = 4001;
export const SESSION_ENDED_REASON = 'Session ended';

/**
 * Wait before reconnect attempt `attempt` (1 for the first): 500 ms after an abnormal closure
 * (1006: the network or the server went away, so try again soon), else 1000 ms; times 1.5 for
 * every further attempt, at most 10 s.
 */
export function reconnectDelay(attempt: number, closeCode: number): number {
  const base = closeCode === ABNORMAL_CLOSURE ? 500 : 1000;
  return Math.min(base * 1.5 ** Math.max(0, attempt - 1), MAX_RECONNECT_DELAY_MS);
}

/** Whether attempt number `attempt` (1 for the first) may still be made. */
export function mayReconnect(attempt: number): boolean {
  return attempt >= 1 && attempt <= MAX_RECONNECT_ATTEMPTS;
}

export const GAVE_UP_WARNING = `The real-time connection failed ${MAX_RECONNECT_ATTEMPTS} times in a row; refresh the page to reconnect.`;

/** The Messages screen's indicator: not connected wins, then a running fetch of the messages. */
export function connectionLabel(
  state: ConnectionState,
  syncing: boolean,
): 'Real-time' | 'Connecting...' | 'Syncing messages' {
  if (state !== 'connected') return 'Connecting...';
  return syncing ? 'Syncing messages' : 'Real-time';
}

/**
 * A read that failed for a passing reason (the chat's, the household's) is tried 3 times more,
 * 1 s doubling up to 30 s (docs/chat.md, Loading); failureCount starts at 0.
 */
export const READ_RETRIES = 3;
export function readRetryDelay(failureCount: number): number {
  return Math.min(1000 * 2 ** failureCount, 30_000);
}

// Typing (docs/chat.md, Typing): a name shows 3 s after its last typing frame; the writer says it stopped
// after 2 s without input or on send, and repeats 'typing' at most once a second while typing.
export const TYPING_SHOWN_MS = 3000;
export const TYPING_IDLE_MS = 2000;
export const TYPING_REPEAT_MS = 1000;

export interface Typist {
  userId: string;
  name: string;
  /** When the name goes away unless another typing frame arrives. */
  until: number;
}

export function startTyping(typists: readonly Typist[], userId: string, name: string, now: number): Typist[] {
  const others = typists.filter((t) => t.userId !== userId);
  return [...others, { userId, name, until: now + TYPING_SHOWN_MS }];
}

export function stopTyping(typists: readonly Typist[], userId: string): Typist[] {
  return typists.filter((t) => t.userId !== userId);
}

export function activeTypists(typists: readonly Typist[], now: number): Typist[] {
  return typists.filter((t) => t.until > now);
}

/** When the next name expires, to schedule one timer for all of them. */
export function nextTypingExpiry(typists: readonly Typist[]): number | null {
  if (typists.length === 0) return null;
  return Math.min(...typists.map((t) => t.until));
}

/** 'Ada L. is typing…', 'Ada L. and Bea E. are typing…', 'Ada L., Bea E. and 2 others are typing…'. */
export function typingLabel(names: readonly string[]): string | null {
  const [first, second] = names;
  if (first === undefined) return null;
  if (second === undefined) return `${first} is typing…`;
  if (names.length === 2) return `${first} and ${second} are typing…`;
  const rest = names.length - 2;
  return `${first}, ${second} and ${rest} ${rest === 1 ? 'other' : 'others'} are typing…`;
}

/** Whether a 'user_typing' frame is due: the first of a burst, then at most once a second. */
export function typingFrameDue(lastSentAt: number | null, now: number): boolean {
  return lastSentAt === null || now - lastSentAt >= TYPING_REPEAT_MS;
}
