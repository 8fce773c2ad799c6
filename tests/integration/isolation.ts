import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Client } from './helpers.ts';

/**
 * The cross-household check every household route gets: a member of another household who
 * calls it is answered 404 (or 403 where DESIGN says so), learns nothing of the owner's data,
 * and changes nothing of it.
 */
export async function expectIsolated(options: {
  outsider: Client;
  call: (client: Client) => Promise<LightMyRequestResponse>;
  /** Reads the owner's data as the owner sees it; must be equal before and after. */
  ownerView: () => Promise<unknown>;
  /** Strings of the owner's data that must not appear in the answer (ids, names, codes). */
  secrets: string[];
  status?: 403 | 404;
}): Promise<void> {
  const before = await options.ownerView();
  const response = await options.call(options.outsider);
  expect(response.statusCode).toBe(options.status ?? 404);
  expect(typeof response.json().message).toBe('string');
  for (const secret of options.secrets) expect(response.body).not.toContain(secret);
  expect(await options.ownerView()).toEqual(before);
}
