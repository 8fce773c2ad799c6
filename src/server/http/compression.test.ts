import { describe, expect, it } from 'vitest';
import { compressible, preferredEncoding, varyOnEncoding, weakened } from './compression.ts';

describe('preferredEncoding', () => {
  it('prefers brotli, then gzip, and honours q-values and the wildcard', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding('GZIP')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(preferredEncoding('gzip ; q=0.5 , br ; q=0.8')).toBe('br');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding(['deflate', 'gzip'])).toBe('gzip');
  });

  it('sends nothing compressed when the client accepts neither', () => {
    for (const header of [undefined, '', 'identity', 'deflate', 'gzip;q=0', 'br;q=0, gzip;q=0', 'gzip;q=x'])
      expect(preferredEncoding(header), String(header)).toBeNull();
  });
});

describe('compressible', () => {
  it('takes JSON and text of 1 KB or more', () => {
    expect(compressible('application/json; charset=utf-8', 1024)).toBe(true);
    expect(compressible('text/calendar; charset=utf-8', 5000)).toBe(true);
    expect(compressible('application/json', 1023)).toBe(false);
    expect(compressible('image/webp', 50_000)).toBe(false);
    expect(compressible('application/zip', 50_000)).toBe(false);
    expect(compressible(undefined, 50_000)).toBe(false);
  });
});

describe('headers', () => {
  it('weakens a strong ETag once', () => {
    expect(weakened('"abc"')).toBe('W/"abc"');
    expect(weakened('W/"abc"')).toBe('W/"abc"');
  });

  it('adds Accept-Encoding to Vary once, keeping what is there', () => {
    expect(varyOnEncoding(undefined)).toBe('Accept-Encoding');
    expect(varyOnEncoding('Origin')).toBe('Origin, Accept-Encoding');
    expect(varyOnEncoding('accept-encoding')).toBe('accept-encoding');
    expect(varyOnEncoding('*')).toBe('*');
  });
});
