import { INDIVIDUAL_SCHEDULE, individualPaths } from '../../../common/individual-training';
import { escapeHtml } from '../../lib/html';
import { composeTrainingMail } from '../campaigns/campaign-mail';
import type { OutgoingMail } from '../mail/mail-message';
import { mailLink } from '../mail/mail-message';
import { OPERATOR } from '../pages/legal-document';
import { PRIVACY_CONTACT } from '../pages/privacy-policy.content';
import type { RenderableTemplate } from '../templates/template-render';
import type { DueSend } from './individual-dispatch.repo';

export interface IndividualMailOptions {
  appUrl: string;
  trackingUrl: string;
  trainingDomain: string;
  header: { name: string; value: string };
  now: Date;
}

/**
 * One individual training mail: the lure as a campaign sends it (tracked link, open pixel,
 * honeypot, simulation header), addressed with the person's address only (no name is asked for:
 * `{{name}}` becomes the address, as real phishing does), then a footer that says who sends it and
 * how to stop with one click, and the RFC 8058 headers so mail apps show their own button. The
 * first mail also says how the address came to be registered, and how to stop at once if the
 * reader did not register it. Never an ad.
 */
export function composeIndividualMail(send: DueSend, template: RenderableTemplate, options: IndividualMailOptions): OutgoingMail {
  const unsubscribeUrl = mailLink(options.appUrl, individualPaths.unsubscribe(send.unsubscribeToken));
  return composeTrainingMail({
    template,
    recipient: { name: send.email, email: send.email, department: null, token: send.token },
    companyName: '',
    now: options.now,
    trackingUrl: options.trackingUrl,
    trainingDomain: options.trainingDomain,
    header: options.header,
    unsubscribeUrl,
    footer: individualFooter({ first: send.sequence === 1, email: send.email, unsubscribeUrl }),
  });
}

interface FooterInput {
  first: boolean;
  email: string;
  unsubscribeUrl: string;
}

/** The part after the lure, in both the HTML and the text part. */
export function individualFooter(input: FooterInput): { html: string; text: string } {
  const registered = input.first
    ? [
        `このメールは、${input.email} が「キヅキ 個人向けフィッシング対策訓練」に登録されたためお送りした、1通目の訓練メールです。上の文面は訓練用に作成した模擬フィッシングメールで、リンクを開いても実際の被害はありません。`,
        'ご自身で登録した覚えがない場合は、お手数ですが下の「配信停止」から、今すぐ配信を停止してください。それ以降、このアドレスにメールが届くことはありません。',
      ]
    : [
        `このメールは「キヅキ 個人向けフィッシング対策訓練」に登録された ${input.email} へお送りしている訓練メールです（月1回程度、平日${INDIVIDUAL_SCHEDULE.startHour}時〜${INDIVIDUAL_SCHEDULE.endHour}時）。上の文面は訓練用の模擬フィッシングメールです。`,
      ];
  const sender = `送信者：${OPERATOR}（お問い合わせ：${PRIVACY_CONTACT.email}）`;
  const stop = 'ワンクリックで停止できます。ログインは不要です。';
  const stopInBrackets = '（ワンクリックで停止できます。ログインは不要です）';
  const text = [
    '―――――――――――――――――――――――――',
    '【キヅキ 個人向けフィッシング対策訓練】',
    ...registered,
    '',
    `配信停止：${input.unsubscribeUrl}`,
    stopInBrackets,
    sender,
  ].join('\n');
  const paragraph = (line: string) => `<p style="margin:0 0 8px;">${escapeHtml(line)}</p>`;
  const html =
    '<div style="margin-top:32px;padding-top:16px;border-top:1px solid #cccccc;font-family:sans-serif;font-size:12px;line-height:1.7;color:#555555;">' +
    '<p style="margin:0 0 8px;font-weight:bold;color:#333333;">キヅキ 個人向けフィッシング対策訓練</p>' +
    registered.map(paragraph).join('') +
    `<p style="margin:0 0 8px;"><a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#1d5fbf;">配信停止</a>：${escapeHtml(stop)}</p>` +
    paragraph(sender) +
    '</div>';
  return { html, text };
}
