import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { MODERATION_REASON_MAX_LENGTH, operatorMessages as m, operatorScreenText as t } from '../../../common/operator-messages';
import { AlertBox } from '../../components/alert-box';
import { Dialog } from '../../components/dialog';
import { FormField } from '../../components/form-field';
import { apiErrorMessage } from '../../lib/api-error-message';
import { applyServerFieldErrors } from '../../training-app/account/server-field-errors';

const reasonSchema = (required: boolean, tooLong: string) =>
  z.object({
    reason: z
      .string()
      .trim()
      .max(MODERATION_REASON_MAX_LENGTH, { error: tooLong })
      .refine((value) => !required || value !== '', { error: m.reasonRequired }),
  });

type ReasonDialogProps = {
  title: string;
  lead: string;
  confirmLabel: string;
  busyLabel: string;
  tone: 'danger' | 'primary';
  reasonRequired: boolean;
  action: (reason: string) => Promise<unknown>;
  onDone: () => void;
  onCancel: () => void;
  /** The field's wording when it is not a moderation reason (入金確認's memo). */
  field?: { label: string; hint: string; tooLong: string };
};

/**
 * A moderation action and its reason (kept in the audit log). The dialog stays open with the
 * server's wording when the action fails; キャンセル is the safe first choice for the destructive ones.
 */
export function ReasonDialog({ title, lead, confirmLabel, busyLabel, tone, reasonRequired, action, onDone, onCancel, field }: ReasonDialogProps) {
  const id = useId();
  const { register, handleSubmit, setError, setFocus, formState } = useForm<{ reason: string }>({
    resolver: zodResolver(reasonSchema(reasonRequired, field?.tooLong ?? m.reasonTooLong)),
    defaultValues: { reason: '' },
  });
  const mutation = useMutation({ mutationFn: (reason: string) => action(reason), onSuccess: onDone });
  const busy = mutation.isPending;
  const onValid = ({ reason }: { reason: string }) =>
    mutation.mutate(reason, {
      onError: (error) => {
        if (applyServerFieldErrors(error, ['reason'] as const, setError)) setFocus('reason');
      },
    });
  const fieldFailure = mutation.error !== null && applyServerFieldErrorsCount(mutation.error);

  return (
    <Dialog labelledBy={`${id}-title`} describedBy={`${id}-lead`} onClose={onCancel} preventClose={busy} className="op-reason-dialog">
      <form noValidate onSubmit={handleSubmit(onValid)}>
        <h2 id={`${id}-title`} className="dialog__title">
          {title}
        </h2>
        <p id={`${id}-lead`} className="dialog__description">
          {lead}
        </p>
        {mutation.isError && !fieldFailure && (
          <AlertBox tone="error" title={t.actionFailed}>
            <p>{apiErrorMessage(mutation.error, t.actionFailed)}</p>
          </AlertBox>
        )}
        <FormField label={field?.label ?? t.reasonLabel} required={reasonRequired} hint={field?.hint ?? t.reasonHint} error={formState.errors.reason?.message}>
          {(control) => <textarea {...control} {...register('reason')} className="input textarea" rows={3} maxLength={MODERATION_REASON_MAX_LENGTH} disabled={busy} />}
        </FormField>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
            キャンセル
          </button>
          <button type="submit" className={`button button--${tone}`} disabled={busy} aria-busy={busy || undefined}>
            {busy ? busyLabel : confirmLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** True when the failure was a 422 about the reason field (shown under the field, not above). */
function applyServerFieldErrorsCount(error: unknown): boolean {
  return applyServerFieldErrors(error, ['reason'] as const, () => undefined) !== undefined;
}
