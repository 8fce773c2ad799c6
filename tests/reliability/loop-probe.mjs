// Loaded into a server process with `node --import`: samples the event loop's delay, and on
// SIGUSR2 prints what it saw since the last signal as one JSON line, then starts afresh. The
// first signal only starts the count.
import { monitorEventLoopDelay } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();

process.on('SIGUSR2', () => {
  const ms = (ns) => ns / 1e6;
  const loopProbe = {
    samples: histogram.count,
    p50Ms: ms(histogram.percentile(50)),
    p99Ms: ms(histogram.percentile(99)),
    maxMs: ms(histogram.max),
  };
  histogram.reset();
  process.stdout.write(`${JSON.stringify({ loopProbe })}\n`);
});
