import { describe, expect, it } from 'vitest';
import {
  calendarReadPath,
  dayKeyIn,
  dayStartInZone,
  monthReadRange,
  thisMonthReadPath,
} from './zone-days.ts';

describe('days in a time zone', () => {
  it('names the day an instant falls on in the zone, not in UTC', () => {
    const lateInBerlin = Date.parse('2026-06-30T22:30:00Z');
    expect(dayKeyIn(lateInBerlin, 'Europe/Berlin')).toBe('2026-07-01');
    expect(dayKeyIn(lateInBerlin, 'America/New_York')).toBe('2026-06-30');
    expect(dayKeyIn(Date.parse('2026-01-01T00:00:00Z'), 'Pacific/Kiritimati')).toBe('2026-01-01');
  });

  it('starts a day at its midnight on both sides of a change of offset', () => {
    expect(dayStartInZone('2026-06-01', 'Europe/Berlin')).toBe('2026-05-31T22:00:00.000Z');
    expect(dayStartInZone('2026-12-01', 'Europe/Berlin')).toBe('2026-11-30T23:00:00.000Z');
    expect(dayStartInZone('2026-10-26', 'Europe/Berlin')).toBe('2026-10-25T23:00:00.000Z');
    expect(dayStartInZone('2026-11-02', 'Asia/Kolkata')).toBe('2026-11-01T18:30:00.000Z');
  });

  it('starts a day whose midnight the clock skips at the first moment after the gap', () => {
    // Santiago moves its clocks from 00:00 to 01:00 on 6 September 2026.
    const start = dayStartInZone('2026-09-06', 'America/Santiago');
    expect(dayKeyIn(Date.parse(start), 'America/Santiago')).toBe('2026-09-06');
    expect(dayKeyIn(Date.parse(start) - 1, 'America/Santiago')).toBe('2026-09-05');
  });

  it('reads a month and the six days either side of it', () => {
    expect(monthReadRange('2026-06', 'Europe/Berlin')).toEqual({
      from: '2026-05-25T22:00:00.000Z',
      to: '2026-07-06T22:00:00.000Z',
    });
  });

  it('names this month’s read in the zone, as the calendar asks for it', () => {
    // 23:30 on 31 May in UTC is already June in Berlin.
    const now = Date.parse('2026-05-31T23:30:00Z');
    expect(thisMonthReadPath('Europe/Berlin', now)).toBe(
      calendarReadPath(monthReadRange('2026-06', 'Europe/Berlin')),
    );
    expect(thisMonthReadPath('UTC', now)).toBe(
      '/api/calendar?from=2026-04-25T00%3A00%3A00.000Z&to=2026-06-07T00%3A00%3A00.000Z',
    );
  });
});
