import '#shared/i18n/compiled/areas/calendar.ts';
import { useSearchParams } from 'react-router';
import { dayKeyIn, isDayKey } from '#shared/calendar/days.ts';
import { FloatingHeader } from '../../components/floating-header.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { useT } from '../../lib/i18n.tsx';
import { browserTimeZone } from '../../lib/time-zone.ts';
import { useUser } from '../auth/index.ts';
import { useCurrentHousehold } from '../households/index.ts';
import { calendarSearch, viewOf } from './calendar-view.ts';
import { EventForm } from './components/event-form.tsx';

/**
 * /add-event?date=YYYY-MM-DD (and the calendar's view, ?view=week): creates an event and returns
 * to /calendar in that view on the event's day (docs/screens.md, Create screens).
 */
export function AddEventPage() {
  const t = useT();
  const { data: user } = useUser();
  const { data: household } = useCurrentHousehold();
  const [params] = useSearchParams();
  const requested = params.get('date');
  const timeZone = browserTimeZone();
  const date = isDayKey(requested) ? requested : dayKeyIn(Date.now(), timeZone);
  const view = viewOf(params.get('view'));
  return (
    <div className="flex flex-col gap-2 px-5 pb-10">
      <FloatingHeader
        title={t('calendar.add.title')}
        back={{ to: `/calendar?${calendarSearch(view, date)}`, label: t('calendar.back') }}
        threshold={10}
      />
      {user && household ? (
        <EventForm
          members={household.members}
          userId={user.id}
          date={date}
          timeZone={timeZone}
          done={(day) => `/calendar?${calendarSearch(view, day)}`}
        />
      ) : (
        <PageSpinner />
      )}
    </div>
  );
}
