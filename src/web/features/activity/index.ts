// What the rest of the app may import from this feature (docs/client.md, Features).
export { activityQueryKey } from './api/get-activity.ts';
