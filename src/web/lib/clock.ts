import { TZDate } from '@date-fns/tz';
import { createContext, useContext, useMemo } from 'react';

/**
 * The time zone the screens show days and times in. Unset in the browser, whose own clock is the
 * viewer's; the server's rendering of a first screen names the viewer's zone (entry-server.tsx),
 * so that its HTML is what the browser then renders there.
 */
export const TimeZoneContext = createContext<string | undefined>(undefined);

/** Dates on the viewer's clock: their hours, days and formatting (date-fns) are in the viewer's zone. */
export interface Clock {
  now: () => Date;
  at: (moment: string | number) => Date;
}

// The browser's own clock makes no TZDate: its first use asks Intl, costly on a page's first load.
const browserClock: Clock = { now: () => new Date(), at: (moment) => new Date(moment) };

export function useClock(): Clock {
  const zone = useContext(TimeZoneContext);
  return useMemo(
    () =>
      zone === undefined
        ? browserClock
        : {
            now: () => new TZDate(Date.now(), zone),
            at: (moment: string | number) => new TZDate(new Date(moment).getTime(), zone),
          },
    [zone],
  );
}
