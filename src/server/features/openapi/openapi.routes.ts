import type { FastifyInstance } from 'fastify';
import type { OpenApiRegistry } from './openapi.registry';

export function registerOpenApiRoutes(app: FastifyInstance, registry: OpenApiRegistry, appUrl: string): void {
  let cached: Record<string, unknown> | undefined;
  app.get('/api/openapi.json', async () => (cached ??= registry.document(appUrl)));
}
