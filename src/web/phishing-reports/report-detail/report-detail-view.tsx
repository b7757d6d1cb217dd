import { lazy, Suspense, useState } from 'react';
import { reportMessages as m, reportUiText as t } from '../../../common/report-messages';
import { AlertBox } from '../../components/alert-box';
import { ImageViewer } from '../../components/image-viewer';
import { ReceiptMethodIcon } from '../../components/receipt-method-icon';
import { formatReportDateTime } from '../../../common/date-format';
import { defangText } from '../../../common/url-defang';
import { readAuthToken } from '../../auth/token-storage';
import type { ReportView } from '../api/report-guards';
import { ReportFlag } from '../report-flag/report-flag';
import { similarReportsHref } from '../report-list/list-url-state';
import { ScreenshotStatusNote } from './screenshot-status-note';

// Only a signed-in company administrator can use it: visitors never download its code.
const ReportTemplateButton = lazy(() => import('../../training-app/templates/report-template-button'));

type ReportDetailViewProps = {
  report: ReportView;
  onDelete: () => void;
  onBack: () => void;
};

function senderOf(report: ReportView): string {
  const sender =
    report.receipt_method === 'sms' ? (report.phone_number ?? report.source_email) : (report.source_email ?? report.phone_number);
  return sender?.trim() ? sender : m.unknownSender;
}

export function ReportDetailView({ report, onDelete, onBack }: ReportDetailViewProps) {
  const [enlarged, setEnlarged] = useState(false);
  const isEmail = report.receipt_method === 'email';
  const sender = senderOf(report);
  // The API answer is defanged already; this view does it again (it changes nothing twice) so it
  // can never show a usable phishing URL, whatever report it is given.
  const subject = report.subject?.trim() ? defangText(report.subject) : null;
  const body = report.body.trim() ? defangText(report.body) : null;

  return (
    <article className="card report-detail" aria-labelledby="report-detail-title">
      <header className="card__header report-detail__header">
        <p className={`report-detail__type report-detail__type--${report.receipt_method}`}>
          <ReceiptMethodIcon method={report.receipt_method} decorative />
          {isEmail ? 'メールでの報告' : 'SMS・MMSでの報告'}
        </p>
        <h1 id="report-detail-title" className="card__title">
          フィッシング報告の詳細
        </h1>
      </header>

      <AlertBox tone="warning" title="ご注意ください" live={false} className="report-detail__disclaimer">
        <p>
          掲載している送信元のメールアドレスや電話番号は、なりすましや乗っ取りによって悪用されたものである可能性があります。実在する企業・団体・個人とは無関係な場合があり、掲載内容の正確性は保証できません。
        </p>
      </AlertBox>

      <dl className="detail-list">
        <div className="detail-list__row">
          <dt>受信方法</dt>
          <dd>{isEmail ? t.receiptEmail : t.receiptSms}</dd>
        </div>
        <div className="detail-list__row">
          <dt>送信元</dt>
          <dd className={sender === m.unknownSender ? 'detail-list__muted' : 'detail-list__mono'}>{sender}</dd>
        </div>
        {isEmail && (
          <div className="detail-list__row">
            <dt>件名</dt>
            <dd className={subject ? undefined : 'detail-list__muted'}>
              {subject ?? m.emptyText}
            </dd>
          </div>
        )}
        <div className="detail-list__row">
          <dt>報告日時</dt>
          <dd>
            <time dateTime={report.reported_at}>{formatReportDateTime(report.reported_at)}</time>
          </dd>
        </div>
      </dl>

      {report.similar_count > 0 && (
        <p className="report-detail__similar">
          <a href={similarReportsHref(report.report_id)} className="similar-link similar-link--large">
            同様の報告 {report.similar_count}件
          </a>
          <span className="report-detail__similar-note">送信元の番号・アドレスや、本文のURLのドメインが同じ報告です。</span>
        </p>
      )}

      <section className="report-detail__section" aria-labelledby="report-detail-body">
        <h2 id="report-detail-body" className="report-detail__heading">
          本文
        </h2>
        {/* Plain text on purpose: whatever the sender wrote must never become markup or a live link. */}
        <div className="report-detail__body">{body ?? m.emptyText}</div>
      </section>

      {(report.screenshot_url || (report.publish_screenshot && report.screenshot_status !== 'none')) && (
        <section className="report-detail__section" aria-labelledby="report-detail-shot">
          <h2 id="report-detail-shot" className="report-detail__heading">
            スクリーンショット
          </h2>
          {report.screenshot_url ? (
            <button type="button" className="screenshot-button" onClick={() => setEnlarged(true)}>
              <img src={report.screenshot_url} alt="報告されたスクリーンショット" className="screenshot-button__image" />
              {/* Which word fits is a matter of the pointer (styles/report-detail.css), not of user-agent sniffing. */}
              <span className="screenshot-button__hint">
                <span className="pointer-fine-only">クリックで拡大</span>
                <span className="pointer-coarse-only">タップで拡大</span>
              </span>
            </button>
          ) : (
            <ScreenshotStatusNote report={report} />
          )}
        </section>
      )}

      {readAuthToken() && (
        <Suspense fallback={null}>
          <ReportTemplateButton reportId={report.report_id} />
        </Suspense>
      )}

      <div className="report-detail__actions">
        <button type="button" className="button button--secondary" onClick={onBack}>
          <span aria-hidden="true">‹ </span>
          {t.backToList}
        </button>
        <button type="button" className="button button--danger-outline" onClick={onDelete}>
          {t.deleteButton}
        </button>
      </div>
      <ReportFlag reportId={report.report_id} />

      {enlarged && report.screenshot_url && (
        <ImageViewer src={report.screenshot_url} alt="報告されたスクリーンショット" onClose={() => setEnlarged(false)} />
      )}
    </article>
  );
}
