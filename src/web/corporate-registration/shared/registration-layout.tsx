import type { ReactNode } from 'react';
import { StepIndicator } from '../../components/step-indicator';

export const REGISTRATION_STEPS = ['メールアドレス入力', '確認メール送信', 'アカウント情報', '登録完了'] as const;

/** SPEC §2.2: 1 email → 2 confirmation mail → 3 account info → 4 done. `current` is 1-based. */
function RegistrationSteps({ current }: { current: 1 | 2 | 3 | 4 }) {
  return <StepIndicator steps={REGISTRATION_STEPS} current={current} label="登録の手順" />;
}

type RegistrationLayoutProps = {
  /** Omitted when the page is not part of a registration (a signed-in visitor). */
  step?: 1 | 2 | 3 | 4;
  title: string;
  titleId: string;
  lead?: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
};

/** Page frame of the four registration screens: heading, steps, the form card and a side panel. */
export function RegistrationLayout({ step, title, titleId, lead, aside, children }: RegistrationLayoutProps) {
  return (
    <div className="reg">
      <header className="reg__header">
        <p className="reg__eyebrow">法人向け フィッシング訓練 キヅキ</p>
        <h1 id={titleId} className="reg__title" tabIndex={-1}>
          {title}
        </h1>
        {lead && <p className="reg__lead">{lead}</p>}
      </header>
      {step && <RegistrationSteps current={step} />}
      <div className={aside ? 'reg__grid' : 'reg__grid reg__grid--single'}>
        <section className="card reg__main" aria-labelledby={titleId}>
          {children}
        </section>
        {aside && <aside className="reg__aside">{aside}</aside>}
      </div>
    </div>
  );
}

export function AsidePanel({ title, tone = 'default', children }: { title: string; tone?: 'default' | 'accent'; children: ReactNode }) {
  return (
    <section className={`reg-panel reg-panel--${tone}`}>
      <h2 className="reg-panel__title">{title}</h2>
      {children}
    </section>
  );
}

export function CheckList({ items }: { items: readonly string[] }) {
  return (
    <ul className="check-list">
      {items.map((item) => (
        <li key={item} className="check-list__item">
          <span className="check-list__mark" aria-hidden="true">
            ✓
          </span>
          {item}
        </li>
      ))}
    </ul>
  );
}
