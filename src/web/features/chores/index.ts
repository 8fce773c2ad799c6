// What the rest of the app may import from this feature (docs/client.md, Features).
export { choresQueryKey, choresQueryOptions, useChores } from './api/get-chores.ts';
export { awayPayload, awaySummary, localToday, STATUS_LABELS } from './chore-view.ts';
