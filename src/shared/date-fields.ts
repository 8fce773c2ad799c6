import { z } from 'zod';
import { isDateInWindow, isInstantInWindow, outOfWindow } from './date-window.ts';

// Every date and instant field of every schema is built here, so none can take an unbounded
// value (date-window.test.ts checks that no other module calls z.iso.date or z.iso.datetime).

/** A calendar day (YYYY-MM-DD) in the window; `invalid` is the message for a malformed value. */
export function windowDate(field: string, invalid: string) {
  return z.iso
    .date({ error: invalid })
    .refine((value) => isDateInWindow(value), { error: () => outOfWindow(field) });
}

/** An ISO date-time with an offset, in the window; `invalid` is the message for a malformed value. */
export function windowInstant(field: string, invalid: string) {
  return z.iso
    .datetime({ offset: true, error: invalid })
    .refine((value) => isInstantInWindow(value), { error: () => outOfWindow(field) });
}
