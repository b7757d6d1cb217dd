import type { FastifyInstance, HTTPMethods } from 'fastify';

export interface RouteEntry {
  method: HTTPMethods;
  /** The pattern as registered, e.g. `/api/phishing-reports/:id`. */
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app answers, filled as routes are added (tests walk it: CSRF, fuzzing). */
    routeTable: readonly RouteEntry[];
  }
}

/** Records every route registered after this call, in every encapsulated context. */
export function recordRouteTable(app: FastifyInstance): void {
  const routes: RouteEntry[] = [];
  app.decorate('routeTable', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routes.push({ method: method as HTTPMethods, url: route.url });
  });
}
