import sharp from 'sharp';
import { sql } from 'kysely';
import type { InjectOptions } from 'fastify';
import type { DatabaseHandle } from '../db/database';
import { type TestContext, withCsrf } from './test-app';

export type ReportFields = Record<string, string>;

export const emailReportFields = (overrides: ReportFields = {}): ReportFields => ({
  receipt_method: 'email',
  source_info: 'security@amaz0n-support.example',
  subject: '【重要】アカウントの確認が必要です',
  body: 'お客様のアカウントに不審なログインがありました。\nhttps://amaz0n-verify.example/login から確認してください。',
  delete_password: '1234',
  ...overrides,
});

export const smsReportFields = (overrides: ReportFields = {}): ReportFields => ({
  receipt_method: 'sms',
  source_info: '090-1234-5678',
  body: 'お荷物をお届けにあがりましたが不在のため持ち帰りました。http://sagawa-xyz.example',
  delete_password: '5678',
  ...overrides,
});

export interface Upload {
  field?: string;
  content: Buffer;
  filename?: string;
  type?: string;
}

/** Encodes a multipart body exactly as a browser's FormData would. */
export async function multipartPayload(fields: ReportFields, upload?: Upload): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (upload) {
    form.append(upload.field ?? 'screenshot', new Blob([new Uint8Array(upload.content)], { type: upload.type ?? 'image/png' }), upload.filename ?? 'screenshot.png');
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') as string },
  };
}

export async function submitReport(context: TestContext, fields: ReportFields, upload?: Upload, extra: Partial<InjectOptions> = {}) {
  const { payload, headers } = await multipartPayload(fields, upload);
  return context.app.inject(
    withCsrf(context, { method: 'POST', url: '/api/phishing-reports', payload, ...extra, headers: { ...headers, ...(extra.headers ?? {}) } }),
  );
}

export async function submitOk(context: TestContext, fields: ReportFields, upload?: Upload): Promise<string> {
  const response = await submitReport(context, fields, upload);
  if (response.statusCode !== 201) throw new Error(`submit failed: ${response.statusCode} ${response.body}`);
  return response.json().data.report_id as string;
}

export function deleteReport(context: TestContext, reportId: string, password: string, headers: Record<string, string> = {}) {
  return context.app.inject(
    withCsrf(context, { method: 'DELETE', url: `/api/phishing-reports/${reportId}`, payload: { delete_password: password, fingerprint: 'fp-test' }, headers }),
  );
}

/** A real PNG carrying an EXIF text that must not survive re-encoding. */
export async function pngWithMetadata(width = 320, height = 640): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 240, g: 244, b: 255 } } })
    .png()
    .withExif({ IFD0: { ImageDescription: 'SECRET-EXIF-MARKER', Artist: 'SECRET-EXIF-MARKER' } })
    .toBuffer();
}

export async function jpegWithMetadata(): Promise<Buffer> {
  return sharp({ create: { width: 200, height: 300, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .jpeg()
    .withExif({ IFD0: { ImageDescription: 'SECRET-EXIF-MARKER' } })
    .toBuffer();
}

export async function gifImage(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 40, channels: 3, background: { r: 200, g: 0, b: 0 } } }).gif().toBuffer();
}

/** Empties the public report table so a test can count exactly; reports are not tenant-scoped. */
export async function clearReports(database: DatabaseHandle): Promise<void> {
  await sql`delete from phishing_reports`.execute(database.db);
  await sql`delete from phishing_report_groups`.execute(database.db);
  await sql`update phishing_report_counts set total = 0, revision = revision + 1`.execute(database.db);
}
