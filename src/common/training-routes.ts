/**
 * Paths of the training part (SPEC §2.1, §2.2). The server renders the host page for exactly
 * these, and the client's router declares the same ones, so an unknown path is unknown to both.
 * The main paths and the sign-in's storage key live in training-paths.ts (see there why) and are
 * re-exported here.
 */
import { trainingPaths } from './training-paths';

export { AUTH_TOKEN_STORAGE_KEY, trainingPaths } from './training-paths';

/** Every route served by the single-page app in the `app` container (SPEC §2.1), as router patterns. */
export const SPA_ROUTE_PATTERNS = [
  '/corporate/login',
  '/corporate/password/forgot',
  '/corporate/password/reset',
  '/corporate/dashboard',
  '/campaigns',
  '/campaigns/create',
  '/campaigns/confirm',
  '/campaigns/:id/complete',
  '/campaigns/:id',
  '/campaigns/:id/edit',
  '/templates',
  '/templates/create',
  '/templates/:id',
  '/templates/:id/edit',
  '/users',
  '/account',
  '/account/email/verify',
  '/account/upgrade',
  '/account/upgrade/info',
  '/account/upgrade/payment',
  '/account/upgrade/confirm',
  '/account/upgrade/complete',
  '/account/organization/edit',
  '/account/organization/complete',
  '/account/billing',
  '/billing',
  '/billing/:usageId',
] as const;

/** The title of every SPA screen (the server's <title> before the app loads, and the app's headings). */
export const SPA_ROUTE_TITLES: Record<(typeof SPA_ROUTE_PATTERNS)[number], string> = {
  '/corporate/login': 'ログイン',
  '/corporate/password/forgot': 'パスワードをお忘れの方',
  '/corporate/password/reset': 'パスワードの再設定',
  '/account/email/verify': 'メールアドレスの確認',
  '/corporate/dashboard': 'ダッシュボード',
  '/campaigns': 'キャンペーン一覧',
  '/campaigns/create': 'キャンペーン作成',
  '/campaigns/confirm': 'キャンペーン内容の確認',
  '/campaigns/:id/complete': 'キャンペーン作成完了',
  '/campaigns/:id': 'キャンペーン詳細',
  '/campaigns/:id/edit': 'キャンペーン編集',
  '/templates': 'テンプレート一覧',
  '/templates/create': 'テンプレート作成',
  '/templates/:id': 'テンプレート詳細',
  '/templates/:id/edit': 'テンプレート編集',
  '/users': 'ユーザー管理',
  '/account': 'アカウント',
  '/account/upgrade': 'プランのアップグレード',
  '/account/upgrade/info': 'プランのアップグレード',
  '/account/upgrade/payment': 'お支払い情報の入力',
  '/account/upgrade/confirm': 'アップグレード内容の確認',
  '/account/upgrade/complete': 'アップグレード完了',
  '/account/organization/edit': '組織情報の編集',
  '/account/organization/complete': '組織情報の変更完了',
  '/account/billing': 'ご利用状況・請求',
  '/billing': 'ご利用状況・請求',
  '/billing/:usageId': 'ご利用明細',
};

/** Where the register page is told to go after the account-info step (SPEC §2.2 step 4). */
export function registrationCompleteUrl(email: string, organizationName: string): string {
  const query = new URLSearchParams({ email, organization_name: organizationName });
  return `${trainingPaths.registrationComplete}?${query.toString()}`;
}

/** The emailed link of step 2 opens the account-info page with the token and the address. */
export function accountInfoPath(token: string, email: string): string {
  const query = new URLSearchParams({ token, email });
  return `${trainingPaths.accountInfo}?${query.toString()}`;
}

export function passwordResetPath(token: string, email: string): string {
  const query = new URLSearchParams({ token, email });
  return `${trainingPaths.passwordReset}?${query.toString()}`;
}

export function emailChangeVerifyPath(token: string): string {
  return `${trainingPaths.emailChangeVerify}?${new URLSearchParams({ token }).toString()}`;
}
