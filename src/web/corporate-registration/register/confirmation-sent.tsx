import { useEffect, useRef } from 'react';
import { REGISTRATION_TOKEN_TTL_MS } from '../../../common/limits';

const TTL_HOURS = Math.round(REGISTRATION_TOKEN_TTL_MS / (60 * 60 * 1000));

type ConfirmationSentProps = { email: string; onChangeAddress: () => void; onResend: () => void; resending: boolean; resendNote: string | null };

/** SPEC §2.2 step 2: where the mail went, what to do next, what to do if it does not arrive. */
export function ConfirmationSent({ email, onChangeAddress, onResend, resending, resendNote }: ConfirmationSentProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <div className="reg-sent">
      <div className="reg-sent__icon" aria-hidden="true">
        <svg viewBox="0 0 48 48" width="48" height="48" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round">
          <rect x="6" y="11" width="36" height="26" rx="4" />
          <path d="m7.5 13 16.5 12.5L40.5 13" />
        </svg>
      </div>
      <h2 ref={headingRef} tabIndex={-1} className="reg-sent__title">
        確認メールを送信しました
      </h2>
      <p className="reg-sent__address">
        <span className="reg-sent__address-label">送信先</span>
        <strong data-testid="confirmation-email">{email}</strong>
      </p>
      <p>
        メールに記載されたリンクを開き、アカウント情報の入力へお進みください。リンクの有効期限は<strong>{TTL_HOURS}時間</strong>です。
      </p>
      <div className="alert alert--warning reg-sent__note" role="note">
        <span className="alert__icon" aria-hidden="true">
          !
        </span>
        <div className="alert__text">
          <p className="alert__title">メールが届かない場合</p>
          <ul className="reg-sent__tips">
            <li>迷惑メールフォルダに振り分けられていないかご確認ください。</li>
            <li>メールアドレスに誤りがないかご確認ください。</li>
            <li>数分待っても届かない場合は、確認メールを再送信してください。</li>
          </ul>
        </div>
      </div>
      {resendNote && (
        <p className="reg-sent__resend-note" role="status">
          {resendNote}
        </p>
      )}
      <div className="reg-sent__actions">
        <button type="button" className="button button--secondary" onClick={onResend} disabled={resending}>
          {resending ? '送信中...' : '確認メールを再送信'}
        </button>
        <button type="button" className="button button--ghost" onClick={onChangeAddress} disabled={resending}>
          メールアドレスを変更する
        </button>
      </div>
    </div>
  );
}
