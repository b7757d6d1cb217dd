import { PASSWORD_MIN_LENGTH } from '../../../common/limits';
import { AsidePanel } from '../shared/registration-layout';

const TIPS = [
  `${PASSWORD_MIN_LENGTH}文字以上で、英字と数字を組み合わせてください。記号を加えるとより安全です。`,
  '他のサービスで使っているパスワードの使い回しは避けてください。',
  '氏名・誕生日・会社名など、推測されやすい語句は含めないでください。',
  'パスワード管理ツールの利用をおすすめします。',
] as const;

export function SecurityTips() {
  return (
    <>
      <AsidePanel title="安全なパスワードのヒント" tone="accent">
        <ul className="tip-list">
          {TIPS.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </AsidePanel>
      <AsidePanel title="このアカウントについて">
        <p className="reg-panel__text">
          ここで作成するのは、組織の管理者アカウントです。訓練キャンペーンの作成や従業員の登録は、ログイン後のダッシュボードから行えます。
        </p>
      </AsidePanel>
    </>
  );
}
