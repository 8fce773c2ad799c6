import type { DownloadKind } from './kinds.ts';

/** What the server's thread asks the downloads worker. */
export type ToWorker =
  | { type: 'start'; id: number; kind: DownloadKind; args: unknown }
  | { type: 'pull'; id: number }
  | { type: 'cancel'; id: number };

/** What the worker answers: one `data` per `pull`, then `end`, or `error` at any point. */
export type FromWorker =
  | { type: 'data'; id: number; bytes: Uint8Array }
  | { type: 'end'; id: number }
  | { type: 'error'; id: number; message: string };

/** About how many bytes one answer to a pull carries: fewer messages, bounded memory. */
export const PULL_BYTES = 64 * 1024;
