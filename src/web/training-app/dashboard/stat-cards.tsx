import type { DashboardStats } from '../../../common/account.schema';
import { FREE_PLAN, planOf } from '../../../common/plans';
import { numberFormat, rateText } from './dashboard-api';

type StatCardsProps = { stats: DashboardStats; monthLabel: string; plan: string };

/** SPEC §2.3: registered users, mails sent this month, opens, clicks. */
export function StatCards({ stats, monthLabel, plan: planId }: StatCardsProps) {
  const plan = planOf(planId);
  const isFreePlan = plan.id === FREE_PLAN.id;
  const cards = [
    {
      label: '登録ユーザー数',
      value: stats.totalUsers,
      unit: '名',
      note: plan.maxPeople === null ? '訓練の対象者' : `${plan.name}の上限 ${numberFormat.format(plan.maxPeople)}名`,
      tone: 'users',
    },
    {
      label: '今月の送信数',
      value: stats.emailsSent,
      unit: '通',
      note: plan.monthlyMails === null ? monthLabel : `${monthLabel}・${isFreePlan ? '無料枠' : '上限'} ${numberFormat.format(plan.monthlyMails)}通`,
      tone: 'sent',
    },
    // Opens and clicks count people (each person once), as on the campaign page.
    { label: '開封数', value: stats.emailsOpened, unit: '名', note: `開封率 ${rateText(stats.emailsOpened, stats.emailsSent)}`, tone: 'opened' },
    { label: 'クリック数', value: stats.emailsClicked, unit: '名', note: `クリック率 ${rateText(stats.emailsClicked, stats.emailsSent)}`, tone: 'clicked' },
  ] as const;

  return (
    <ul className="ta-stats" aria-label="今月の概要">
      {cards.map((card) => (
        <li key={card.label} className={`ta-stat ta-stat--${card.tone}`}>
          <p className="ta-stat__label">{card.label}</p>
          <p className="ta-stat__value">
            <span data-testid={`stat-${card.tone}`}>{numberFormat.format(card.value)}</span>
            <span className="ta-stat__unit">{card.unit}</span>
          </p>
          <p className="ta-stat__note">{card.note}</p>
        </li>
      ))}
    </ul>
  );
}
