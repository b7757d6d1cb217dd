import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { commonMessages } from '../../common/messages';
import { AppError } from '../errors';

/** Limit errors the app-wide error mapping already answers with 413. */
const MULTIPART_LIMIT_CODES = { FST_FILES_LIMIT: true, FST_FIELDS_LIMIT: true, FST_PARTS_LIMIT: true } as const;

export interface MultipartForm {
  fields: Record<string, string>;
  files: Record<string, Buffer>;
}

/**
 * Reads a whole multipart form: text fields as strings, each file into memory under its field
 * name. The multipart limits registered on the app bound both; an empty file part (a form sent
 * with no file chosen) counts as no file.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  options: { fileFields: string[]; tooLargeMessage: string; /** A file size cap below the app-wide one (the screenshot limit). */ maxFileBytes?: number },
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', commonMessages.unsupportedMediaType);
  const form: MultipartForm = { fields: {}, files: {} };
  try {
    for await (const part of request.parts(options.maxFileBytes === undefined ? undefined : { limits: { fileSize: options.maxFileBytes } })) {
      if (part.type === 'file') {
        const file = part as MultipartFile;
        if (!options.fileFields.includes(file.fieldname)) {
          file.file.resume();
          continue;
        }
        const content = await file.toBuffer();
        if (content.length > 0) form.files[file.fieldname] = content;
      } else if (typeof part.value === 'string') {
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', options.tooLargeMessage);
    if (code && code in MULTIPART_LIMIT_CODES) throw error;
    // Anything else the parser throws (no or a wrong boundary, a truncated or garbled body) is a
    // body the client built wrongly: busboy reports these as plain Errors without a code.
    throw new AppError('BAD_REQUEST', commonMessages.malformedMultipart);
  }
  return form;
}
