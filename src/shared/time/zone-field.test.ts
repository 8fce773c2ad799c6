import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createEventSchema } from '../calendar/schemas.ts';
import { describeIssue } from '../validation.ts';
import { timeZoneField } from './zone-field.ts';

const messageFor = (schema: z.ZodType, value: unknown) => {
  const result = z.object({ tz: schema }).safeParse({ tz: value });
  return result.success ? null : result.error.issues.map(describeIssue);
};

describe('timeZoneField', () => {
  it('takes a zone the runtime knows, including ones that observe daylight saving', () => {
    for (const zone of ['UTC', 'Europe/Berlin', 'America/Argentina/Buenos_Aires', 'Asia/Kolkata'])
      expect(messageFor(timeZoneField('tz'), zone)).toBeNull();
  });

  it('answers a wrong zone, a non-string and an overlong value with the one sentence that names the field', () => {
    const sentence = ['tz must be an IANA time zone such as Europe/Berlin'];
    for (const value of ['Mars/Base', '+05:00', '', 42, null, 'A'.repeat(65)])
      expect(messageFor(timeZoneField('tz'), value), String(value)).toEqual(sentence);
  });

  it('names the field of the schema that uses it', () => {
    const result = createEventSchema.safeParse({
      title: 'Dinner',
      startDate: '2026-11-21T18:00:00.000Z',
      timeZone: 'Nowhere/Land',
    });
    expect(result.success ? [] : result.error.issues.map(describeIssue)).toEqual([
      'timeZone must be an IANA time zone such as Europe/Berlin',
    ]);
  });
});
