import { Link, useSearchParams } from 'react-router';
import { dayKeyIn, isDayKey } from '#shared/calendar-days.ts';
import { ChevronLeftIcon } from '../../components/icons.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { buttonStyles } from '../../components/ui.ts';
import { useScrolled } from '../../lib/use-scrolled.ts';
import { useUser } from '../auth/api/get-user.ts';
import { useCurrentHousehold } from '../households/api/get-household.ts';
import { EventForm } from './components/event-form.tsx';
import { browserTimeZone } from './time-zone.ts';

/** The header floats above the form and gains a background after 10 px of scrolling (SPEC §9). */
function Header() {
  const scrolled = useScrolled(10);
  return (
    <header
      data-scrolled={scrolled}
      className={`sticky top-0 z-30 -mx-5 px-5 py-4 transition-shadow ${
        scrolled ? 'bg-white/95 shadow-md backdrop-blur dark:bg-slate-900/95' : 'bg-transparent'
      }`}
    >
      <div className="flex items-center gap-2">
        <Link to="/calendar" aria-label="Back to calendar" className={`${buttonStyles.icon} -ml-2`}>
          <ChevronLeftIcon className="size-6" />
        </Link>
        <h1 className="font-bold text-2xl">New Event</h1>
      </div>
    </header>
  );
}

/** /add-event?date=YYYY-MM-DD: creates an event and returns to /calendar on its day (SPEC §2 'Create screens'). */
export function AddEventPage() {
  const { data: user } = useUser();
  const { data: household } = useCurrentHousehold();
  const [params] = useSearchParams();
  const requested = params.get('date');
  const timeZone = browserTimeZone();
  const date = isDayKey(requested) ? requested : dayKeyIn(Date.now(), timeZone);
  return (
    <div className="flex flex-col gap-2 px-5 pb-10">
      <Header />
      {user && household ? (
        <EventForm members={household.members} userId={user.id} date={date} timeZone={timeZone} />
      ) : (
        <PageSpinner />
      )}
    </div>
  );
}
