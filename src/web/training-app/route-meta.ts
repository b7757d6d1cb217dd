import { type SPA_ROUTE_PATTERNS, SPA_ROUTE_TITLES } from '../../common/training-routes';
import type { RouteAccess } from '../auth/auth-guard';

export type SpaRoutePattern = (typeof SPA_ROUTE_PATTERNS)[number];
export type NavSection = 'dashboard' | 'campaigns' | 'templates' | 'users' | 'account';

export type RouteMeta = {
  title: string;
  access: RouteAccess;
  /** Nav entry highlighted while on this screen. */
  section?: NavSection;
  /** What the screen is for, shown under the title of screens still in preparation. */
  description?: string;
  /** Breadcrumb between the dashboard and this screen. */
  parent?: { label: string; to: string };
};

const campaigns = { label: 'キャンペーン一覧', to: '/campaigns' };
const templates = { label: 'テンプレート一覧', to: '/templates' };
const account = { label: 'アカウント', to: '/account' };

/** Title, access and wording per route of SPEC §2.1; one entry for every SPA_ROUTE_PATTERNS path. */
export const ROUTE_META: Record<SpaRoutePattern, RouteMeta> = {
  '/corporate/login': { title: SPA_ROUTE_TITLES['/corporate/login'], access: 'guest' },
  '/corporate/password/forgot': { title: SPA_ROUTE_TITLES['/corporate/password/forgot'], access: 'guest' },
  '/corporate/password/reset': { title: SPA_ROUTE_TITLES['/corporate/password/reset'], access: 'guest' },
  '/account/email/verify': { title: SPA_ROUTE_TITLES['/account/email/verify'], access: 'any' },
  '/corporate/dashboard': { title: SPA_ROUTE_TITLES['/corporate/dashboard'], access: 'protected', section: 'dashboard' },
  '/campaigns': {
    title: SPA_ROUTE_TITLES['/campaigns'],
    access: 'protected',
    section: 'campaigns',
    description: '作成した訓練キャンペーンの一覧です。実施状況や開封率・クリック率をキャンペーンごとに確認できます。',
  },
  '/campaigns/create': {
    title: SPA_ROUTE_TITLES['/campaigns/create'],
    access: 'protected',
    section: 'campaigns',
    parent: campaigns,
    description: '訓練メールのテンプレート、送信対象の従業員、送信日時を選んで新しい訓練キャンペーンを作成します。',
  },
  '/campaigns/confirm': {
    title: SPA_ROUTE_TITLES['/campaigns/confirm'],
    access: 'protected',
    section: 'campaigns',
    parent: campaigns,
    description: '送信前に、キャンペーンの内容・対象者・送信日時を最終確認します。',
  },
  '/campaigns/:id/complete': {
    title: SPA_ROUTE_TITLES['/campaigns/:id/complete'],
    access: 'protected',
    section: 'campaigns',
    parent: campaigns,
    description: 'キャンペーンの作成が完了したことをお知らせし、送信予定を確認できる画面です。',
  },
  '/campaigns/:id': {
    title: SPA_ROUTE_TITLES['/campaigns/:id'],
    access: 'protected',
    section: 'campaigns',
    parent: campaigns,
    description: 'キャンペーンの送信状況と、対象者ごとの開封・クリックの結果を確認します。',
  },
  '/campaigns/:id/edit': {
    title: SPA_ROUTE_TITLES['/campaigns/:id/edit'],
    access: 'protected',
    section: 'campaigns',
    parent: campaigns,
    description: '送信前のキャンペーンについて、内容・対象者・送信日時を変更します。',
  },
  '/templates': {
    title: SPA_ROUTE_TITLES['/templates'],
    access: 'protected',
    section: 'templates',
  },
  '/templates/create': {
    title: SPA_ROUTE_TITLES['/templates/create'],
    access: 'protected',
    section: 'templates',
    parent: templates,
  },
  '/templates/:id': {
    title: SPA_ROUTE_TITLES['/templates/:id'],
    access: 'protected',
    section: 'templates',
    parent: templates,
  },
  '/templates/:id/edit': {
    title: SPA_ROUTE_TITLES['/templates/:id/edit'],
    access: 'protected',
    section: 'templates',
    parent: templates,
  },
  '/users': { title: SPA_ROUTE_TITLES['/users'], access: 'protected', section: 'users' },
  '/account': { title: SPA_ROUTE_TITLES['/account'], access: 'protected', section: 'account' },
  '/account/upgrade': {
    title: SPA_ROUTE_TITLES['/account/upgrade'],
    access: 'protected',
    section: 'account',
    parent: account,
    description: '有料プランの内容をご確認のうえ、フリープランからアップグレードできます。',
  },
  '/account/upgrade/info': {
    title: SPA_ROUTE_TITLES['/account/upgrade/info'],
    access: 'protected',
    section: 'account',
    parent: account,
    description: '有料プランの内容をご確認のうえ、フリープランからアップグレードできます。',
  },
  '/account/upgrade/payment': {
    title: SPA_ROUTE_TITLES['/account/upgrade/payment'],
    access: 'protected',
    section: 'account',
    parent: account,
    description: 'アップグレードにあたり、お支払い方法を登録します。',
  },
  '/account/upgrade/confirm': {
    title: SPA_ROUTE_TITLES['/account/upgrade/confirm'],
    access: 'protected',
    section: 'account',
    parent: account,
    description: '変更後のプランとご請求内容を確認します。',
  },
  '/account/upgrade/complete': {
    title: SPA_ROUTE_TITLES['/account/upgrade/complete'],
    access: 'protected',
    section: 'account',
    parent: account,
    description: 'プランの変更が完了したことをお知らせします。',
  },
  '/account/organization/edit': {
    title: SPA_ROUTE_TITLES['/account/organization/edit'],
    access: 'protected',
    section: 'account',
    parent: account,
    description: '組織名などの組織情報を変更します。',
  },
  '/account/organization/complete': {
    title: SPA_ROUTE_TITLES['/account/organization/complete'],
    access: 'protected',
    section: 'account',
    parent: account,
    description: '組織情報の変更が完了したことをお知らせします。',
  },
  '/account/billing': {
    title: SPA_ROUTE_TITLES['/account/billing'],
    access: 'protected',
    section: 'account',
    parent: account,
    description: '月ごとの訓練メールの送信数と、ご請求の内容を確認します。',
  },
  '/billing': {
    title: SPA_ROUTE_TITLES['/billing'],
    access: 'protected',
    section: 'account',
    parent: account,
    description: '月ごとの訓練メールの送信数と、ご請求の内容を確認します。',
  },
  '/billing/:usageId': {
    title: SPA_ROUTE_TITLES['/billing/:usageId'],
    access: 'protected',
    section: 'account',
    parent: { label: 'ご利用状況・請求', to: '/account/billing' },
    description: '選択した月の訓練メールの送信数と、ご請求の明細を確認します。',
  },
};

export const APP_NAME = 'キヅキ';

export function documentTitle(title: string | undefined): string {
  return title ? `${title}｜${APP_NAME}` : APP_NAME;
}
