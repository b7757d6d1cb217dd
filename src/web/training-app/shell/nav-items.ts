import { trainingPaths } from '../../../common/training-routes';
import type { NavSection } from '../route-meta';

export type NavItem = { label: string; to: string; section?: NavSection; external?: boolean };

/** Main menu of the signed-in screens; Kizuki DB is the public report database outside the app. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'ダッシュボード', to: trainingPaths.dashboard, section: 'dashboard' },
  { label: 'キャンペーン', to: trainingPaths.campaigns, section: 'campaigns' },
  { label: 'テンプレート', to: trainingPaths.templates, section: 'templates' },
  { label: 'ユーザー管理', to: trainingPaths.users, section: 'users' },
  { label: 'Kizuki DB', to: '/phishing-reports', external: true },
  { label: 'アカウント', to: trainingPaths.account, section: 'account' },
];
