import { templateMessages as m, personalDataPlaceholders } from '../../../common/messages';
import { EMAIL_PATTERN, isPhoneNumber, PHONE_PATTERN } from '../../../common/personal-data';
import { TEMPLATE_LIMITS, type TemplateCategory } from '../../../common/templates.schema';
import { escapeHtml } from '../../lib/html';
import type { TemplateFields } from '../../../common/templates.schema';

/**
 * A Kizuki DB report turned into a tenant's draft lure ("この報告から訓練テンプレートを作成"):
 * the report's subject and body, with every URL replaced by `{{url}}` (the tracked link), every
 * e-mail address and telephone number by a neutral placeholder, and the recipient placeholders
 * the report already carries (names and own addresses were masked on submit) by `{{name}}` and
 * `{{email}}`. The red flags are left empty for the administrator to write.
 */

export interface ReportText {
  receipt_method: 'email' | 'sms';
  subject: string | null;
  body: string;
}

/**
 * A URL with a scheme (also defanged hxxps:// and example[.]com, as readers sometimes paste
 * them), a www. host, or a bare host followed by a path, as url-defang.ts recognises links, but
 * to the URL's end: only URL characters, so Japanese text right after it is kept.
 */
const URL_IN_TEXT = /\b(?:h(?:tt|xx)ps?|ftps?):\/\/[A-Za-z0-9\-._~:/?#[\]@!$&*+,;=%]+|(?<![\w.@/\-[\]])(?:www\.|(?:[A-Za-z0-9-]+(?:\.|\[\.\]))+[A-Za-z]{2,}(?=\/))[A-Za-z0-9\-._~:/?#[\]@!$&*+,;=%]*/gi;

/** Sentence punctuation glued to a URL's end belongs to the sentence. */
const TRAILING_PUNCTUATION = /[.,;:!?]+$/;

/** Which theme a report most likely belongs to, by the words lures of each theme use (first match wins). */
const CATEGORY_WORDS: Array<[TemplateCategory, RegExp]> = [
  ['tax', /国税|税務署|e-?Tax|還付金|税金/i],
  ['delivery', /不在|再配達|お荷物|宅配|配送|配達/],
  ['card', /カード/],
  ['bank', /銀行|証券|口座|ネットバンキング/],
  ['carrier', /携帯|料金(?:の)?未納|ご利用料金/],
  ['apple-id', /Apple|iCloud|アップル/i],
  ['utility', /ETC|電力|ガス|電気料金/],
  ['airline', /マイル|航空/],
  ['cloud', /Microsoft|Office|Outlook|Google|メールボックス|ストレージ/i],
  ['supplier', /請求書|振込先/],
];

/** Words that mean the lure asks the reader to sign in: the click leads to a lookalike sign-in form. */
const SIGN_IN_WORDS = /ログイン|サインイン|パスワード|本人確認|認証/;

function neutralise(text: string): string {
  return (
    text
      // Braces of the report are text, never a variable of ours.
      .replace(/\{\{/g, '｛｛')
      .replace(/\}\}/g, '｝｝')
      .replace(URL_IN_TEXT, (url) => {
        const trailing = TRAILING_PUNCTUATION.exec(url)?.[0] ?? '';
        return `{{url}}${trailing}`;
      })
      .replace(EMAIL_PATTERN, m.fromReportEmail)
      .replace(PHONE_PATTERN, (number) => (isPhoneNumber(number) ? m.fromReportPhone : number))
      .replaceAll(personalDataPlaceholders.email, '{{email}}')
      .replaceAll(personalDataPlaceholders.name, '{{name}}')
  );
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Paragraphs at blank lines, line breaks kept, `{{url}}` as a link. */
function toHtml(text: string): string {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\{\{url\}\}/g, '<a href="{{url}}">{{url}}</a>').replace(/\n/g, '<br>')}</p>`);
  return `<div style="font-family:sans-serif;font-size:14px;line-height:1.7;color:#222222;">\n${paragraphs.join('\n')}\n</div>`;
}

export function templateFromReport(report: ReportText): TemplateFields {
  let body = neutralise(report.body.replace(/\r\n?/g, '\n')).trim();
  // Every lure needs the tracked link; a report without one gets it at the end.
  if (!body.includes('{{url}}')) body = `${body}\n\n${m.fromReportLinkLabel}\n{{url}}`;
  // An SMS has no subject: its first line stands in, without the link (a subject is no place for it).
  const firstLine = body.split('\n').map((line) => line.replace(/\{\{url\}\}/g, '').trim()).find((line) => line !== '') ?? '';
  const subjectSource = report.receipt_method === 'email' && report.subject?.trim() ? neutralise(report.subject.trim()) : firstLine || m.fromReportSmsSubject;
  const subject = clip(subjectSource.replace(/\s+/g, ' '), TEMPLATE_LIMITS.subject);
  const everything = `${report.subject ?? ''}\n${report.body}`;
  return {
    name: clip(m.fromReportName(subject), TEMPLATE_LIMITS.name),
    category: CATEGORY_WORDS.find(([, words]) => words.test(everything))?.[0] ?? 'ec',
    difficulty: 2,
    sender_name: m.fromReportSenderName,
    sender_local_part: 'support',
    subject,
    html_body: toHtml(clip(body, TEMPLATE_LIMITS.textBody - 1000)),
    text_body: clip(body, TEMPLATE_LIMITS.textBody),
    landing: SIGN_IN_WORDS.test(everything) ? 'login' : 'training',
    red_flags: [],
  };
}
