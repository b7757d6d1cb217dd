import type { FastifyInstance } from 'fastify';

/**
 * Once the app starts closing, every response still to be sent tells its client to close the
 * connection. Without it, a request in flight when SIGTERM arrives leaves a keep-alive connection
 * behind when it is answered: `server.close()` only drops connections that are idle at the moment
 * it is called, so it then waits for that one to time out (Fastify's keepAliveTimeout, 72 s)
 * before the process may exit.
 */
export function closeConnectionsOnShutdown(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}
