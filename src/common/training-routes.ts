/**
 * Paths of the training part (SPEC §2.1, §2.2). The server renders the host page for exactly
 * these, and the client's router declares the same ones, so an unknown path is unknown to both.
 */
export const trainingPaths = {
  login: '/corporate/login',
  dashboard: '/corporate/dashboard',
  register: '/corporate/register',
  accountInfo: '/corporate/register/account',
  registrationComplete: '/corporate/registration/complete',
  passwordForgot: '/corporate/password/forgot',
  passwordReset: '/corporate/password/reset',
  emailChangeVerify: '/account/email/verify',
  campaigns: '/campaigns',
  templates: '/templates',
  users: '/users',
  account: '/account',
  billing: '/account/billing',
} as const;

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

/** Bearer token storage key in localStorage (SPEC §7: bearer token kept in local storage). */
export const AUTH_TOKEN_STORAGE_KEY = 'kizuki.auth_token';
