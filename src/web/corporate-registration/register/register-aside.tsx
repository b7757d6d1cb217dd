import { FREE_PLAN, FREE_PLAN_FEATURES } from '../../../common/plans';
import { AsidePanel, CheckList } from '../shared/registration-layout';

const REASONS = [
  { title: '実践的な訓練メール', text: '実際の手口を参考にした訓練メールで、従業員の「気づく力」を育てます。' },
  { title: '結果がすぐに分かる', text: '開封率・クリック率を自動で集計し、組織の弱点をひと目で把握できます。' },
  { title: '最短5分で開始', text: 'メールアドレスの登録だけで始められ、専門知識は必要ありません。' },
] as const;

export function RegisterAside() {
  return (
    <>
      <AsidePanel title={`${FREE_PLAN.name}で今すぐ始められます`} tone="accent">
        <CheckList items={FREE_PLAN_FEATURES} />
      </AsidePanel>
      <AsidePanel title="キヅキが選ばれる理由">
        <dl className="reason-list">
          {REASONS.map((reason) => (
            <div key={reason.title} className="reason-list__item">
              <dt>{reason.title}</dt>
              <dd>{reason.text}</dd>
            </div>
          ))}
        </dl>
      </AsidePanel>
    </>
  );
}
