import type { QueryFunction } from '@tanstack/react-query';
import type { ApiErrorCode, ApiErrorParams } from '#shared/api-errors.ts';
import { formatHttpError, OFFLINE_ERROR, readErrorBody, UNREACHABLE_ERROR } from '#shared/errors.ts';
import { READ_RETRIES, readRetryDelay } from '#shared/realtime/policy.ts';

/**
 * A non-OK answer: the message is '{status}: {body or status text}' (docs/client.md, Errors).
 * `code` and `params` are the answer's own (src/shared/api-errors.ts), for showing the message
 * in the member's language; both are undefined when the body carries none (a proxy's 502).
 */
export class ApiError extends Error {
  readonly status: number;
  /** A code of src/shared/api-errors.ts, or of a registered field sentence (`chore.title_too_long`). */
  readonly code: ApiErrorCode | (string & {}) | undefined;
  readonly params: ApiErrorParams | undefined;

  constructor(status: number, bodyText: string, statusText: string) {
    super(formatHttpError(status, bodyText, statusText));
    this.name = 'ApiError';
    this.status = status;
    const body = readErrorBody(bodyText);
    this.code = body?.code;
    this.params = body?.params;
  }
}

/**
 * No answer at all (offline, the server down): the browser's own words for it ("Failed to fetch")
 * mean nothing to a person, so it carries ours, and says so when the device knows it is offline.
 */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super(globalThis.navigator?.onLine === false ? OFFLINE_ERROR : UNREACHABLE_ERROR, { cause });
    this.name = 'NetworkError';
  }
}

/** fetch, with a request that got no answer turned into a NetworkError (a cancelled one stays as it is). */
async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error);
  }
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const bodyText = await res.text().catch(() => '');
  throw new ApiError(res.status, bodyText, res.statusText);
}

/**
 * Every call sends the session cookie. A JSON body (with its content type) is sent only when
 * there is one; FormData goes as multipart with the boundary the browser picks.
 */
export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const init: RequestInit = { method, credentials: 'include' };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  const res = await send(url, init);
  await throwIfNotOk(res);
  return res;
}

/** apiRequest plus the parsed JSON answer (undefined for 204 No Content). */
export async function apiJson<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await apiRequest(method, url, body);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

type On401 = 'returnNull' | 'throw';

/** Default reads: GET the query key joined as a path, parse JSON; 401 throws unless told otherwise. */
export function getQueryFn<T>(options: { on401: 'returnNull' }): QueryFunction<T | null>;
export function getQueryFn<T>(options: { on401: 'throw' }): QueryFunction<T>;
export function getQueryFn<T>({ on401 }: { on401: On401 }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const res = await send(queryKey.join('/'), { credentials: 'include', signal });
    if (on401 === 'returnNull' && res.status === 401) return null;
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };
}

/** A client error will not change on retry; anything else (network, 5xx, 408, 429) may. */
export function isTransient(error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return error.status === 408 || error.status === 429;
  }
  return true;
}

/** Query options for a read the app cannot do without: a passing failure is tried again. */
export const transientRetry = {
  retry: (failureCount: number, error: Error) => failureCount < READ_RETRIES && isTransient(error),
  retryDelay: readRetryDelay,
};
