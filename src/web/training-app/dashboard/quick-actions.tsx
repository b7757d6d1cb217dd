import { Link } from 'react-router';

const ACTIONS = [
  { label: '新規キャンペーン', text: '訓練メールの送信を計画します', to: '/campaigns/create', icon: 'M12 5v14M5 12h14', primary: true },
  { label: 'ユーザー管理', text: '訓練対象の従業員を登録します', to: '/users', icon: 'M16 19v-1a4 4 0 0 0-4-4H7a4 4 0 0 0-4 4v1M9.5 10a3 3 0 1 0 0-6 3 3 0 0 0 0 6M21 19v-1a4 4 0 0 0-3-3.9M16 4.1a3 3 0 0 1 0 5.8' },
  { label: 'レポート', text: 'キャンペーンの結果を確認します', to: '/campaigns', icon: 'M4 20V10M10 20V4M16 20v-7M22 20H2' },
  { label: 'テンプレート', text: '訓練メールの文面を選びます', to: '/templates', icon: 'M4 5h16v14H4zM4 7l8 6 8-6' },
] as const;

/** SPEC §2.3: new campaign, user management, reports, templates. */
export function QuickActions({ headingId }: { headingId: string }) {
  return (
    <section className="ta-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="ta-section__title">
        クイックアクション
      </h2>
      <ul className="ta-actions">
        {ACTIONS.map((action) => (
          <li key={action.label}>
            <Link to={action.to} className={'primary' in action ? 'ta-action ta-action--primary' : 'ta-action'}>
              <span className="ta-action__icon" aria-hidden="true">
                <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
                  <path d={action.icon} />
                </svg>
              </span>
              <span className="ta-action__text">
                <span className="ta-action__label">{action.label}</span>
                <span className="ta-action__hint">{action.text}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
