import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { reportUiText as t } from '../../../common/report-messages';
import type { ScreenshotFormData } from '../../../common/phishing-report.schema';
import { analyzeErrorMessage, analyzeScreenshot } from '../api/report-api';
import type { ReportFormInput, ReportFormValues } from './report-form-values';
import type { AnalysisNote } from './screenshot-field';

type ReportForm = UseFormReturn<ReportFormInput, unknown, ReportFormValues>;

/** Auto-fill from a screenshot (SPEC §7): only non-empty values overwrite what was typed. */
export function useScreenshotAnalysis(form: ReportForm, onSettled: () => void) {
  const [note, setNote] = useState<AnalysisNote | null>(null);
  const mutation = useMutation({ mutationFn: analyzeScreenshot });

  const apply = (data: ScreenshotFormData): boolean => {
    const mode = form.getValues('receipt_method');
    // SMS prefers the phone number and falls back to an address.
    const source = mode === 'email' ? data.source_email : data.source_phone?.trim() ? data.source_phone : data.source_email;
    const fills = [
      ['source_info', source],
      ['subject', mode === 'email' ? data.subject : null],
      ['body', data.body],
    ] as const;
    let filled = false;
    for (const [field, value] of fills) {
      if (!value?.trim()) continue;
      form.setValue(field, value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
      filled = true;
    }
    return filled;
  };

  const run = (file: File) => {
    setNote(null);
    mutation.mutate(file, {
      onSuccess: (data) => setNote({ tone: 'info', text: apply(data) ? t.analyzeApplied : t.analyzeNothingFound }),
      onError: (error) => setNote({ tone: 'error', text: analyzeErrorMessage(error) }),
      onSettled,
    });
  };

  const clear = () => {
    setNote(null);
    mutation.reset();
  };

  return { note, analyzing: mutation.isPending, run, clear };
}
