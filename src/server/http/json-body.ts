/**
 * A JSON value sent as the database keeps it (its UTF-8 bytes, or its text). A list with
 * thousands of large JSON columns otherwise spends most of its time decoding, parsing and
 * writing them out again. jsonArrayBody copies it in as it is; anywhere else it is parsed and
 * serialized the ordinary way.
 */
export class RawJson {
  constructor(readonly json: Buffer | string) {}

  toJSON(): unknown {
    return JSON.parse(this.json.toString());
  }
}

/**
 * The JSON bytes of a list of objects, as JSON.stringify would write them, except that each
 * object's RawJson fields come last and are copied in unparsed.
 */
export function jsonArrayBody(items: readonly object[]): Buffer {
  // Text and raw pieces in order, written once into a buffer of their total size.
  const pieces: (string | Buffer)[] = [];
  let text = '[';
  items.forEach((item, i) => {
    // No prototype: a field named __proto__ stays a field, as JSON.stringify of the item keeps it.
    const plain: Record<string, unknown> = Object.create(null);
    const raw: [string, RawJson][] = [];
    for (const key of Object.keys(item)) {
      const value = (item as Record<string, unknown>)[key];
      if (value instanceof RawJson) raw.push([key, value]);
      else plain[key] = value;
    }
    if (i > 0) text += ',';
    const json = JSON.stringify(plain);
    if (raw.length === 0) {
      text += json;
      return;
    }
    text += json.slice(0, -1);
    raw.forEach(([key, value], j) => {
      text += `${j === 0 && json === '{}' ? '' : ','}${JSON.stringify(key)}:`;
      pieces.push(text, value.json);
      text = '';
    });
    text += '}';
  });
  pieces.push(`${text}]`);
  let size = 0;
  for (const piece of pieces) size += typeof piece === 'string' ? Buffer.byteLength(piece) : piece.length;
  const body = Buffer.allocUnsafe(size);
  let at = 0;
  for (const piece of pieces) at += typeof piece === 'string' ? body.write(piece, at) : piece.copy(body, at);
  return body;
}
