import { formatReportDateTime } from '../../../common/date-format';
import { html, type SafeHtml } from '../../lib/html';
import { mailLink, type OutgoingMail } from '../mail/mail-message';
import { TERMS_CONTACT } from '../pages/terms.content';

export const MAIL_SIGNATURE = 'キヅキ（Kizuki）運営事務局';
export const SEND_ONLY_NOTICE = '本メールは送信専用のアドレスからお送りしています。ご返信いただいてもお答えできませんので、あらかじめご了承ください。';

export interface MailSection {
  heading: string;
  lines: readonly string[];
  /** Numbered steps instead of a bulleted list. */
  ordered?: boolean;
}

/** What an account mail says, in reading order; both the text and the HTML part are drawn from it. */
export interface AccountMailContent {
  to: string;
  subject: string;
  appUrl: string;
  /** The address block, e.g. the organisation, then 「山田 太郎 様」. */
  addressee: readonly string[];
  paragraphs: readonly string[];
  sections?: readonly MailSection[];
  /** The one link the mail is about, as a button and as visible text. */
  action?: { label: string; url: string };
  /** 「※」 lines: expiry, what to do if the mail was not expected. */
  notes: readonly string[];
  contact?: { desk: string; email: string };
}

/** 2026/11/21 12:00（日本時間）: the reader may be anywhere, the service keeps Japanese time. */
export const mailDateTime = (date: Date): string => `${formatReportDateTime(date.toISOString())}（日本時間）`;

/** 「山田 太郎 様」, or the fallback (「ご担当者様」) when the account has no name yet. */
export const honorific = (name: string, fallback = 'ご担当者様'): string => (name.trim() === '' ? fallback : `${name.trim()} 様`);

/** Text a user typed, set apart as a quotation (『…』) so it never reads as the service speaking. */
export const quotedUserText = (text: string): string => `『${text}』`;

const RULE = '――――――――――――――――――――――――――――――';
const COLOR = { text: '#1f2933', muted: '#5f6b7a', primary: '#1d5fbf', border: '#dde3ea', page: '#f4f6f9' } as const;
const FONT = "'Hiragino Kaku Gothic ProN','Hiragino Sans',Meiryo,'Noto Sans JP',sans-serif";

export function composeAccountMail(content: AccountMailContent): OutgoingMail {
  return { to: content.to, subject: content.subject, text: textPart(content), html: htmlPart(content).value };
}

function contactLine(content: AccountMailContent): string {
  const contact = content.contact ?? TERMS_CONTACT;
  return `お問い合わせ：${contact.desk}（${contact.email}）`;
}

function textPart(content: AccountMailContent): string {
  const blocks: string[] = [content.addressee.join('\n'), ...content.paragraphs];
  for (const section of content.sections ?? []) {
    const lines = section.lines.map((line, index) => (section.ordered ? `${index + 1}. ${line}` : `・${line}`));
    blocks.push([`■ ${section.heading}`, ...lines].join('\n'));
  }
  if (content.action) blocks.push(`▼ ${content.action.label}\n${content.action.url}`);
  if (content.notes.length > 0) blocks.push(content.notes.map((note) => `※ ${note}`).join('\n'));
  blocks.push([RULE, `※ ${SEND_ONLY_NOTICE}`, RULE, MAIL_SIGNATURE, mailLink(content.appUrl, '/'), contactLine(content)].join('\n'));
  return `${blocks.join('\n\n')}\n`;
}

// Plain blocks with inline styles: no tables, no external CSS or images, so every mail client shows it alike.
function htmlPart(content: AccountMailContent): SafeHtml {
  const p = (text: string) => html`<p style="margin:0 0 16px;">${text}</p>`;
  const sections = (content.sections ?? []).map((section) => {
    const items = section.lines.map((line) => html`<li style="margin:0 0 4px;">${line}</li>`);
    const listStyle = 'margin:0 0 16px;padding-left:1.5em;';
    return html`<p style="margin:0 0 8px;font-weight:bold;border-left:4px solid ${COLOR.primary};padding-left:8px;">${section.heading}</p>
${section.ordered ? html`<ol style="${listStyle}">${items}</ol>` : html`<ul style="${listStyle}">${items}</ul>`}`;
  });
  const action = content.action
    ? html`<p style="margin:24px 0 8px;text-align:center;"><a href="${content.action.url}" style="display:inline-block;padding:12px 28px;background:${COLOR.primary};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;">${content.action.label}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:${COLOR.muted};">ボタンが開けない場合は、次のURLをブラウザのアドレス欄に貼り付けてください。<br><a href="${content.action.url}" style="color:${COLOR.primary};word-break:break-all;">${content.action.url}</a></p>`
    : '';
  const notes = content.notes.map((note) => html`<p style="margin:0 0 8px;font-size:13px;color:${COLOR.muted};">※ ${note}</p>`);
  return html`<!doctype html>
<html lang="ja">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${content.subject}</title></head>
<body style="margin:0;padding:0;background:${COLOR.page};">
<div style="max-width:600px;margin:0 auto;padding:24px 12px;font-family:${FONT};font-size:15px;line-height:1.8;color:${COLOR.text};">
<p style="margin:0 0 12px;font-size:18px;font-weight:bold;color:${COLOR.primary};">キヅキ（Kizuki）</p>
<div style="background:#ffffff;border:1px solid ${COLOR.border};border-radius:8px;padding:24px;">
<p style="margin:0 0 16px;">${content.addressee.map((line, index) => (index === 0 ? line : html`<br>${line}`))}</p>
${content.paragraphs.map(p)}
${sections}
${action}
${notes}
</div>
<div style="padding:16px 4px;font-size:12px;color:${COLOR.muted};">
<p style="margin:0 0 8px;">※ ${SEND_ONLY_NOTICE}</p>
<p style="margin:0;">${MAIL_SIGNATURE}<br><a href="${mailLink(content.appUrl, '/')}" style="color:${COLOR.primary};">${mailLink(content.appUrl, '/')}</a><br>${contactLine(content)}</p>
</div>
</div>
</body>
</html>
`;
}
