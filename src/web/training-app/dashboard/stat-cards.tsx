import type { DashboardStats } from '../../../common/account.schema';
import { FREE_PLAN } from '../../../common/plans';
import { numberFormat, rateText } from './dashboard-api';

type StatCardsProps = { stats: DashboardStats; monthLabel: string; isFreePlan: boolean };

/** SPEC §2.3: registered users, mails sent this month, opens, clicks. */
export function StatCards({ stats, monthLabel, isFreePlan }: StatCardsProps) {
  const cards = [
    {
      label: '登録ユーザー数',
      value: stats.totalUsers,
      unit: '名',
      note: isFreePlan ? `${FREE_PLAN.name}の上限 ${FREE_PLAN.maxPeople}名` : '訓練の対象者',
      tone: 'users',
    },
    {
      label: '今月の送信数',
      value: stats.emailsSent,
      unit: '通',
      note: isFreePlan ? `${monthLabel}・無料枠 ${FREE_PLAN.monthlyMails}通` : monthLabel,
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
