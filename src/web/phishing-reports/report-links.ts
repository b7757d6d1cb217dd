export const REPORT_LIST_PATH = '/phishing-reports';

export const reportHref = (reportId: string): string => `${REPORT_LIST_PATH}/${encodeURIComponent(reportId)}`;
