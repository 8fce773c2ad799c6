import { describe, expect, it } from 'vitest';
import { formatClock, isQuiet, localMinutes, parseClock, quietHoursEnd } from './quiet-hours.ts';

const night = { start: 22 * 60, end: 7 * 60 };
const afternoon = { start: 13 * 60, end: 15 * 60 + 30 };

describe('clock times', () => {
  it('reads and writes HH:MM', () => {
    expect(parseClock('00:00')).toBe(0);
    expect(parseClock('07:30')).toBe(450);
    expect(parseClock('23:59')).toBe(1439);
    expect(formatClock(450)).toBe('07:30');
    expect(formatClock(0)).toBe('00:00');
  });
  it('refuses anything else', () => {
    for (const bad of ['24:00', '7:30', '07:60', '0730', '', 'noon', '07:30:00'])
      expect(parseClock(bad)).toBeNull();
  });
});

describe('quiet hours', () => {
  it('is inside a same-day window from its start up to (not including) its end', () => {
    const at = (time: string) => Date.parse(`2026-05-04T${time}:00Z`);
    expect(isQuiet(at('12:59'), afternoon, 'UTC')).toBe(false);
    expect(isQuiet(at('13:00'), afternoon, 'UTC')).toBe(true);
    expect(isQuiet(at('15:29'), afternoon, 'UTC')).toBe(true);
    expect(isQuiet(at('15:30'), afternoon, 'UTC')).toBe(false);
    expect(quietHoursEnd(at('14:00'), afternoon, 'UTC')).toBe(at('15:30'));
    expect(quietHoursEnd(at('16:00'), afternoon, 'UTC')).toBeNull();
  });

  it('handles a window crossing midnight on both sides of it', () => {
    const at = (iso: string) => Date.parse(iso);
    expect(isQuiet(at('2026-05-04T21:59:00Z'), night, 'UTC')).toBe(false);
    expect(isQuiet(at('2026-05-04T07:00:00Z'), night, 'UTC')).toBe(false);
    expect(isQuiet(at('2026-05-04T12:00:00Z'), night, 'UTC')).toBe(false);
    // Evening part: ends the next morning.
    expect(quietHoursEnd(at('2026-05-04T23:15:00Z'), night, 'UTC')).toBe(at('2026-05-05T07:00:00Z'));
    // Morning part: ends the same morning.
    expect(quietHoursEnd(at('2026-05-05T03:00:00Z'), night, 'UTC')).toBe(at('2026-05-05T07:00:00Z'));
  });

  it('reads the window in the member’s time zone', () => {
    // 05:00 UTC is 22:00 the evening before in Los Angeles (PDT, UTC-7).
    const instant = Date.parse('2026-05-05T05:00:00Z');
    expect(localMinutes(instant, 'America/Los_Angeles')).toBe(22 * 60);
    expect(quietHoursEnd(instant, night, 'America/Los_Angeles')).toBe(Date.parse('2026-05-05T14:00:00Z'));
    expect(isQuiet(instant, night, 'UTC')).toBe(true);
    expect(isQuiet(instant, night, 'Asia/Tokyo')).toBe(false); // 14:00 in Tokyo
  });

  it('ends at the local wall-clock time across a DST change', () => {
    // Berlin springs forward on 2026-03-29 (02:00 CET → 03:00 CEST): 23:00 CET to 07:00 CEST is 7 h.
    const springEvening = Date.parse('2026-03-28T22:00:00Z');
    expect(quietHoursEnd(springEvening, night, 'Europe/Berlin')).toBe(Date.parse('2026-03-29T05:00:00Z'));
    // And falls back on 2026-10-25 (03:00 CEST → 02:00 CET): 23:00 CEST to 07:00 CET is 9 h.
    const autumnEvening = Date.parse('2026-10-24T21:00:00Z');
    expect(quietHoursEnd(autumnEvening, night, 'Europe/Berlin')).toBe(Date.parse('2026-10-25T06:00:00Z'));
  });

  it('treats equal start and end as no window', () => {
    expect(isQuiet(Date.parse('2026-05-04T08:00:00Z'), { start: 480, end: 480 }, 'UTC')).toBe(false);
    expect(quietHoursEnd(Date.parse('2026-05-04T08:00:00Z'), { start: 480, end: 480 }, 'UTC')).toBeNull();
  });
});
