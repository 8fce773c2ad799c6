import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonArrayBody, RawJson } from './json-body.ts';

describe('jsonArrayBody', () => {
  it('copies raw JSON in as it is, after the other fields', () => {
    const body = jsonArrayBody([
      { id: 'a', subtasks: new RawJson(Buffer.from('[{"text":"Ωx🏠","done":false}]')), notes: null },
      { subtasks: new RawJson('[]') },
      { id: 'c' },
    ]);
    expect(body.toString()).toBe(
      '[{"id":"a","notes":null,"subtasks":[{"text":"Ωx🏠","done":false}]},{"subtasks":[]},{"id":"c"}]',
    );
    expect(jsonArrayBody([]).toString()).toBe('[]');
  });

  it('means what JSON.stringify of the same list means, where RawJson is parsed (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.dictionary(
            fc.string(),
            fc.oneof(
              fc.jsonValue(),
              fc.jsonValue().map((v) => new RawJson(JSON.stringify(v))),
              fc.jsonValue().map((v) => new RawJson(Buffer.from(JSON.stringify(v)))),
            ),
          ),
          { maxLength: 5 },
        ),
        (items) => {
          expect(JSON.parse(jsonArrayBody(items).toString())).toEqual(JSON.parse(JSON.stringify(items)));
        },
      ),
    );
  });
});
