import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { DELETE_PASSWORD_LENGTH } from '../../../common/limits';
import { reportMessages as m, reportUiText as t } from '../../../common/report-messages';
import { filterDeletePasswordInput } from '../../../common/text-normalize';
import { AlertBox } from '../../components/alert-box';
import { Dialog } from '../../components/dialog';
import { deleteFailure, deleteReport, type DeleteFailure } from '../api/report-api';

type DeleteModalProps = {
  reportId: string;
  /** `deleted` is true when the report is gone, so the page can reload or leave. */
  onClose: (deleted: boolean) => void;
};

/**
 * Mount to open. Each opening is a fresh mount, which is what clears the error, success and
 * lock flags of a previous attempt (SPEC §4).
 */
export function DeleteModal({ reportId, onClose }: DeleteModalProps) {
  const titleId = useId();
  const descriptionId = useId();
  const inputId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<DeleteFailure | null>(null);

  const mutation = useMutation({
    mutationFn: (deletePassword: string) => deleteReport(reportId, deletePassword),
    onMutate: () => setFailure(null),
    onError: (error) => setFailure(deleteFailure(error)),
  });

  const deleting = mutation.isPending;
  const deleted = mutation.isSuccess;
  const locked = failure?.locked ?? false;
  const canConfirm = password.length === DELETE_PASSWORD_LENGTH && !deleting && !locked;

  useEffect(() => {
    if (deleted) closeRef.current?.focus();
  }, [deleted]);

  useEffect(() => {
    // The input was disabled while deleting, so focus has to be put back somewhere useful:
    // on the password (selected, so typing replaces it) or, when locked, on the way out.
    if (failure?.locked) cancelRef.current?.focus();
    else if (failure) inputRef.current?.select();
  }, [failure]);

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (canConfirm) mutation.mutate(password);
  };

  return (
    <Dialog
      labelledBy={titleId}
      describedBy={descriptionId}
      onClose={() => onClose(deleted)}
      initialFocus={inputRef}
      preventClose={deleting}
      className="delete-modal"
    >
      <h2 id={titleId} className="dialog__title">
        報告の削除
      </h2>
      {deleted ? (
        <>
          <div id={descriptionId}>
            <AlertBox tone="success">{m.deleteSuccess}</AlertBox>
          </div>
          <div className="dialog__actions">
            <button ref={closeRef} type="button" className="button button--primary" onClick={() => onClose(true)}>
              {t.close}
            </button>
          </div>
        </>
      ) : (
        <form onSubmit={confirm} noValidate>
          <p id={descriptionId} className="dialog__description">
            報告時に設定した4桁の削除用パスワードを入力してください。削除した報告は元に戻せません。
          </p>
          <div className="field">
            <label htmlFor={inputId} className="field__label">
              削除用パスワード（4桁の数字）
            </label>
            <input
              ref={inputRef}
              id={inputId}
              className="input input--pin"
              type="password"
              inputMode="numeric"
              autoComplete="off"
              value={password}
              disabled={deleting || locked}
              aria-invalid={failure && !locked ? true : undefined}
              aria-describedby={failure ? errorId : undefined}
              onChange={(event) => setPassword(filterDeletePasswordInput(event.target.value))}
            />
            {failure && !locked && (
              <p id={errorId} className="field__error" role="alert">
                {failure.message}
              </p>
            )}
          </div>
          {locked && failure && (
            <div id={errorId}>
              <AlertBox tone="error" className="delete-modal__locked">
                {failure.message}
              </AlertBox>
            </div>
          )}
          <div className="dialog__actions">
            <button
              ref={cancelRef}
              type="button"
              className="button button--secondary"
              onClick={() => onClose(false)} disabled={deleting}>
              {t.cancel}
            </button>
            <button type="submit" className="button button--danger" disabled={!canConfirm} aria-busy={deleting || undefined}>
              {deleting ? t.deleting : t.deleteConfirm}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
