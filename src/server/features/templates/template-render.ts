import { templateMessages } from '../../../common/messages';
import { replaceVariables, TEMPLATE_VARIABLES, type TemplateVariableName } from '../../../common/templates.schema';
import { escapeHtml } from '../../lib/html';
import type { MailSender } from '../mail/mail-message';
import { withSafeUrls } from './template-html';

/** A value for every variable; {{url}} is the link the recipient follows. */
export type VariableValues = Record<TemplateVariableName, string>;

/** The parts of a template rendering reads (stored templates are already sanitised). */
export interface RenderableTemplate {
  sender_name: string;
  sender_local_part: string;
  subject: string;
  html_body: string;
  text_body: string;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  from: MailSender;
  /** `名前 <address>`, as a mail client shows the From line. */
  fromLine: string;
}

const japaneseDate = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: 'long', day: 'numeric' });

/** 2026年11月24日, the day the mail is sent (Japan time). */
export function mailDate(now: Date): string {
  return japaneseDate.format(now);
}

/** The samples of the contract, with today's date. */
export function sampleValues(now: Date): VariableValues {
  const values = Object.fromEntries(TEMPLATE_VARIABLES.map((variable) => [variable.name, variable.sample])) as VariableValues;
  return { ...values, date: mailDate(now) };
}

/** Header-bound text (subject, sender name) stays on one line whatever a person's data holds. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what must not reach a header
const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ');

/**
 * Fills a template with values: escaped for the HTML part (text and attributes alike, since
 * sanitize-html always writes quoted attributes; a link or image left with a scheme other than
 * ours is then removed), as they are for the text part, on one line for
 * the subject and the sender's name.
 */
export function renderTemplate(template: RenderableTemplate, values: VariableValues, trainingDomain: string): RenderedMail {
  const from: MailSender = {
    name: oneLine(replaceVariables(template.sender_name, (name) => values[name])).trim(),
    address: `${template.sender_local_part}@${trainingDomain}`,
  };
  return {
    subject: oneLine(replaceVariables(template.subject, (name) => values[name])).trim(),
    html: withSafeUrls(replaceVariables(template.html_body, (name) => escapeHtml(values[name]))),
    text: replaceVariables(template.text_body, (name) => values[name]),
    from,
    fromLine: from.name ? `${from.name} <${from.address}>` : from.address,
  };
}

/**
 * The preview as a document of its own, served under a CSP that allows no script, no plugin and
 * images over https only (template-preview.routes.ts). The body is the sanitised, rendered HTML.
 */
export function previewDocument(renderedHtml: string): string {
  return [
    '<!doctype html>',
    '<html lang="ja">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    `<title>${escapeHtml(templateMessages.previewTitle)}</title>`,
    '</head>',
    '<body style="margin:0;padding:16px;background:#ffffff;color:#222222;font-family:sans-serif;word-break:break-word;">',
    renderedHtml,
    '</body>',
    '</html>',
  ].join('\n');
}
