// What the rest of the app may import from this feature (docs/client.md, Features).
export { calendarQueryKey } from './api/get-calendar.ts';
export { CalendarFeedCard } from './components/calendar-feed-card.tsx';
