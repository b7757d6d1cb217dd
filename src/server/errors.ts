import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ApiFailure } from '../common/api-envelope';
import { commonMessages } from '../common/messages';
import { isUnstorableText } from './db/dialect';

export type ErrorCode =
  | 'BAD_REQUEST'
  | 'VALIDATION_FAILED'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'CSRF_MISMATCH'
  | 'RATE_LIMITED'
  | 'INTERNAL'
  | 'SERVICE_UNAVAILABLE';

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  CSRF_MISMATCH: 419,
  VALIDATION_FAILED: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
};

/** The one error type of the server: a stable code, its HTTP status and a message safe to show. */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = STATUS_BY_CODE[code];
  }

  static validation(fieldErrors: Record<string, string[]>, message?: string): AppError {
    const first = Object.values(fieldErrors).flat()[0];
    return new AppError('VALIDATION_FAILED', message ?? first ?? commonMessages.validationFailed, fieldErrors);
  }
}

/**
 * The field a message belongs to: the path's leading names joined with dots, so a nested form
 * section keeps one message per input (billing.postal_code); an array index ends it (user_ids).
 */
function fieldNameOf(path: readonly PropertyKey[]): string {
  const names: string[] = [];
  for (const segment of path) {
    if (typeof segment !== 'string') break;
    names.push(segment);
  }
  return names.length > 0 ? names.join('.') : path.length > 0 ? String(path[0]) : '_';
}

export function fieldErrorsFromZod(error: z.ZodError): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = fieldNameOf(issue.path);
    const messages = (fieldErrors[field] ??= []);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return fieldErrors;
}

/**
 * Parses input against a schema, turning failure into a 422 with per-field Japanese messages. Input
 * of the wrong shape altogether (a string or array where an object of fields belongs) is a 400:
 * there is no field to put a message under.
 */
export function parseOrThrow<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) {
    if (result.error.issues.some((issue) => issue.path.length === 0 && issue.code === 'invalid_type')) {
      throw new AppError('BAD_REQUEST', commonMessages.badRequest);
    }
    throw AppError.validation(fieldErrorsFromZod(result.error));
  }
  return result.data;
}

const FRAMEWORK_ERRORS: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_REQ_FILE_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_FILES_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_FIELDS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_PARTS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_BAD_URL: 'BAD_REQUEST',
  FST_ERR_ASYNC_CONSTRAINT: 'BAD_REQUEST',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
};

const DEFAULT_MESSAGE: Partial<Record<ErrorCode, string>> = {
  BAD_REQUEST: commonMessages.badRequest,
  NOT_FOUND: commonMessages.notFound,
  PAYLOAD_TOO_LARGE: commonMessages.payloadTooLarge,
  UNSUPPORTED_MEDIA_TYPE: commonMessages.unsupportedMediaType,
  RATE_LIMITED: commonMessages.rateLimited,
  SERVICE_UNAVAILABLE: commonMessages.serviceUnavailable,
};

function toAppError(error: FastifyError | AppError): AppError {
  if (error instanceof AppError) return error;
  // A backstop for any route: text the database cannot hold is the client's error, not ours.
  if (isUnstorableText(error)) return new AppError('BAD_REQUEST', commonMessages.invalidCharacters);
  const mapped = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
  if (mapped) return new AppError(mapped, DEFAULT_MESSAGE[mapped] ?? commonMessages.badRequest);
  const status = error.statusCode ?? 500;
  if (status === 429) return new AppError('RATE_LIMITED', commonMessages.rateLimited);
  if (status === 413) return new AppError('PAYLOAD_TOO_LARGE', commonMessages.payloadTooLarge);
  if (status === 415) return new AppError('UNSUPPORTED_MEDIA_TYPE', commonMessages.unsupportedMediaType);
  if (status === 404) return new AppError('NOT_FOUND', commonMessages.notFound);
  if (status >= 400 && status < 500) return new AppError('BAD_REQUEST', commonMessages.badRequest);
  return new AppError('INTERNAL', commonMessages.internalError);
}

/** Answers `{ success: false, message, errors? }` for any error; 5xx are logged with their stack, never shown. */
export function replyWithError(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const appError = toAppError(error);
  if (appError.statusCode >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.info({ code: appError.code, status: appError.statusCode }, appError.message);
  const body: ApiFailure = { success: false, message: appError.message };
  if (appError.fieldErrors) body.errors = appError.fieldErrors;
  return reply.status(appError.statusCode).type('application/json; charset=utf-8').send(body);
}

/** The single place where any thrown error becomes an answer (framework errors before routing use replyWithError too). */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(replyWithError);
}
