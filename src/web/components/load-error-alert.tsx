import { apiErrorMessage } from '../lib/api-error-message';
import { AlertBox } from './alert-box';

type LoadErrorAlertProps = {
  /** What the screen failed to fetch, said the way apiErrorMessage falls back to. */
  error: unknown;
  fallback: string;
  onRetry: () => void;
  title?: string;
  /** A retry already under way: the button waits for it. */
  busy?: boolean;
};

/** A list or page that could not be fetched: the reason and a button to try again. */
export function LoadErrorAlert({ error, fallback, onRetry, title = '読み込みに失敗しました', busy }: LoadErrorAlertProps) {
  return (
    <AlertBox tone="error" title={title}>
      <p>{apiErrorMessage(error, fallback)}</p>
      <p>
        <button type="button" className="button button--secondary button--small" onClick={onRetry} disabled={busy}>
          再読み込み
        </button>
      </p>
    </AlertBox>
  );
}
