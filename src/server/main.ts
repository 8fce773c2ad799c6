import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, DEFAULT_DRAIN_SECONDS, loadConfig } from './config.ts';
import { drainOnSignals } from './http/drain.ts';

// dist/server/main.js serves dist/web, the build made beside it, and starts the downloads worker
// built beside it; `npm run dev` runs the sources, where the worker is TypeScript too.
const here = path.dirname(fileURLToPath(import.meta.url));
const webRoot = path.resolve(here, '../web');
const downloadsWorker = import.meta.url.endsWith('.ts')
  ? path.join(here, 'downloads/worker-from-sources.mjs')
  : path.join(here, 'downloads-worker.js');

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env, webRoot);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp(config, { downloadsWorker });
  drainOnSignals(app, config.drainSeconds ?? DEFAULT_DRAIN_SECONDS);
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  process.stderr.write(`Hearth could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
