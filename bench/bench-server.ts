import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { type BareRoute, BENCH_SCHEMA_ENV, type BenchMessage, type ServerMessage } from './bench-protocol';

/**
 * The servers under test, in their own process so the load generator does not share their event
 * loop: the real app, built exactly as `npm start` builds it (every plugin), and a bare Fastify
 * with no plugins that answers constant bodies, as the baseline each endpoint is compared with.
 * Started by reports-bench.ts, which it talks to over the IPC channel.
 */

const servers: FastifyInstance[] = [];

function tell(message: ServerMessage): void {
  process.send?.(message);
}

function portOf(server: FastifyInstance): number {
  return (server.server.address() as AddressInfo).port;
}

async function startApp(): Promise<FastifyInstance> {
  const config = loadConfig(process.env);
  const schema = process.env[BENCH_SCHEMA_ENV];
  if (schema && config.database.dialect === 'postgres') config.database = { ...config.database, schema };
  // An experiment knob (docs/performance.md, campaigns): more messages in flight than SMTP connections.
  const concurrency = Number(process.env.BENCH_MAIL_CONCURRENCY) || undefined;
  const app = await buildApp(config, concurrency ? { mailWorkerOptions: { concurrency } } : {});
  servers.push(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  return app;
}

/** Routes are only known once the bench has captured the app's real bodies, hence a second listen. */
async function startBare(routes: BareRoute[]): Promise<FastifyInstance> {
  const bare = Fastify({ logger: false });
  servers.push(bare);
  // The real submit reads the whole multipart body; the baseline reads it too and throws it away.
  bare.addContentTypeParser('*', (_request, payload, done) => {
    payload.on('end', () => done(null, undefined));
    payload.resume();
  });
  for (const route of routes) {
    bare.route({
      method: route.method,
      url: route.path,
      handler: async (_request, reply) =>
        reply
          .code(route.status)
          .headers(route.headers ?? {})
          .type(route.contentType ?? 'application/json; charset=utf-8')
          .send(route.base64 ? Buffer.from(route.body, 'base64') : route.body),
    });
  }
  await bare.listen({ host: '127.0.0.1', port: 0 });
  return bare;
}

async function shutDown(): Promise<void> {
  await Promise.allSettled(servers.map((server) => server.close()));
  process.exit(0);
}

process.on('message', (message: BenchMessage) => {
  if (message.type !== 'start-bare') return;
  startBare(message.routes).then(
    (bare) => tell({ type: 'bare-listening', port: portOf(bare) }),
    (error: unknown) => tell({ type: 'failed', message: String(error) }),
  );
});
// The bench closes the channel when it is done (or dies); either way nobody is measuring any more.
process.on('disconnect', () => void shutDown());

try {
  tell({ type: 'app-listening', port: portOf(await startApp()) });
} catch (error) {
  tell({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exit(1);
}
