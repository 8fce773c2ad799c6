// What the rest of the app may import from this feature (docs/client.md, Features).
export { handleServerEvent } from './handle-event.ts';
