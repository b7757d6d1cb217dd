import { FREE_PLAN, FREE_PLAN_FEATURES } from '../../../common/plans';
import { accountInfoPath, emailChangeVerifyPath, passwordResetPath, trainingPaths } from '../../../common/training-routes';
import { mailLink, type OutgoingMail } from '../mail/mail-message';
import { CORPORATE_CONTACT } from '../pages/corporate-terms.content';
import type { Account } from './accounts.repo';
import { composeAccountMail, honorific, mailDateTime, quotedUserText } from './account-mail-layout';

/*
 * The transactional mails of the training accounts. Each is a pure function of its input, so a
 * service can build the mail inside the transaction that creates the token it carries. None has
 * List-Unsubscribe: they answer an action of the recipient, or warn about one.
 *
 * User-written text (names, organisation names) never reaches an address that is not confirmed,
 * and where it appears it is quoted in a labelled field or in the greeting of the account's own
 * confirmed address, never as what the service says.
 */

/** The name a mail to this user may greet them by: none until their address is confirmed. */
export function mailName(user: Pick<Account, 'name' | 'email_verified_at'>): string {
  return user.email_verified_at === null ? '' : user.name;
}

const THANKS = 'キヅキ（Kizuki）をご利用いただき、誠にありがとうございます。';

/** Relative paths from src/common become absolute links on APP_URL (never the request's Host). */
const link = (appUrl: string, pathAndQuery: string): string => {
  const url = new URL(pathAndQuery, 'http://path.invalid');
  return mailLink(appUrl, url.pathname, Object.fromEntries(url.searchParams));
};

export function registrationConfirmationMail(input: { to: string; appUrl: string; token: string; expiresAt: Date }): OutgoingMail {
  return composeAccountMail({
    to: input.to,
    appUrl: input.appUrl,
    subject: '【キヅキ】法人アカウント登録のご案内（メールアドレスの確認）',
    addressee: ['ご担当者様'],
    paragraphs: [
      'このたびは、法人向けセキュリティ訓練サービス「キヅキ（Kizuki）」にお申し込みいただき、誠にありがとうございます。',
      'メールアドレスの確認のため、下記のリンクからアカウント情報の入力画面を開き、組織名とパスワードを入力して登録を完了してください。',
    ],
    action: { label: 'アカウント情報を入力する', url: link(input.appUrl, accountInfoPath(input.token, input.to)) },
    notes: [
      `このURLの有効期限は${mailDateTime(input.expiresAt)}です。登録が完了すると、このURLは使えなくなります。`,
      '有効期限が切れた場合は、お手数ですが登録画面から再度お手続きください。',
      '本メールにお心当たりのない場合は、どなたかが誤ってメールアドレスを入力した可能性があります。URLを開かない限り登録は行われませんので、本メールは破棄してください。',
    ],
    contact: CORPORATE_CONTACT,
  });
}

export function passwordResetMail(input: { to: string; appUrl: string; token: string; expiresAt: Date; name: string }): OutgoingMail {
  return composeAccountMail({
    to: input.to,
    appUrl: input.appUrl,
    subject: '【キヅキ】パスワード再設定のご案内',
    addressee: [honorific(input.name)],
    paragraphs: [THANKS, 'パスワード再設定のお申し込みを受け付けました。下記のリンクから、新しいパスワードを設定してください。'],
    action: { label: 'パスワードを再設定する', url: link(input.appUrl, passwordResetPath(input.token, input.to)) },
    notes: [
      `このURLの有効期限は${mailDateTime(input.expiresAt)}です。パスワードを再設定すると、このURLは使えなくなります。`,
      '本メールにお心当たりのない場合は、どなたかが誤ってメールアドレスを入力した可能性があります。パスワードは変更されませんので、本メールは破棄してください。',
    ],
  });
}

/** Goes to an address not confirmed yet, so it carries nothing the requester wrote (not even their name). */
export function emailChangeMail(input: { to: string; appUrl: string; token: string; expiresAt: Date }): OutgoingMail {
  return composeAccountMail({
    to: input.to,
    appUrl: input.appUrl,
    subject: '【キヅキ】メールアドレス変更の確認',
    addressee: ['ご利用者様'],
    paragraphs: [
      THANKS,
      `アカウントのメールアドレスを、本メールの宛先（${input.to}）へ変更するお手続きを受け付けました。下記のリンクを開くと、変更が完了します。`,
    ],
    action: { label: 'メールアドレスの変更を確定する', url: link(input.appUrl, emailChangeVerifyPath(input.token)) },
    notes: [
      `このURLの有効期限は${mailDateTime(input.expiresAt)}です。`,
      '変更が完了するまでは、これまでのメールアドレスでログインしてください。',
      '本メールにお心当たりのない場合は、本メールを破棄してください。URLを開かない限り、メールアドレスは変更されません。',
    ],
  });
}

