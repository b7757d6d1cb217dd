import type { ReactNode } from 'react';
import { personalDataPlaceholders as placeholder } from '../../../common/report-messages';

/** Opens in a new tab so that a half-filled report is not lost. */
const privacyLink = (
  <a href="/privacy" target="_blank" rel="noopener">
    プライバシーポリシー
    <span className="visually-hidden">（新しいタブで開きます）</span>
  </a>
);

const NOTICES: Array<{ key: string; content: ReactNode }> = [
  { key: 'public', content: '報告いただいた内容は「Kizuki DB」で誰でも閲覧できるように公開されます。' },
  {
    // What the text carries once published: the submit path replaces these (personal-data.ts).
    key: 'published-text',
    content: `送信元・件名・本文は、文字のまま一覧と詳細ページに掲載されます。本文中のあなたのお名前・メールアドレス・住所・カード番号は「${placeholder.name}様」「${placeholder.address}」などに自動で置き換えますが、ほかに個人情報が残っていないか、送信前に必ずご確認ください。`,
  },
  { key: 'no-personal', content: 'ご自身の氏名・住所・電話番号・メールアドレスなどの個人情報は入力しないでください。' },
  {
    key: 'redaction',
    content: (
      <>
        スクリーンショットに写っている個人情報やURLは自動的に黒塗りされます。黒塗り前の画像の取扱いについては{privacyLink}をご覧ください。
      </>
    ),
  },
  { key: 'moderation', content: '不適切な内容と判断した報告は、管理者が削除する場合があります。' },
  { key: 'password', content: '削除用パスワードは報告を削除するときに必要です。忘れないよう控えておいてください。' },
  { key: 'use', content: '報告内容は、注意喚起やフィッシング対策訓練の改善に利用します。' },
];

export function ReportNotices({ headingId }: { headingId: string }) {
  return (
    <section className="notice" aria-labelledby={headingId}>
      <h3 id={headingId} className="notice__title">
        注意事項
      </h3>
      <ul className="notice__list">
        {NOTICES.map((notice) => (
          <li key={notice.key}>{notice.content}</li>
        ))}
      </ul>
    </section>
  );
}

/** Phishing sites (as opposed to messages) are reported to the council, not here. */
export function AntiPhishingCouncilNote() {
  return (
    <aside className="alert alert--info council-note" aria-label="フィッシングサイトの報告先">
      <span className="alert__icon" aria-hidden="true">
        i
      </span>
      <div className="alert__text">
        <p className="alert__title">フィッシングサイトを見つけたときは</p>
        <p className="alert__body">
          偽のWebサイト（フィッシングサイト）の情報は、
          <a href="https://www.antiphishing.jp/" target="_blank" rel="noopener noreferrer">
            フィッシング対策協議会
            <span className="visually-hidden">（新しいタブで開きます）</span>
          </a>
          へも報告してください。
        </p>
      </div>
    </aside>
  );
}
