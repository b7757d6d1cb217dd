import { useEffect, useId } from 'react';
import { FREE_PLAN, FREE_PLAN_FEATURES } from '../../../common/plans';
import { trainingPaths } from '../../../common/training-routes';
import { looksSignedIn, useResolvedAuthState } from '../../auth/auth-store';
import { CheckList, RegistrationLayout } from '../shared/registration-layout';

const NEXT_STEPS = [
  { title: '従業員を登録する', text: `訓練メールを受け取る従業員のメールアドレスを登録します（${FREE_PLAN.name}は${FREE_PLAN.maxPeople}名まで）。` },
  { title: '訓練キャンペーンを作成する', text: 'テンプレートを選んで訓練メールの内容と送信日時を決め、キャンペーンを開始します。' },
  { title: '結果を確認する', text: 'ダッシュボードで開封率・クリック率を確認し、社内の注意喚起に役立てます。' },
] as const;

/** SPEC §2.2 step 4. */
export function CompletePage({ email, organizationName }: { email: string; organizationName: string }) {
  const titleId = useId();
  // SPEC §4 signs the new administrator in after registering; opened later without that sign-in, the page leads to the login.
  const signedIn = looksSignedIn(useResolvedAuthState());
  useEffect(() => {
    document.title = '登録完了｜キヅキ';
  }, []);

  return (
    <RegistrationLayout step={4} titleId={titleId} title="登録が完了しました" lead="キヅキへのご登録ありがとうございます。さっそくフィッシング訓練を始めましょう。">
      <div className="reg-complete">
        <div className="reg-complete__badge" aria-hidden="true">
          ✓
        </div>
        <h2 className="reg-main__title">アカウント情報</h2>
        <dl className="summary-list">
          <div className="summary-list__row">
            <dt>メールアドレス</dt>
            <dd data-testid="complete-email">{email || '—'}</dd>
          </div>
          <div className="summary-list__row">
            <dt>組織名</dt>
            <dd data-testid="complete-organization">{organizationName || '—'}</dd>
          </div>
          <div className="summary-list__row">
            <dt>ご利用プラン</dt>
            <dd>
              <span className="plan-badge">{FREE_PLAN.name}</span>
            </dd>
          </div>
        </dl>

        <section className="reg-complete__plan" aria-labelledby={`${titleId}-plan`}>
          <h2 id={`${titleId}-plan`} className="reg-complete__subtitle">
            {FREE_PLAN.name}でご利用いただける内容
          </h2>
          <CheckList items={FREE_PLAN_FEATURES} />
        </section>

        <section aria-labelledby={`${titleId}-next`}>
          <h2 id={`${titleId}-next`} className="reg-complete__subtitle">
            次のステップ
          </h2>
          <ol className="next-steps">
            {NEXT_STEPS.map((step, index) => (
              <li key={step.title} className="next-steps__item">
                <span className="next-steps__number" aria-hidden="true">
                  {index + 1}
                </span>
                <div>
                  <p className="next-steps__title">{step.title}</p>
                  <p className="next-steps__text">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>

        <div className="reg-complete__actions">
          {signedIn ? (
            <a className="button button--primary button--large" href={trainingPaths.dashboard}>
              ダッシュボードへ進む
            </a>
          ) : (
            <a className="button button--primary button--large" href={trainingPaths.login}>
              ログインして始める
            </a>
          )}
          <a className="reg-complete__top-link" href="/">
            トップページへ戻る
          </a>
        </div>
      </div>
    </RegistrationLayout>
  );
}
