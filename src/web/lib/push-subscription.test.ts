import { describe, expect, it, vi } from 'vitest';
import { base64UrlToBytes, RETRY_DELAY_MS, SUBSCRIBE_RETRIES, withRetries } from './push-subscription.ts';

describe('base64UrlToBytes', () => {
  it('decodes base64url without padding', () => {
    // 0xfb 0xff 0xfe: '+//+' in base64, '-__-' in base64url.
    expect([...base64UrlToBytes('-__-')]).toEqual([0xfb, 0xff, 0xfe]);
    expect([...base64UrlToBytes('AQ')]).toEqual([1]);
  });

  it('decodes a 65-byte VAPID public key', () => {
    const key = Buffer.from(Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i))).toString(
      'base64url',
    );
    const bytes = base64UrlToBytes(key);
    expect(bytes.length).toBe(65);
    expect(bytes[0]).toBe(4);
  });
});

describe('withRetries', () => {
  it('tries once and then 3 more times, 1 s apart', async () => {
    const wait = vi.fn(async () => {});
    const attempt = vi.fn(async () => {
      throw new Error('offline');
    });
    await expect(withRetries(attempt, { wait })).rejects.toThrow('offline');
    expect(attempt).toHaveBeenCalledTimes(1 + SUBSCRIBE_RETRIES);
    expect(wait.mock.calls).toEqual(Array(SUBSCRIBE_RETRIES).fill([RETRY_DELAY_MS]));
  });

  it('stops at the first success', async () => {
    const wait = vi.fn(async () => {});
    let calls = 0;
    const result = await withRetries(
      async () => {
        calls += 1;
        if (calls < 2) throw new Error('flaky');
        return 'ok';
      },
      { wait },
    );
    expect(result).toBe('ok');
    expect(calls).toBe(2);
    expect(wait).toHaveBeenCalledTimes(1);
  });
});
