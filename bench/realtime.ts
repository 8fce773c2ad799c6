// Real-time fan-out: households × 4 sockets on one instance, messages POSTed over HTTP at a
// fixed rate; latency from the POST leaving to each member's socket receiving it, and the
// server's memory per idle socket.
import { WebSocket } from 'ws';
import { percentile, type SeededUser, seedHouseholds, startServer, tempDataDir } from './lib.ts';

export interface RealtimeResult {
  households: number;
  sockets: number;
  messagesPerSecond: number;
  messages: number;
  deliveries: number;
  missing: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  idleKbPerSocket: number;
}

function openSocket(
  url: string,
  user: SeededUser,
  onFrame: (frame: { type: string; message?: { content: string } }) => void,
) {
  return new Promise<WebSocket>((resolve, reject) => {
    const socket = new WebSocket(`${url.replace('http', 'ws')}/ws`, {
      headers: { cookie: user.cookie, origin: url },
    });
    socket.on('error', reject);
    socket.on('open', () =>
      socket.send(JSON.stringify({ type: 'connect', userId: user.id, householdId: user.householdId })),
    );
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data));
      if (frame.type === 'connection_confirmed') resolve(socket);
      else onFrame(frame);
    });
  });
}

export async function runRealtimeBench(
  options = { households: 500, perHousehold: 4, rate: 200, seconds: 10, warmupSeconds: 2 },
): Promise<RealtimeResult> {
  const dataDir = tempDataDir();
  const users = await seedHouseholds(dataDir, options.households, options.perHousehold);
  const server = await startServer(dataDir);
  const sockets: WebSocket[] = [];
  try {
    // Warm up the paths the measurement uses, then take the baseline.
    for (let i = 0; i < 50; i++) await fetch(`${server.url}/api/health`);
    await new Promise((r) => setTimeout(r, 1000));
    const rssBefore = server.rssKb();

    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    const onFrame = (frame: { type: string; message?: { content: string } }) => {
      if (frame.type !== 'new_message' || !frame.message) return;
      const started = sentAt.get(frame.message.content);
      if (started !== undefined) latencies.push(performance.now() - started);
    };
    for (let i = 0; i < users.length; i += 100) {
      sockets.push(
        ...(await Promise.all(users.slice(i, i + 100).map((u) => openSocket(server.url, u, onFrame)))),
      );
    }
    await new Promise((r) => setTimeout(r, 2000));
    const idleKbPerSocket = (server.rssKb() - rssBefore) / sockets.length;

    // A warm-up at the same rate first (JIT, connection pools), whose latencies are not kept.
    const warmup = options.rate * options.warmupSeconds;
    const total = options.rate * options.seconds + warmup;
    const interval = 1000 / options.rate;
    const start = performance.now();
    const posts: Promise<unknown>[] = [];
    for (let i = 0; i < total; i++) {
      if (i === warmup) {
        await Promise.all(posts);
        latencies.length = 0;
      }
      const wait = start + i * interval - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      const author = users[Math.floor(Math.random() * users.length)]!;
      const content = `bench message ${i}`;
      if (i >= warmup) sentAt.set(content, performance.now());
      posts.push(
        fetch(`${server.url}/api/messages`, {
          method: 'POST',
          headers: { cookie: author.cookie, 'content-type': 'application/json', origin: server.url },
          body: JSON.stringify({ content }),
        }).then((r) => r.arrayBuffer()),
      );
    }
    await Promise.all(posts);
    const expected = (total - warmup) * options.perHousehold;
    const deadline = performance.now() + 5000;
    while (latencies.length < expected && performance.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    return {
      households: options.households,
      sockets: sockets.length,
      messagesPerSecond: options.rate,
      messages: total - warmup,
      deliveries: latencies.length,
      missing: expected - latencies.length,
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      maxMs: Math.max(...latencies),
      idleKbPerSocket,
    };
  } finally {
    for (const socket of sockets) socket.terminate();
    await server.stop();
  }
}
