import type { FastifyInstance, FastifySchema, FastifySchemaCompiler, RouteOptions } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, parseOrThrow } from '../errors';
import type { HttpMethod, OpenApiRegistry } from '../features/openapi/openapi.registry';

/**
 * Declare each route once (issue 10): a route gives its zod schemas in Fastify's `schema`
 * (`params`, `querystring`, `body`, `response`) and its description in `config.openapi`. From that
 * one declaration come
 * - validation: a failure is our 422 with per-field Japanese messages (400 when the input is not
 *   an object at all), exactly as `parseOrThrow` answers;
 * - the handler's types (`ZodTypeProvider`): `request.body` is the schema's output;
 * - the serialised answer: it is encoded through the response schema, so a field the schema does
 *   not list never leaves the server;
 * - the OpenAPI entry, collected from the route table (`collectOpenApi`).
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's OpenAPI description; its schemas come from `schema`. */
    openapi?: RouteDescription;
  }
}

export interface RouteDescription {
  summary: string;
  tags: string[];
  /** Error statuses the route answers with the shared failure envelope, and why. */
  errors?: Record<number, string>;
  /** For multipart routes: the form's fields (validated by the handler, which reads the stream). */
  multipartBody?: z.ZodType;
}

const notFoundMessages = new WeakMap<z.ZodType, string>();

/**
 * A record id in a path: a plain positive integer within PostgreSQL's integer range. With
 * recordParams, anything else (`abc`, `1.5`, `0`, a number too large to be an id) answers 404.
 */
export const recordIdParam = z.string().regex(/^[1-9]\d{0,9}$/).transform(Number).refine((id) => id <= 2_147_483_647);

/**
 * Marks a route's path-parameter schema as naming a record: a value that cannot be an id names
 * no record, so it answers 404 with `notFoundMessage` instead of a 422 about the path.
 */
export function recordParams<T extends z.ZodType>(schema: T, notFoundMessage: string): T {
  notFoundMessages.set(schema, notFoundMessage);
  return schema;
}

/** Runs a zod schema as Fastify's validator; the error is the app's own (AppError), mapped in one handler. */
const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const notFoundMessage = httpPart === 'params' ? notFoundMessages.get(schema) : undefined;
  return (data) => {
    if (notFoundMessage !== undefined) {
      const parsed = schema.safeParse(data ?? {});
      return parsed.success ? { value: parsed.data } : { error: new AppError('NOT_FOUND', notFoundMessage) };
    }
    try {
      return { value: parseOrThrow(schema, data ?? {}) };
    } catch (error) {
      return { error: error as Error };
    }
  };
};

/** Makes zod schemas the validators and serializers of every route that declares them. */
export function useZodSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
}

/** The instance with handler types inferred from the zod schemas. */
export function zodRoutes(app: FastifyInstance) {
  return app.withTypeProvider<ZodTypeProvider>();
}
export type ZodRoutes = ReturnType<typeof zodRoutes>;

/** Adds every route that has `config.openapi` to the OpenAPI document, from its own schemas. */
export function collectOpenApi(app: FastifyInstance, registry: OpenApiRegistry): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const description = route.config?.openapi;
    if (!description) return;
    const schema = (route.schema ?? {}) as FastifySchema & Record<string, z.ZodType | Record<number, z.ZodType> | undefined>;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((method) => method !== 'HEAD');
    for (const method of methods) {
      registry.add({
        method: method.toLowerCase() as HttpMethod,
        path: route.url,
        summary: description.summary,
        tags: description.tags,
        params: schema.params as z.ZodObject | undefined,
        query: schema.querystring as z.ZodObject | undefined,
        jsonBody: schema.body as z.ZodType | undefined,
        multipartBody: description.multipartBody,
        responses: (schema.response as Record<number, z.ZodType> | undefined) ?? {},
        errors: description.errors,
      });
    }
  });
}