/**
 * After a direct registration (POST /api/auth/register/*): confirms that the address belongs to
 * whoever registered it. The address is not confirmed yet, so the mail carries nothing the
 * registrant wrote: no organisation, no name.
 */
export function emailConfirmationMail(input: { to: string; appUrl: string; token: string; expiresAt: Date }): OutgoingMail {
  return composeAccountMail({
    to: input.to,
    appUrl: input.appUrl,
    subject: '【キヅキ】メールアドレスの確認のお願い',
    addressee: ['ご利用者様'],
    paragraphs: [
      THANKS,
      `キヅキ（Kizuki）のアカウント登録のお申し込みにあたり、本メールの宛先（${input.to}）がメールアドレスとして入力されました。ご本人によるお申し込みであれば、下記のリンクを開いてメールアドレスの確認を完了してください。`,
      '確認が完了するまで、ダッシュボードなどの機能はご利用いただけません。',
    ],
    action: { label: 'メールアドレスを確認する', url: link(input.appUrl, emailChangeVerifyPath(input.token)) },
    notes: [
      `このURLの有効期限は${mailDateTime(input.expiresAt)}です。期限が切れた場合は、ログイン後の画面から確認メールを再送できます。`,
      '本メールにお心当たりのない場合は、どなたかが誤ってメールアドレスを入力した可能性があります。URLを開かない限り登録は確定せず、このメールアドレスで改めてご登録いただくこともできますので、本メールは破棄してください。',
    ],
  });
}

export function passwordChangedNoticeMail(input: { to: string; appUrl: string; name: string; changedAt: Date }): OutgoingMail {
  return composeAccountMail({
    to: input.to,
    appUrl: input.appUrl,
    subject: '【キヅキ】パスワード変更のお知らせ',
    addressee: [honorific(input.name)],
    paragraphs: [
      THANKS,
      `${mailDateTime(input.changedAt)}に、キヅキ（Kizuki）のアカウント（${input.to}）のパスワードが変更されました。ご自身で変更された場合は、本メールへの対応は不要です。`,
      'お心当たりのない場合は、第三者がアカウントに不正にアクセスしたおそれがあります。至急、下記のリンクからパスワードを再設定してください。',
    ],
    action: { label: 'パスワードを再設定する', url: link(input.appUrl, trainingPaths.passwordForgot) },
    notes: ['セキュリティ保護のため、パスワードが変更されるたびにお知らせしています。'],
  });
}

/**
 * After a corporate sign-up through the mailed link (the address is confirmed). The organisation
 * name the registrant typed appears only quoted, in a labelled field of the registration details.
 */
export function welcomeMail(input: { to: string; appUrl: string; organizationName: string }): OutgoingMail {
  return composeAccountMail({
    to: input.to,
    appUrl: input.appUrl,
    subject: '【キヅキ】アカウント登録完了のお知らせ',
    addressee: ['ご担当者様'],
    paragraphs: ['このたびは、キヅキ（Kizuki）にご登録いただき、誠にありがとうございます。アカウントの登録が完了しましたので、お知らせいたします。'],
    sections: [
      {
        heading: 'ご登録内容',
        lines: [`組織名（ご登録時の入力内容）：${quotedUserText(input.organizationName)}`, `ログインID（メールアドレス）：${input.to}`, `ご利用プラン：${FREE_PLAN.name}`],
      },
      { heading: `${FREE_PLAN.name}でご利用いただける内容`, lines: FREE_PLAN_FEATURES },
      {
        heading: 'はじめに行うこと',
        ordered: true,
        lines: [
          'ログインし、訓練の対象となる従業員の方を登録します。',
          '訓練キャンペーンを作成し、訓練メールを送信します。',
          'ダッシュボードで開封・クリックの状況を確認し、社内の注意喚起にお役立てください。',
        ],
      },
    ],
    action: { label: 'ログインする', url: link(input.appUrl, trainingPaths.login) },
    notes: [
      'パスワードは、セキュリティ保護のため本メールには記載しておりません。ご登録時に設定したパスワードでログインしてください。',
      '本メールにお心当たりのない場合は、お手数ですが下記のお問い合わせ先までご連絡ください。',
    ],
    contact: CORPORATE_CONTACT,
  });
}
