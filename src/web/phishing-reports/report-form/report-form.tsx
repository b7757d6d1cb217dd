import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useController, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import type { ReceiptMethod } from '../../../common/limits';
import { reportMessages as m, reportUiText as t } from '../../../common/report-messages';
import { AlertBox } from '../../components/alert-box';
import { ApiError } from '../../lib/api-client';
import { announceReportSubmitted } from '../../lib/report-events';
import { submitErrorMessage, submitReport } from '../api/report-api';
import { reportHref } from '../report-links';
import { ReceiptMethodTabs, receiptTabId } from './receipt-method-tabs';
import { ReportFields } from './report-fields';
import { lazyReportFormResolver, usePreloadReportFormResolver } from './lazy-resolver';
import { reportFormDefaults, type ReportFormInput, type ReportFormValues, type ServerErrorField } from './report-form-values';
import { AntiPhishingCouncilNote, ReportNotices } from './report-notices';
import { ScreenshotField } from './screenshot-field';
import { useFocusAfterSettle } from './use-focus-after-settle';
import { useScreenshotAnalysis } from './use-screenshot-analysis';
import { useScreenshotFile } from './use-screenshot-file';

type Outcome = { tone: 'success'; message: string; reportId: string } | { tone: 'error'; message: string };

/** Server 422 fields in the order they appear on screen, so focus lands on the topmost one. */
const FIELD_ORDER: Array<ServerErrorField | 'screenshot'> = ['receipt_method', 'screenshot', 'source_info', 'subject', 'body', 'delete_password'];
/** Same for the client-side check; react-hook-form would follow the validator's issue order instead. */
const FOCUS_ORDER = ['receipt_method', 'source_info', 'subject', 'body', 'delete_password', 'agree'] as const;

