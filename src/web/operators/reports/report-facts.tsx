import { formatReportDateTime } from '../../../common/date-format';
import { operatorScreenText as t } from '../../../common/operator-messages';
import { defangText } from '../../../common/url-defang';
import type { OperatorReport } from '../../../common/operator.schema';

const SCREENSHOT_STATUS: Record<OperatorReport['screenshot_status'], string> = {
  none: 'なし',
  pending: '黒塗り処理中',
  published: '公開中',
  failed: '黒塗りに失敗（公開しない）',
  private: '公開しない（投稿者の希望）',
};

/** The report as submitted: plain text only, links defanged, whatever the sender wrote. */
export function ReportFacts({ report }: { report: OperatorReport }) {
  const isEmail = report.receipt_method === 'email';
  const status = SCREENSHOT_STATUS[report.screenshot_status];
  return (
    <section className="card op-panel op-detail__facts" aria-labelledby="op-facts-title">
      <h2 id="op-facts-title" className="op-panel__title">
        報告の内容
      </h2>
      <dl className="detail-list">
        <div className="detail-list__row">
          <dt>報告ID</dt>
          <dd className="detail-list__mono">{report.report_id}</dd>
        </div>
        <div className="detail-list__row">
          <dt>受信方法</dt>
          <dd>{isEmail ? 'メール' : 'SMS・MMS'}</dd>
        </div>
        <div className="detail-list__row">
          <dt>送信元</dt>
          <dd className="detail-list__mono">{report.source_email ?? report.phone_number ?? '送信元不明'}</dd>
        </div>
        {isEmail && (
          <div className="detail-list__row">
            <dt>件名</dt>
            <dd>{report.subject?.trim() ? defangText(report.subject) : t.noSubject}</dd>
          </div>
        )}
        <div className="detail-list__row">
          <dt>報告日時</dt>
          <dd>
            <time dateTime={report.reported_at}>{formatReportDateTime(report.reported_at)}</time>
          </dd>
        </div>
        <div className="detail-list__row">
          <dt>画像</dt>
          <dd>{status}</dd>
        </div>
      </dl>
      <h3 className="op-panel__subtitle">本文</h3>
      <div className="report-detail__body op-body" data-testid="report-body">
        {report.body.trim() ? defangText(report.body) : '（本文なし）'}
      </div>
    </section>
  );
}
