import { Link } from 'react-router';
import { planOf } from '../../../common/plans';
import { useAuthState } from '../../auth/auth-store';

/**
 * SPEC §1 "ads shown" on the free plan: one ad on the administrator's dashboard and list screens,
 * nowhere else (never in training mail, on the pages employees see, or in Kizuki DB). The ads are
 * Kizuki's own, served from this bundle: no ad network, no third-party cookies (the corporate
 * privacy policy promises as much). A different one each day.
 */
const ADS = [
  {
    title: '広告なしで、もっと多くの従業員と訓練を',
    text: 'ライトプランなら50名・毎月250通まで。請求書払いに対応し、お申し込み後すぐに使えます。',
    link: { to: '/account/upgrade', label: 'プランを比較する' },
  },
  {
    title: '不審なSMS・メールはキヅキDBで確認',
    text: '届いたメッセージと同じ報告がないか、番号やURLで検索できます。スクリーンショットから匿名で報告することもできます。',
    link: { to: '/phishing-reports', label: 'キヅキDBを開く', external: true },
  },
  {
    title: '年払いで2か月分お得に',
    text: '有料プランを年払いにすると、12か月分のご利用が10か月分の料金になります。',
    link: { to: '/account/upgrade', label: '料金を見る' },
  },
] as const;

export function AdSlot() {
  const { user, tenant } = useAuthState();
  if (!tenant || user?.role !== 'admin' || !planOf(tenant.plan).adsShown) return null;
  const ad = ADS[Math.floor(Date.now() / 86_400_000) % ADS.length]!;
  return (
    <aside className="ad-slot" aria-label="広告">
      <span className="ad-slot__label">広告</span>
      <div className="ad-slot__body">
        <p className="ad-slot__title">{ad.title}</p>
        <p className="ad-slot__text">{ad.text}</p>
      </div>
      {'external' in ad ? (
        <a className="button button--secondary button--small ad-slot__link" href={ad.link.to}>
          {ad.link.label}
        </a>
      ) : (
        <Link className="button button--secondary button--small ad-slot__link" to={ad.link.to}>
          {ad.link.label}
        </Link>
      )}
    </aside>
  );
}
