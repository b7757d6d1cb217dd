import type { ReactNode } from 'react';
import { StepIndicator } from '../../components/step-indicator';
import { PageHeader } from '../components/page-header';

export const UPGRADE_STEPS = ['プランの選択', 'お支払い情報', '内容の確認', '完了'] as const;

/** The four upgrade screens share a heading, the account crumb and the steps. */
export function UpgradeFrame({ step, title, lead, children }: { step: 1 | 2 | 3 | 4; title: string; lead: ReactNode; children: ReactNode }) {
  return (
    <div className="ta-page upg">
      <PageHeader title={title} lead={lead} crumbs={[{ label: 'アカウント', to: '/account' }]} />
      <StepIndicator steps={UPGRADE_STEPS} current={step} label="アップグレードの手順" />
      {children}
    </div>
  );
}
