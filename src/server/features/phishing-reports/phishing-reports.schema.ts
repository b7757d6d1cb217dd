import { z } from 'zod';
import { successEnvelope } from '../../../common/api-envelope';
import {
  paginationSchema,
  publicReportSchema,
  reportDeleteSchema,
  reportIdSchema,
  reportListQuerySchema,
  reportSubmissionSchema,
} from '../../../common/phishing-report.schema';

/** Server-side views of the shared schemas: request parts and answer envelopes of each route. */
export { reportDeleteSchema, reportListQuerySchema, reportSubmissionSchema };

export const reportParamsSchema = z.object({ id: reportIdSchema });

export const submitMultipartDocSchema = z.object({
  receipt_method: z.enum(['email', 'sms']),
  source_info: z.string().describe('E-mail: sender address. SMS: sender phone number or e-mail address.'),
  subject: z.string().optional().describe('E-mail reports only.'),
  body: z.string(),
  screenshot: z.string().optional().describe('JPEG, PNG or GIF image, 10 MB or less (binary).'),
  publish_screenshot: z.enum(['1', '0']).optional(),
  delete_password: z.string().describe('Exactly 4 digits.'),
  fingerprint: z.string().optional(),
});

export const submitResponseSchema = successEnvelope(z.object({ message: z.string(), report_id: z.string() }));
export const listResponseSchema = successEnvelope(z.object({ reports: z.array(publicReportSchema), pagination: paginationSchema }));
export const detailResponseSchema = successEnvelope(publicReportSchema);
export const deleteResponseSchema = z.object({ success: z.literal(true) });
