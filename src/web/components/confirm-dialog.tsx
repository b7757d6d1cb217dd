import { useMutation } from '@tanstack/react-query';
import { useId, useRef, type ReactNode } from 'react';
import { apiErrorMessage } from '../lib/api-error-message';
import { AlertBox } from './alert-box';
import { Dialog } from './dialog';

type ConfirmDialogProps<Result> = {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  /** `primary` for a change that is safe to make (resuming); destructive ones stay red. */
  confirmTone?: 'danger' | 'primary';
  /** Shown when the server gives no wording of its own (see apiErrorMessage). */
  failureMessage: string;
  failureTitle?: string;
  /** The change itself; the dialog stays open with the error when it fails. */
  action: () => Promise<Result>;
  onDone: (result: Result) => void | Promise<void>;
  onCancel: () => void;
};

/** "Really delete?": the safe choice (キャンセル) has focus first, the destructive one is red. */
export function ConfirmDialog<Result>({
  title,
  children,
  confirmLabel,
  busyLabel,
  confirmTone = 'danger',
  failureMessage,
  failureTitle,
  action,
  onDone,
  onCancel,
}: ConfirmDialogProps<Result>) {
  const id = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const mutation = useMutation({ mutationFn: action, onSuccess: onDone });
  const busy = mutation.isPending;
  return (
    <Dialog labelledBy={`${id}-title`} describedBy={`${id}-description`} onClose={onCancel} initialFocus={cancelRef} preventClose={busy}>
      <h2 id={`${id}-title`} className="dialog__title">
        {title}
      </h2>
      <div id={`${id}-description`} className="dialog__description">
        {children}
      </div>
      {mutation.isError && (
        <AlertBox tone="error" title={failureTitle}>
          <p>{apiErrorMessage(mutation.error, failureMessage)}</p>
        </AlertBox>
      )}
      <div className="dialog__actions">
        <button ref={cancelRef} type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
          キャンセル
        </button>
        <button type="button" className={`button button--${confirmTone}`} onClick={() => mutation.mutate()} disabled={busy} aria-busy={busy || undefined}>
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
