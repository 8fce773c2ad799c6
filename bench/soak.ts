// Soak: the production server on the seeded SQLite data set for BENCH_SOAK_SECONDS (600 by
// default) under a steady mix of reads and writes from many members, with 2,000 idle-ish
// WebSockets open (they receive the new messages); RSS sampled every second.
import os from 'node:os';
import autocannon from 'autocannon';
import { WebSocket } from 'ws';
import { startServer } from './lib.ts';
import { seedDataset } from './seed.ts';

export interface SoakResult {
  seconds: number;
  warmupSeconds: number;
  sockets: number;
  requestsPerSecondTarget: number;
  requests: number;
  requestsPerSecond: number;
  p99Ms: number;
  /** Connection errors, timeouts included. */
  errors: number;
  timeouts: number;
  non2xx: number;
  socketErrors: number;
  framesReceived: number;
  rssAfterWarmupMb: number;
  rssEndMb: number;
  rssMaxMb: number;
  rssGrowthPercent: number;
  rssSamplesMb: number[];
  loadAverage: { start: number[]; end: number[] };
}

export async function runSoakBench(
  seconds = Number(process.env.BENCH_SOAK_SECONDS ?? 600),
  socketsWanted = 2000,
  rate = Number(process.env.BENCH_SOAK_RATE ?? 100),
): Promise<SoakResult> {
  const loadStart = os.loadavg();
  const data = await seedDataset('sqlite');
  const server = await startServer(data.dataDir);
  const members = data.households.flatMap((h) => h.members);
  const sockets: WebSocket[] = [];
  let socketErrors = 0;
  let framesReceived = 0;
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(server.rssKb() / 1024), 1000);
  try {
    for (let i = 0; i < Math.min(socketsWanted, members.length); i += 100) {
      const batch = members.slice(i, Math.min(i + 100, socketsWanted)).map(
        (user) =>
          new Promise<WebSocket>((resolve, reject) => {
            const socket = new WebSocket(`${server.url.replace('http', 'ws')}/ws`, {
              headers: { cookie: user.cookie, origin: server.url },
            });
            socket.on('error', (error) => {
              socketErrors++;
              reject(error);
            });
            socket.on('close', () => {
              if (!stopping) socketErrors++;
            });
            socket.on('open', () =>
              socket.send(
                JSON.stringify({ type: 'connect', userId: user.id, householdId: user.householdId }),
              ),
            );
            socket.on('message', (raw) => {
              const frame = JSON.parse(String(raw));
              if (frame.type === 'connection_confirmed') resolve(socket);
              else framesReceived++;
            });
          }),
      );
      sockets.push(...(await Promise.all(batch)));
    }
    // Every connection is a different member; four reads for each message written.
    let next = 0;
    const as = (request: { method?: string; path: string; body?: string }) => ({
      ...request,
      setupRequest: (req: object, context: Record<string, unknown>) => {
        context.user ??= members[(next++ * 7) % members.length];
        const user = context.user as (typeof members)[number];
        return {
          ...req,
          headers: { cookie: user.cookie, 'content-type': 'application/json', origin: server.url },
        };
      },
    });
    const result = await autocannon({
      url: server.url,
      connections: 20,
      duration: seconds,
      overallRate: rate,
      requests: [
        as({ path: '/api/chores' }),
        as({ path: '/api/expenses' }),
        as({ method: 'POST', path: '/api/messages', body: JSON.stringify({ content: 'Soak message' }) }),
        as({ path: '/api/balance' }),
        as({ path: '/api/home' }),
      ],
    });
    const warmupSeconds = Math.max(10, Math.round(seconds * 0.2));
    const afterWarmup = samples[Math.min(samples.length - 1, warmupSeconds)]!;
    const end = samples.at(-1)!;
    return {
      seconds,
      warmupSeconds,
      sockets: sockets.length,
      requestsPerSecondTarget: rate,
      requests: result.requests.total,
      requestsPerSecond: result.requests.average,
      p99Ms: result.latency.p99,
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      socketErrors,
      framesReceived,
      rssAfterWarmupMb: afterWarmup,
      rssEndMb: end,
      rssMaxMb: Math.max(...samples),
      rssGrowthPercent: ((end - afterWarmup) / afterWarmup) * 100,
      rssSamplesMb: samples.filter((_, i) => i % 10 === 0).map((v) => Math.round(v * 10) / 10),
      loadAverage: { start: loadStart, end: os.loadavg() },
    };
  } finally {
    stopping = true;
    clearInterval(sampler);
    for (const socket of sockets) socket.terminate();
    await server.stop();
    await data.drop();
  }
}

let stopping = false;
