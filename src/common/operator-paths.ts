/** The operator console's pages (served as host pages, routed in the browser) and its token's storage key. */
export const operatorPaths = {
  login: '/operator/login',
  setup: '/operator/setup/:token',
  reports: '/operator/reports',
  report: '/operator/reports/:id',
  auditLog: '/operator/audit-log',
  tenants: '/operator/tenants',
} as const;

export const operatorReportPath = (reportId: string): string => `/operator/reports/${encodeURIComponent(reportId)}`;

/** sessionStorage, never the training token's key: an operator's sign-in ends with the tab. */
export const OPERATOR_TOKEN_STORAGE_KEY = 'kizuki.operator.token';

/** Rows per page of the operator tables. */
export const OPERATOR_PAGE_SIZE = 20;
