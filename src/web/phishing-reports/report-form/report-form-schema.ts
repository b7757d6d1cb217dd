import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import { reportMessages as m } from '../../../common/report-messages';
import { refineReportContent, reportContentShape } from '../../../common/phishing-report.schema';
import type { ReportFormInput, ReportFormValues } from './report-form-values';

/** The API's content rules plus what only the page has: the publish flag and the agreement. */
export const reportFormSchema = z
  .object({
    ...reportContentShape,
    publish_screenshot: z.boolean(),
    agree: z.boolean().refine((agreed) => agreed, { error: m.agreeRequired }),
  })
  .superRefine(refineReportContent);

// If the hand-written form types drift from the shared schema, these lines stop compiling.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const inputMatches: Same<z.input<typeof reportFormSchema>, ReportFormInput> = true;
const outputMatches: Same<z.output<typeof reportFormSchema>, ReportFormValues> = true;
void inputMatches;
void outputMatches;

export const reportFormResolver: Resolver<ReportFormInput, unknown, ReportFormValues> = zodResolver(reportFormSchema);
