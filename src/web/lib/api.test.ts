import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNREACHABLE_ERROR } from '#shared/errors.ts';
import { ApiError, apiJson, apiRequest, getQueryFn, NetworkError } from './api.ts';
import { createQueryClient } from './query-client.ts';

type FetchArgs = [input: string, init?: RequestInit];

function mockFetch(response: () => Response) {
  const calls: FetchArgs[] = [];
  vi.stubGlobal('fetch', async (...args: FetchArgs) => {
    calls.push(args);
    return response();
  });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const queryContext = (queryKey: readonly unknown[]) =>
  ({ queryKey, signal: new AbortController().signal, meta: undefined, client: new QueryClient() }) as never;

describe('a request that gets no answer', () => {
  it('says so in words a person understands, for writes and reads alike', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiRequest('POST', '/api/auth/password-reset', { email: 'a@b.co' })).rejects.toEqual(
      new NetworkError(new TypeError('Failed to fetch')),
    );
    await expect(apiRequest('POST', '/api/logout')).rejects.toThrow(UNREACHABLE_ERROR);
    await expect(getQueryFn({ on401: 'throw' })(queryContext(['/api/user']))).rejects.toThrow(
      UNREACHABLE_ERROR,
    );
  });

  it('leaves a cancelled read as a cancellation', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new DOMException('The operation was aborted.', 'AbortError');
    });
    await expect(getQueryFn({ on401: 'throw' })(queryContext(['/api/user']))).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});

describe('apiRequest', () => {
  it('sends credentials and no body or content type without a body', async () => {
    const calls = mockFetch(() => new Response(null, { status: 204 }));
    await apiRequest('POST', '/api/logout');
    expect(calls).toHaveLength(1);
    const [url, init] = calls[0]!;
    expect(url).toBe('/api/logout');
    expect(init).toEqual({ method: 'POST', credentials: 'include' });
  });

  it('sends a JSON body with the JSON content type', async () => {
    const calls = mockFetch(() => Response.json({ ok: true }));
    await apiRequest('PATCH', '/api/user', { profileColor: 'teal' });
    const init = calls[0]![1]!;
    expect(init.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(init.body).toBe('{"profileColor":"teal"}');
    expect(init.credentials).toBe('include');
  });

  it('sends FormData as it is, leaving the multipart content type to the browser', async () => {
    const calls = mockFetch(() => Response.json({}));
    const form = new FormData();
    form.append('profileImage', new Blob(['x'], { type: 'image/png' }), 'me.png');
    await apiRequest('POST', '/api/user/profile-image', form);
    const init = calls[0]![1]!;
    expect(init.body).toBe(form);
    expect(init.headers).toBeUndefined();
  });

  it('throws "{status}: {body}" for a non-OK answer', async () => {
    mockFetch(() => new Response('{"message":"Invalid email or password"}', { status: 401 }));
    const error = await apiRequest('POST', '/api/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect((error as ApiError).message).toBe('401: {"message":"Invalid email or password"}');
    expect((error as ApiError).status).toBe(401);
  });

  it("keeps the answer's code and params beside the message, for translating by code", async () => {
    const body =
      '{"message":"title: Too big","code":"validation.too_long","params":{"field":"title","max":120}}';
    mockFetch(() => new Response(body, { status: 400 }));
    const error = (await apiRequest('POST', '/api/chores', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe(`400: ${body}`);
    expect(error.code).toBe('validation.too_long');
    expect(error.params).toEqual({ field: 'title', max: 120 });
  });

  it('has no code when the body carries none', async () => {
    mockFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = (await apiRequest('GET', '/api/user').catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBeUndefined();
    expect(error.params).toBeUndefined();
  });

  it('falls back to the status text when the body is empty', async () => {
    mockFetch(() => new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiRequest('GET', '/api/health')).rejects.toThrow('503: Service Unavailable');
  });
});

describe('apiJson', () => {
  it('parses the JSON answer', async () => {
    mockFetch(() => Response.json({ id: 'u1' }, { status: 201 }));
    await expect(apiJson('POST', '/api/register', {})).resolves.toEqual({ id: 'u1' });
  });

  it('gives undefined for 204 No Content', async () => {
    mockFetch(() => new Response(null, { status: 204 }));
    await expect(apiJson('DELETE', '/api/user/profile-image')).resolves.toBeUndefined();
  });
});

describe('getQueryFn', () => {
  it('GETs the query key joined as a path, with credentials', async () => {
    const calls = mockFetch(() => Response.json([{ id: 1 }]));
    const result = await getQueryFn({ on401: 'throw' })(queryContext(['/api/roommate-listings', 'abc']));
    expect(result).toEqual([{ id: 1 }]);
    expect(calls[0]![0]).toBe('/api/roommate-listings/abc');
    expect(calls[0]![1]!.credentials).toBe('include');
  });

  it('turns 401 into null when asked to', async () => {
    mockFetch(() => new Response('{"message":"Not signed in"}', { status: 401 }));
    await expect(getQueryFn({ on401: 'returnNull' })(queryContext(['/api/user']))).resolves.toBeNull();
  });

  it('throws on 401 by default', async () => {
    mockFetch(() => new Response('{"message":"Not signed in"}', { status: 401 }));
    await expect(getQueryFn({ on401: 'throw' })(queryContext(['/api/auth/user']))).rejects.toThrow(
      '401: {"message":"Not signed in"}',
    );
  });

  it('still throws other errors when 401 gives null', async () => {
    mockFetch(() => new Response('boom', { status: 500 }));
    await expect(getQueryFn({ on401: 'returnNull' })(queryContext(['/api/user']))).rejects.toThrow(
      '500: boom',
    );
  });
});

describe('createQueryClient', () => {
  it('uses its cache rules', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries?.staleTime).toBe(5 * 60 * 1000);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.refetchInterval).toBe(false);
    expect(queries?.retry).toBe(false);
    expect(mutations?.retry).toBe(false);
  });
});
