import { z } from 'zod';
import { successEnvelope } from '../../../common/api-envelope';
import {
  operatorAuditPageSchema,
  operatorInvoiceActionSchema,
  operatorLoginAnswerSchema,
  operatorMeAnswerSchema,
  operatorReportActionSchema,
  operatorReportDetailSchema,
  operatorReportPageSchema,
  operatorSessionAnswerSchema,
  operatorSetupAnswerSchema,
  operatorTenantPageSchema,
  reportFlagAnswerSchema,
} from '../../../common/operator.schema';
import { reportIdSchema } from '../../../common/phishing-report.schema';

/** The operator routes' answer envelopes around the data shapes of common/operator.schema.ts. */
export const setupResponseSchema = successEnvelope(operatorSetupAnswerSchema);
export const loginResponseSchema = successEnvelope(operatorLoginAnswerSchema);
export const totpResponseSchema = successEnvelope(operatorSessionAnswerSchema);
export const meResponseSchema = successEnvelope(operatorMeAnswerSchema);
export const plainSuccessSchema = z.object({ success: z.literal(true) });
export const flagResponseSchema = successEnvelope(reportFlagAnswerSchema);

export const operatorReportParamsSchema = z.object({ id: reportIdSchema });

export const reportListResponseSchema = successEnvelope(operatorReportPageSchema);
export const reportDetailResponseSchema = successEnvelope(operatorReportDetailSchema);
export const reportActionResponseSchema = successEnvelope(operatorReportActionSchema);
export const auditLogResponseSchema = successEnvelope(operatorAuditPageSchema);
export const tenantListResponseSchema = successEnvelope(operatorTenantPageSchema);
export const invoiceActionResponseSchema = successEnvelope(operatorInvoiceActionSchema);
