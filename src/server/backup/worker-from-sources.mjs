// The worker as the sources run (npm run dev, the tests, under tsx): a worker thread does not
// take its parent's TypeScript loader, so it registers one before loading worker.ts.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
