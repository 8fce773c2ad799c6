import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { Zip, type ZipInputFile } from 'fflate';

/** One file of an archive: text or bytes, whole or in pieces. */
export interface ZipEntry {
  name: string;
  data: string | Uint8Array | AsyncIterable<string | Uint8Array>;
  /** Not compressed again: for images, which are compressed already. */
  store?: boolean;
}

const inPieces = (data: ZipEntry['data']) =>
  typeof data === 'string' || data instanceof Uint8Array ? [data] : data;

/**
 * A ZIP archive of the entries, written a file at a time. Files are deflated by Node's zlib,
 * which works on its own threads, and their text arrives in pieces, so building even a large
 * archive leaves the event loop free. fflate lays out the archive; each file's size and CRC
 * follow its data (a data descriptor), as they are known only at its end.
 */
export async function* zipStream(
  entries: AsyncIterable<ZipEntry>,
  mtime: number,
): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  const failures: Error[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) failures.push(error);
    else out.push(chunk);
  });
  for await (const entry of entries) {
    const file: ZipInputFile = { filename: entry.name, size: 0, crc: 0, compression: 8, mtime };
    zip.add(file);
    // fflate's types want ArrayBuffer-backed chunks; it only reads them.
    const send = file.ondata! as (error: null, chunk: Uint8Array, final: boolean) => void;
    const pieces = (async function* () {
      for await (const piece of inPieces(entry.data)) {
        const bytes = typeof piece === 'string' ? Buffer.from(piece) : piece;
        file.crc = zlib.crc32(bytes, file.crc);
        file.size += bytes.length;
        yield bytes;
      }
    })();
    // Stored files are deflate's stored blocks (level 0), not the "stored" method: unzippers
    // that read as they go cannot find the end of a stored file whose size comes after it.
    const deflate = zlib.createDeflateRaw({ level: entry.store ? 0 : 6 });
    const source = Readable.from(pieces);
    source.on('error', (error) => deflate.destroy(error));
    // The archive grows as each file is deflated, so its first bytes leave before its largest
    // file is complete.
    try {
      for await (const chunk of source.pipe(deflate)) {
        send(null, chunk as Buffer, false);
        if (failures.length > 0) throw failures[0];
        yield* out.splice(0);
      }
    } finally {
      source.destroy();
    }
    send(null, new Uint8Array(0), true);
    if (failures.length > 0) throw failures[0];
    yield* out.splice(0);
  }
  zip.end();
  if (failures.length > 0) throw failures[0];
  yield* out.splice(0);
}
