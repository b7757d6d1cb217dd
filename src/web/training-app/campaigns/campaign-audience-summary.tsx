import { Link } from 'react-router';
import type { CampaignAudience } from '../../../common/campaigns.schema';
import { trainingPaths } from '../../../common/training-routes';
import { apiErrorMessage } from '../../lib/api-error-message';
import { SENDING_DOMAINS_ANCHOR } from '../account/sending-domains/sending-domains-section';
import { numberFormat } from '../dashboard/dashboard-api';
import { allowanceText, exceedsAllowance } from './campaign-schedule-text';

type Props = {
  audience: CampaignAudience | undefined;
  loading: boolean;
  stale: boolean;
  error: unknown;
};

/** 対象 N名 / 送信できない M名 / 今月の残り送信枠, kept current while targets are ticked. */
export function CampaignAudienceSummary({ audience, loading, stale, error }: Props) {
  if (!audience) {
    return (
      <div className="cmp-audience" role="status">
        {error ? (
          <p className="field__error">{apiErrorMessage(error, '対象者数を計算できませんでした。時間をおいて再度お試しください。')}</p>
        ) : (
          <p className="cmp-muted">{loading ? '対象者数を計算中...' : '対象者を選ぶと人数が表示されます。'}</p>
        )}
      </div>
    );
  }
  const over = exceedsAllowance(audience);
  return (
    <div className="cmp-audience" aria-busy={stale || undefined}>
      <dl className="cmp-audience__figures" aria-live="polite">
        <div className="cmp-figure">
          <dt>対象</dt>
          <dd>
            <span className="cmp-figure__value">{numberFormat.format(audience.sendable)}</span>名
          </dd>
        </div>
        <div className={audience.refused > 0 ? 'cmp-figure cmp-figure--warning' : 'cmp-figure'}>
          <dt>送信できない（ドメイン未確認）</dt>
          <dd>
            <span className="cmp-figure__value">{numberFormat.format(audience.refused)}</span>名
          </dd>
        </div>
        <div className={over ? 'cmp-figure cmp-figure--warning' : 'cmp-figure'}>
          <dt>今月の残り送信枠</dt>
          <dd className="cmp-figure__text">{allowanceText(audience.allowance)}</dd>
        </div>
      </dl>
      {stale && <p className="cmp-note">人数を更新中...</p>}
      {audience.refused > 0 && (
        <p className="cmp-note">
          確認が済んでいないドメインのアドレスには送信されません。
          <Link to={`${trainingPaths.account}#${SENDING_DOMAINS_ANCHOR}`}>アカウントの「送信先ドメイン」</Link>
          でドメインを確認すると、送信できるようになります。
        </p>
      )}
      {over && (
        <p className="cmp-note cmp-note--warning">
          今月の残り送信枠を超えているため、このままでは開始できません。対象者を減らすか、来月以降に実施してください。
        </p>
      )}
    </div>
  );
}
