import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * The server's side of a drain (app.close): it stops listening at once, so a load balancer's
 * next connection is refused and goes to another instance; requests under way get their answers;
 * a connection that carries no request is closed, as is each one whose answer has gone out, so
 * that closing never waits for a client to hang up. It waits, too, for every request's handler
 * to be done, even one whose client hung up: its connection is gone, but its work (a notice
 * after a write) still needs the database. Call before the hooks that stop the rest.
 */
export function registerDrain(app: FastifyInstance): void {
  const sockets = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  // A request is being handled from its first hook until its answer is handed over to be sent.
  const handling = new Set<string>();
  let allHandled: (() => void) | null = null;
  const handled = (id: string) => {
    if (handling.delete(id) && handling.size === 0) allHandled?.();
  };
  app.addHook('onRequest', (request, _reply, done) => {
    handling.add(request.id);
    done();
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    handled(request.id);
    done(null, payload);
  });
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
    // Fastify's own close, after the other hooks, waits for the connections that remain.
    app.server.close();
    app.server.closeIdleConnections();
    // Connected but silent (a browser's preconnect): Node counts it as a request on its way.
    for (const socket of sockets) if (socket.bytesRead === 0) socket.destroy();
    app.log.info('stopped accepting connections; finishing the requests under way');
    if (handling.size > 0) {
      app.log.info({ requests: handling.size }, 'waiting for the handlers under way');
      await new Promise<void>((resolve) => {
        allHandled = resolve;
      });
    }
  });
  // An answer whose headers left before the drain began did not say `Connection: close`.
  app.addHook('onResponse', (request, _reply, done) => {
    handled(request.id);
    if (draining) app.server.closeIdleConnections();
    done();
  });
}

/** Requests that have begun and not been answered, to say which a cut drain leaves unanswered. */
export function trackRequests(app: FastifyInstance): () => string[] {
  const inFlight = new Map<string, string>();
  app.addHook('onRequest', (request, _reply, done) => {
    inFlight.set(request.id, `${request.method} ${request.url}`);
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    inFlight.delete(request.id);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    inFlight.delete(request.id);
    done();
  });
  return () => [...inFlight.values()];
}

/**
 * SIGTERM or SIGINT closes the app: no new connections, requests under way answered, sockets
 * closed with 1012, scheduled work finished; then the process exits 0. If that takes longer than
 * `drainSeconds`, it exits 1 anyway, logging what it cut. Signals during the drain change nothing
 * (a service manager may send one to `npm` and to the server alike, and npm passes its own on).
 */
export function drainOnSignals(app: FastifyInstance, drainSeconds: number): void {
  const inFlight = trackRequests(app);
  let draining = false;
  const drain = async (signal: NodeJS.Signals) => {
    if (draining) return;
    draining = true;
    app.log.info({ signal, drainSeconds }, 'draining before exit');
    setTimeout(() => {
      app.log.error(
        { requests: inFlight(), webSockets: app.hub.size() },
        `drain cut short after DRAIN_SECONDS (${drainSeconds} s): exiting with these requests unanswered and sockets open`,
      );
      process.exit(1);
    }, drainSeconds * 1000);
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'drain failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void drain('SIGTERM'));
  process.on('SIGINT', () => void drain('SIGINT'));
}
