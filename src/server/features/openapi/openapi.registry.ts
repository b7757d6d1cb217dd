import { z } from 'zod';
import { apiFailureSchema } from '../../../common/api-envelope';

export type HttpMethod = 'get' | 'post' | 'put' | 'delete' | 'patch';

export interface OperationDescription {
  method: HttpMethod;
  path: string;
  summary: string;
  tags: string[];
  query?: z.ZodObject;
  params?: z.ZodObject;
  jsonBody?: z.ZodType;
  multipartBody?: z.ZodType;
  /** Success status → schema of the body. */
  responses: Record<number, z.ZodType | null>;
  /** Error statuses this operation can answer with, described by the shared failure envelope. */
  errors?: Record<number, string>;
}

const toSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'openapi-3.0' });

/**
 * Routes describe themselves here with the same zod schemas they validate with, so the
 * OpenAPI document cannot drift from what the server accepts.
 */
export class OpenApiRegistry {
  private readonly operations: OperationDescription[] = [];

  add(operation: OperationDescription): void {
    this.operations.push(operation);
  }

  document(serverUrl: string): Record<string, unknown> {
    const paths: Record<string, Record<string, unknown>> = {};
    for (const operation of this.operations) {
      const path = operation.path.replace(/:([A-Za-z_]+)/g, '{$1}');
      (paths[path] ??= {})[operation.method] = this.describe(operation);
    }
    return {
      openapi: '3.0.3',
      info: {
        title: 'Kizuki API',
        version: '1.0.0',
        description:
          'Kizuki DB (public phishing-report database) API. State-changing calls need the X-CSRF-TOKEN header (from the page meta tag) or X-XSRF-TOKEN (from GET /sanctum/csrf-cookie).',
      },
      servers: [{ url: serverUrl }],
      paths,
    };
  }

  private describe(operation: OperationDescription): Record<string, unknown> {
    const parameters = [
      ...objectParameters(operation.params, 'path'),
      ...objectParameters(operation.query, 'query'),
    ];
    const responses: Record<string, unknown> = {};
    for (const [status, schema] of Object.entries(operation.responses)) {
      responses[status] = schema
        ? { description: 'Success', content: { 'application/json': { schema: toSchema(schema) } } }
        : { description: 'Success (no body)' };
    }
    for (const [status, description] of Object.entries(operation.errors ?? {})) {
      responses[status] = { description, content: { 'application/json': { schema: toSchema(apiFailureSchema) } } };
    }
    const requestBody = operation.jsonBody
      ? { required: true, content: { 'application/json': { schema: toSchema(operation.jsonBody) } } }
      : operation.multipartBody
        ? { required: true, content: { 'multipart/form-data': { schema: toSchema(operation.multipartBody) } } }
        : undefined;
    return {
      summary: operation.summary,
      tags: operation.tags,
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses,
    };
  }
}

function objectParameters(schema: z.ZodObject | undefined, location: 'path' | 'query') {
  if (!schema) return [];
  return Object.entries(schema.shape).map(([name, field]) => ({
    name,
    in: location,
    required: location === 'path' || !(field as z.ZodType).safeParse(undefined).success,
    schema: toSchema(field as z.ZodType),
  }));
}
