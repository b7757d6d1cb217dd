import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FLAG_COMMENT_MAX_LENGTH, FLAG_REASON_CODES, FLAG_REASONS, operatorMessages as m, operatorScreenText as t } from '../../../common/operator-messages';
import { AlertBox } from '../../components/alert-box';
import { Dialog } from '../../components/dialog';
import { FieldError, FormField, RequiredBadge } from '../../components/form-field';
import { flagFailureMessage, sendReportFlag } from './report-flag-api';

const flagFormSchema = z.object({
  // Nothing chosen is '' (or null from a cleared radio group): both read as "choose a reason".
  reason: z.string({ error: m.flagReasonRequired }).pipe(z.enum(FLAG_REASON_CODES, { error: m.flagReasonRequired })),
  comment: z.string().max(FLAG_COMMENT_MAX_LENGTH, { error: m.flagCommentTooLong }),
});
type FlagFormInput = z.input<typeof flagFormSchema>;
type FlagFormValues = z.output<typeof flagFormSchema>;

/** The public 「不適切な報告を通知」 link on a report's detail page, and its short form. */
export function ReportFlag({ reportId }: { reportId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <p className="report-flag">
        <button type="button" className="button button--link report-flag__link" onClick={() => setOpen(true)}>
          <span className="report-flag__icon" aria-hidden="true">
            ⚑
          </span>
          {t.flagLink}
        </button>
      </p>
      {open && <ReportFlagDialog reportId={reportId} onClose={() => setOpen(false)} />}
    </>
  );
}

function ReportFlagDialog({ reportId, onClose }: { reportId: string; onClose: () => void }) {
  const id = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  const { register, handleSubmit, formState } = useForm<FlagFormInput, unknown, FlagFormValues>({
    resolver: zodResolver(flagFormSchema),
    defaultValues: { reason: '', comment: '' },
  });
  const mutation = useMutation({
    mutationFn: (values: FlagFormValues) => sendReportFlag(reportId, values.reason, values.comment),
    onSuccess: () => window.setTimeout(() => closeRef.current?.focus(), 0),
  });
  const busy = mutation.isPending;
  const reasonError = formState.errors.reason?.message;

  return (
    <Dialog labelledBy={`${id}-title`} describedBy={`${id}-lead`} onClose={onClose} preventClose={busy} className="report-flag-dialog">
      <h2 id={`${id}-title`} className="dialog__title">
        {t.flagTitle}
      </h2>
      {mutation.isSuccess ? (
        <>
          <AlertBox tone="success" title={t.flagDone}>
            <p id={`${id}-lead`}>{mutation.data.message}</p>
          </AlertBox>
          <div className="dialog__actions">
            <button ref={closeRef} type="button" className="button button--primary" onClick={onClose}>
              {t.flagClose}
            </button>
          </div>
        </>
      ) : (
        <form noValidate onSubmit={handleSubmit((values) => mutation.mutate(values))}>
          <p id={`${id}-lead`} className="dialog__description">
            {t.flagLead}
          </p>
          {mutation.isError && (
            <AlertBox tone="error">
              <p>{flagFailureMessage(mutation.error)}</p>
            </AlertBox>
          )}
          <fieldset
            className={['field', 'report-flag__reasons', reasonError ? 'field--invalid' : null].filter(Boolean).join(' ')}
            disabled={busy}
            // A radio group may say it is required; a plain fieldset may not.
            role="radiogroup"
            aria-describedby={reasonError ? `${id}-reason-error` : undefined}
            aria-required
          >
            <legend className="field__label">
              {t.flagReasonLegend}
              <RequiredBadge required />
            </legend>
            {FLAG_REASONS.map((reason) => (
              <label key={reason.code} className="report-flag__option">
                <input type="radio" value={reason.code} {...register('reason')} aria-invalid={reasonError ? true : undefined} />
                <span>{reason.label}</span>
              </label>
            ))}
            <FieldError id={`${id}-reason-error`} message={reasonError} />
          </fieldset>
          <FormField label={t.flagCommentLabel} hint={t.flagCommentHint} error={formState.errors.comment?.message}>
            {(control) => (
              <textarea {...control} {...register('comment')} className="input textarea" rows={3} maxLength={FLAG_COMMENT_MAX_LENGTH} disabled={busy} />
            )}
          </FormField>
          <div className="dialog__actions">
            <button type="button" className="button button--secondary" onClick={onClose} disabled={busy}>
              {t.flagCancel}
            </button>
            <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy || undefined}>
              {busy ? t.flagSending : t.flagSend}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
