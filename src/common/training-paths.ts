/**
 * Paths of the training part (SPEC §2.1, §2.2) and where its sign-in is kept. Part of
 * training-routes.ts, which re-exports them; a module of its own because the public report pages
 * need these before first paint (the header's sign-in state, a 401's way to the login) and not the
 * SPA's route table and titles, and a module is never split between chunks.
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

/** Bearer token storage key in localStorage (SPEC §7: bearer token kept in local storage). */
export const AUTH_TOKEN_STORAGE_KEY = 'kizuki.auth_token';
