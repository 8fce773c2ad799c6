import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { type ZipEntry, zipStream } from './zip.ts';

async function* pieces() {
  for (let i = 0; i < 200; i++) yield `piece ${i} ${'é'.repeat(i)}\n`;
  yield new Uint8Array([1, 2, 3]);
}

async function bytesOf(chunks: AsyncIterable<string | Uint8Array>) {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(Buffer.from(chunk));
  return Buffer.concat(parts);
}

describe('zipStream', () => {
  it('holds each file whole, from text, bytes or pieces, compressed or not', async () => {
    const photo = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 7919) % 251);
    async function* entries(): AsyncGenerator<ZipEntry> {
      yield { name: 'a.txt', data: 'hello' };
      yield { name: 'photo.webp', data: photo, store: true };
      yield { name: 'dir/long.txt', data: pieces() };
      yield { name: 'empty.json', data: '' };
    }
    const archive = await bytesOf(zipStream(entries(), Date.parse('2026-03-15T12:00:00Z')));
    const files = unzipSync(archive);
    expect(Object.keys(files)).toEqual(['a.txt', 'photo.webp', 'dir/long.txt', 'empty.json']);
    expect(Buffer.from(files['a.txt']!).toString()).toBe('hello');
    expect(Buffer.from(files['photo.webp']!)).toEqual(Buffer.from(photo));
    expect(Buffer.from(files['dir/long.txt']!)).toEqual(await bytesOf(pieces()));
    expect(files['empty.json']).toHaveLength(0);
    // The photo is kept as it is: the archive is barely larger than it.
    expect(archive.length).toBeLessThan(photo.length + 2_000);
  });
});
