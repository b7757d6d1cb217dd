import type { ReportView } from '../api/report-guards';
import { isRedactionFailed, isRedactionPending, REDACTION_FAILED_TEXT, REDACTION_PENDING_TEXT } from '../screenshot-status';

/** In place of the detail page's screenshot. */
export function ScreenshotStatusNote({ report }: { report: ReportView }) {
  if (isRedactionPending(report)) {
    return (
      <div className="shot-note shot-note--pending" role="status">
        <span className="spinner spinner--small" aria-hidden="true" />
        <div>
          <p className="shot-note__title">{REDACTION_PENDING_TEXT}</p>
          <p className="shot-note__text">
            お名前やURLなどを自動で黒塗りしてから公開します。終わるとこのページに表示されます。
          </p>
        </div>
      </div>
    );
  }
  if (isRedactionFailed(report)) {
    return (
      <div className="shot-note shot-note--failed" role="status">
        <div>
          <p className="shot-note__title">{REDACTION_FAILED_TEXT}</p>
          <p className="shot-note__text">
            自動の黒塗り処理を完了できなかったため、このスクリーンショットは公開しません。報告の文字の内容はそのまま掲載しています。
          </p>
        </div>
      </div>
    );
  }
  return null;
}
