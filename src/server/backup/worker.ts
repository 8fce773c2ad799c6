// The daily backup's thread: the copy and its integrity check read the whole database, which
// would hold the thread that answers requests for as long.
import { parentPort, workerData } from 'node:worker_threads';
import { copyDatabase } from './copy.ts';

const port = parentPort!;
let stopping = false;
const stop = () => {
  stopping = true;
};
port.on('message', stop);
try {
  const result = await copyDatabase(workerData.source, workerData.destination, {
    shouldStop: () => stopping,
  });
  port.postMessage({ ok: true, result });
} catch (error) {
  port.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
}
port.off('message', stop);
