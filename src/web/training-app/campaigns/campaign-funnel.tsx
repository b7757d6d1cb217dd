import { useId } from 'react';
import type { CampaignDetail } from '../../../common/campaigns.schema';
import { numberFormat } from '../dashboard/dashboard-api';
import { funnelSteps } from './campaign-detail-format';

/**
 * sent → opened → clicked → entered as plain HTML bars: a list a screen reader reads as text, the
 * bars only drawing what the words already say.
 */
export function CampaignFunnel({ campaign }: { campaign: CampaignDetail['campaign'] }) {
  const headingId = useId();
  const steps = funnelSteps(campaign);
  return (
    <section className="card cd-funnel" aria-labelledby={headingId}>
      <h2 id={headingId} className="cd-section-title">
        反応の流れ
      </h2>
      <ol className="cd-funnel__steps">
        {steps.map((step) => (
          <li key={step.key} className={`cd-funnel__step cd-funnel__step--${step.key}`} data-testid={`funnel-${step.key}`}>
            <div className="cd-funnel__head">
              <span className="cd-funnel__label">{step.label}</span>
              <span className="cd-funnel__count">
                {numberFormat.format(step.count)}
                {step.key === 'sent' ? '通' : '名'}
                {step.rate !== null && campaign.emails_sent > 0 && <span className="cd-funnel__rate">（送信の{step.rate}%）</span>}
              </span>
            </div>
            <div className="cd-funnel__track" aria-hidden="true">
              {/* Set through the CSSOM by React, which the CSP allows (no style attribute in served HTML). */}
              <span className={step.count > 0 ? 'cd-funnel__bar cd-funnel__bar--some' : 'cd-funnel__bar'} style={{ inlineSize: `${step.width}%` }} />
            </div>
          </li>
        ))}
      </ol>
      {campaign.emails_sent === 0 && (
        <p className="cd-muted">
          {campaign.status === 'completed' ? 'このキャンペーンで送信されたメールはありません。' : '送信が始まると、開封・クリック・入力の割合がここに表示されます。'}
        </p>
      )}
    </section>
  );
}
