// What the rest of the app may import from this feature (docs/client.md, Features).
export { dashboardQueryKey } from './api/get-dashboard.ts';
export { homeQueryKey, homeQueryOptions, useHome } from './api/get-home.ts';
export { viewerTimeZone } from './api/time-zone.ts';
export {
  EventList,
  MemberBars,
  RateBadge,
  Skeleton,
  SkeletonRows,
  StatTile,
  SummaryCard,
} from './components/summary-parts.tsx';
