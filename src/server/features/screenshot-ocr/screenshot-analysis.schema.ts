import { z } from 'zod';
import { successEnvelope } from '../../../common/api-envelope';
import { screenshotFormDataSchema } from '../../../common/phishing-report.schema';

export const analyzeMultipartDocSchema = z.object({
  screenshot: z.string().describe('JPEG, PNG or GIF screenshot, 10 MB or less (binary).'),
  fingerprint: z.string().optional(),
});

export const analyzeResponseSchema = successEnvelope(z.object({ form_data: screenshotFormDataSchema }));
