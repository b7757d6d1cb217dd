import sharp from 'sharp';
import type { Pagination, PublicReport } from '../../../src/common/phishing-report.schema';
import type { ReportFields, Upload } from '../../../src/server/test/report-factories';

/**
 * Talks to the real server's public API the way a browser page would (CSRF cookie + header),
 * so tests can seed reports quickly and read back what the UI should show.
 */

export type { ReportFields, Upload } from '../../../src/server/test/report-factories';
export type { PublicReport } from '../../../src/common/phishing-report.schema';
export { emailReportFields as emailReport, smsReportFields as smsReport } from '../../../src/server/test/report-factories';

export interface ReportPage {
  reports: PublicReport[];
  pagination: Pagination;
}

/** A small real PNG (sharp-generated) with a visible pattern, for upload through the form or the API. */
export async function smallPng(width = 120, height = 200): Promise<Buffer> {
  const stripe = await sharp({ create: { width, height: Math.max(1, Math.round(height / 4)), channels: 3, background: { r: 29, g: 78, b: 216 } } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: { r: 240, g: 244, b: 255 } } })
    .composite([{ input: stripe, top: 0, left: 0 }])
    .png()
    .toBuffer();
}

export class ApiClient {
  private csrf: { cookie: string; token: string } | null = null;

  constructor(readonly baseUrl: string) {}

  private async csrfHeaders(): Promise<Record<string, string>> {
    if (!this.csrf) {
      const response = await fetch(`${this.baseUrl}/sanctum/csrf-cookie`);
      if (response.status !== 204) throw new Error(`csrf-cookie answered ${response.status}`);
      const cookies = response.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');
      const browserId = cookies.find((pair) => pair.startsWith('kizuki_browser_id='));
      const xsrf = cookies.find((pair) => pair.startsWith('XSRF-TOKEN='));
      if (!browserId || !xsrf) throw new Error(`csrf-cookie set no usable cookies: ${cookies.join(', ')}`);
      this.csrf = { cookie: `${browserId}; ${xsrf}`, token: decodeURIComponent(xsrf.slice('XSRF-TOKEN='.length)) };
    }
    return { cookie: this.csrf.cookie, 'x-xsrf-token': this.csrf.token };
  }

  /** POST /api/phishing-reports as multipart, exactly as the form sends it; returns the new id. */
  async createReport(fields: ReportFields, upload?: Upload): Promise<string> {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    if (upload) {
      form.append('screenshot', new Blob([new Uint8Array(upload.content)], { type: upload.type ?? 'image/png' }), upload.filename ?? 'screenshot.png');
    }
    const encoded = new Response(form);
    const response = await fetch(`${this.baseUrl}/api/phishing-reports`, {
      method: 'POST',
      headers: { ...(await this.csrfHeaders()), 'content-type': encoded.headers.get('content-type') ?? '' },
      body: await encoded.arrayBuffer(),
    });
    const payload = (await response.json()) as { success?: boolean; data?: { report_id?: string } };
    if (response.status !== 201 || !payload.success || !payload.data?.report_id) {
      throw new Error(`seeding a report failed: ${response.status} ${JSON.stringify(payload)}`);
    }
    return payload.data.report_id;
  }

  /** Seeds one after another so report order (newest first) follows the array order reversed. */
  async createReports(list: ReportFields[]): Promise<string[]> {
    const ids: string[] = [];
    for (const fields of list) ids.push(await this.createReport(fields));
    return ids;
  }

  async getReport(reportId: string): Promise<PublicReport> {
    const response = await fetch(`${this.baseUrl}/api/phishing-reports/${encodeURIComponent(reportId)}`);
    const payload = (await response.json()) as { success?: boolean; data?: PublicReport };
    if (!response.ok || !payload.success || !payload.data) throw new Error(`reading report ${reportId} failed: ${response.status}`);
    return payload.data;
  }

  async reportStatus(reportId: string): Promise<number> {
    return (await fetch(`${this.baseUrl}/api/phishing-reports/${encodeURIComponent(reportId)}`)).status;
  }

  /** POST /api/phishing-reports/analyze-screenshot (the form's 自動入力); answers the status. */
  async analyzeScreenshot(upload: Upload): Promise<number> {
    const form = new FormData();
    form.append('screenshot', new Blob([new Uint8Array(upload.content)], { type: upload.type ?? 'image/png' }), upload.filename ?? 'screenshot.png');
    const encoded = new Response(form);
    const response = await fetch(`${this.baseUrl}/api/phishing-reports/analyze-screenshot`, {
      method: 'POST',
      headers: { ...(await this.csrfHeaders()), 'content-type': encoded.headers.get('content-type') ?? '' },
      body: await encoded.arrayBuffer(),
    });
    await response.arrayBuffer();
    return response.status;
  }

  async listReports(
    query: { limit?: number; offset?: number; receipt_method?: 'email' | 'sms'; q?: string; similar_to?: string } = {},
  ): Promise<ReportPage> {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
    const response = await fetch(`${this.baseUrl}/api/phishing-reports?${params}`);
    const payload = (await response.json()) as { success?: boolean; data?: ReportPage };
    if (!response.ok || !payload.success || !payload.data) throw new Error(`listing reports failed: ${response.status}`);
    return payload.data;
  }

  async total(): Promise<number> {
    return (await this.listReports({ limit: 1 })).pagination.total;
  }
}

/**
 * SPEC §9: the detail shows the date and time to the minute in Japanese style, e.g. 2026/11/21 14:05.
 * Computed by hand in Japan time (not with the app's formatter) so a wrong app format shows up.
 */
export function japaneseDateTime(iso: string): string {
  const jst = new Date(Date.parse(iso) + 9 * 60 * 60 * 1000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${jst.getUTCFullYear()}/${pad(jst.getUTCMonth() + 1)}/${pad(jst.getUTCDate())} ${pad(jst.getUTCHours())}:${pad(jst.getUTCMinutes())}`;
}

/** SPEC §9: the list shows the date only, e.g. 2026/11/21. */
export function japaneseDate(iso: string): string {
  return japaneseDateTime(iso).slice(0, 10);
}
