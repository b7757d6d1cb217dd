import { useEffect } from 'react';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { reportMessages as m } from '../../../common/report-messages';
import { whenIdle } from '../../lib/when-idle';
import type { ReportFormInput, ReportFormValues } from './report-form-values';

type FormResolver = Resolver<ReportFormInput, unknown, ReportFormValues>;

let loading: Promise<FormResolver> | null = null;

/**
 * zod and the shared report schema are the largest part of the form, yet only needed once
 * the visitor submits. They are fetched right after the form has painted (see preload) and
 * awaited on first validation if the visitor is faster than the network.
 */
export function preloadReportFormResolver(): Promise<FormResolver> {
  loading ??= import('./report-form-schema').then((module) => module.reportFormResolver);
  // A failed download (flaky network) must be retried on the next submit, not cached.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

export const lazyReportFormResolver: FormResolver = async (values, context, options) => {
  let resolver: FormResolver;
  try {
    resolver = await preloadReportFormResolver();
  } catch (error) {
    console.error('Could not load the form validator', error);
    // react-hook-form types `root` as an index of named errors merged with one error, which a
    // literal cannot satisfy; a single root error is what it documents for form-level failures.
    const errors = { root: { type: 'network', message: m.networkError } } as FieldErrors<ReportFormInput>;
    return { values: {}, errors };
  }
  return resolver(values, context, options);
};

/** Starts the download once the form has painted, long before anyone can press submit. */
export function usePreloadReportFormResolver(): void {
  useEffect(() => whenIdle(() => void preloadReportFormResolver().catch(() => undefined)), []);
}