export function ReportForm() {
  const id = useId();
  const panelId = `${id}-panel`;
  const form = useForm<ReportFormInput, unknown, ReportFormValues>({
    resolver: lazyReportFormResolver,
    defaultValues: reportFormDefaults,
    shouldFocusError: false,
  });
  const { register, handleSubmit, control, setValue, setError, clearErrors, reset, setFocus, formState } = form;
  const { errors } = formState;
  const { field: receiptField } = useController({ control, name: 'receipt_method' });
  const [sourceInfo, deletePassword, agree] = useWatch({ control, name: ['source_info', 'delete_password', 'agree'] });
  const receiptMethod = receiptField.value;

  const screenshot = useScreenshotFile();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const analyzeRef = useRef<HTMLButtonElement>(null);

  const submission = useMutation({ mutationFn: submitReport });
  // The analyze button was disabled while it ran; hand focus back to it when done.
  const analysis = useScreenshotAnalysis(form, () => focusLater(() => analyzeRef.current?.focus()));
  const busy = submission.isPending || analysis.analyzing;
  const focusLater = useFocusAfterSettle(busy);
  usePreloadReportFormResolver();

  // SPEC §5: all four must be set before the button does anything.
  const canSubmit = Boolean(receiptMethod && sourceInfo?.trim() && deletePassword && agree) && !busy;

  const changeMethod = (method: ReceiptMethod) => {
    if (method === receiptField.value) return;
    receiptField.onChange(method);
    clearErrors(['receipt_method', 'source_info', 'subject']);
  };

  const applyServerFieldErrors = (error: unknown): boolean => {
    if (!(error instanceof ApiError) || error.status !== 422) return false;
    let focusFirst: (() => void) | null = null;
    for (const field of FIELD_ORDER) {
      const message = error.fieldErrors[field]?.[0];
      if (!message) continue;
      if (field === 'screenshot') {
        screenshot.setError(message);
        focusFirst ??= () => screenshot.inputRef.current?.focus();
      } else {
        setError(field, { type: 'server', message });
        focusFirst ??= () => setFocus(field);
      }
    }
    if (focusFirst) focusLater(focusFirst);
    return focusFirst !== null;
  };

  const onValid = (values: ReportFormValues) => {
    setOutcome(null);
    submission.mutate(
      { ...values, screenshot: screenshot.file },
      {
        onSuccess: (result) => {
          reset(reportFormDefaults);
          screenshot.clear();
          analysis.clear();
          setOutcome({ tone: 'success', message: result.message || m.submitSuccess, reportId: result.report_id });
          focusLater(() => outcomeRef.current?.focus());
          announceReportSubmitted({ reportId: result.report_id });
        },
        onError: (error) => {
          if (applyServerFieldErrors(error)) return;
          setOutcome({ tone: 'error', message: submitErrorMessage(error) });
          focusLater(() => outcomeRef.current?.focus());
        },
      },
    );
  };

  const onInvalid = (invalid: FieldErrors<ReportFormInput>) => {
    setOutcome(null);
    const first = FOCUS_ORDER.find((field) => invalid[field]);
    if (first) setFocus(first);
    else if (invalid.root) focusLater(() => outcomeRef.current?.focus());
  };

  const runAnalysis = () => {
    if (screenshot.file && !busy) analysis.run(screenshot.file);
  };

  return (
    <section className="card report-form" aria-labelledby={`${id}-title`}>
      <header className="card__header">
        <h2 id={`${id}-title`} className="card__title">
          フィッシングメール・SMSを報告する
        </h2>
        <p className="card__lead">
          受け取った不審なメールやSMS（ショートメッセージ）の内容を共有して、被害の拡大防止にご協力ください。報告は匿名で、ログインは不要です。
        </p>
      </header>

      <form className="report-form__form" noValidate onSubmit={handleSubmit(onValid, onInvalid)} aria-busy={busy || undefined}>
        <fieldset className="report-form__fieldset" disabled={busy}>
          <legend className="visually-hidden">報告内容</legend>

          <div className="field">
            <span className="field__label" id={`${id}-method-label`}>
              受信方法
            </span>
            <ReceiptMethodTabs
              idPrefix={id}
              panelId={panelId}
              value={receiptMethod}
              onChange={changeMethod}
              selectedRef={receiptField.ref}
            />
            {errors.receipt_method?.message && (
              <p className="field__error" role="alert">
                {errors.receipt_method.message}
              </p>
            )}
          </div>

          <div role="tabpanel" id={panelId} aria-labelledby={receiptTabId(id, receiptMethod)} className="report-form__panel">
            <ScreenshotField
              screenshot={screenshot}
              analyzing={analysis.analyzing}
              canAnalyze={Boolean(screenshot.file) && !busy}
              onAnalyze={runAnalysis}
              analyzeRef={analyzeRef}
              note={analysis.note}
              publishField={register('publish_screenshot')}
              onFileChange={analysis.clear}
            />
            <ReportFields receiptMethod={receiptMethod} register={register} setValue={setValue} errors={errors} />
          </div>

          <ReportNotices headingId={`${id}-notice`} />

          <div className={['field', 'agree', errors.agree ? 'field--invalid' : null].filter(Boolean).join(' ')}>
            <label className="checkbox checkbox--strong">
              <input
                type="checkbox"
                {...register('agree')}
                aria-invalid={errors.agree ? true : undefined}
                aria-describedby={errors.agree ? `${id}-agree-error` : undefined}
              />
              <span>上記の注意事項に同意する</span>
            </label>
            {errors.agree?.message && (
              <p id={`${id}-agree-error`} className="field__error" role="alert">
                {errors.agree.message}
              </p>
            )}
          </div>

          <AntiPhishingCouncilNote />

          {outcome?.tone === 'success' && (
            <AlertBox ref={outcomeRef} tone="success" title={m.successBoxTitle}>
              <p>{outcome.message}</p>
              {outcome.reportId && (
                <p>
                  <a href={reportHref(outcome.reportId)}>報告した内容を見る</a>
                </p>
              )}
            </AlertBox>
          )}
          {(outcome?.tone === 'error' || errors.root?.message) && (
            <AlertBox ref={outcomeRef} tone="error" title={m.errorBoxTitle}>
              <p>{outcome?.tone === 'error' ? outcome.message : errors.root?.message}</p>
            </AlertBox>
          )}

          <div className="report-form__submit">
            <button type="submit" className="button button--primary button--large" disabled={!canSubmit}>
              {submission.isPending ? (
                <>
                  <span className="spinner spinner--small spinner--inverse" aria-hidden="true" />
                  {t.submitting}
                </>
              ) : (
                t.submitButton
              )}
            </button>
            {!canSubmit && !busy && (
              <p className="field__hint report-form__submit-hint">
                送信元・削除用パスワードを入力し、注意事項に同意すると報告できます。
              </p>
            )}
          </div>
        </fieldset>
      </form>
    </section>
  );
}
