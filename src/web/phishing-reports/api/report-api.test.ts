import { describe, expect, it } from 'vitest';
import { reportMessages as m } from '../../../common/report-messages';
import { ApiError } from '../../lib/api-client';
import { analyzeErrorMessage, deleteFailure, submitErrorMessage } from './report-api';
import { asReport, asReportPage, asScreenshotFormData, UnexpectedAnswerError } from './report-guards';

const report = {
  report_id: 'abcdefghijklmnop',
  receipt_method: 'email',
  subject: '件名',
  body: '本文',
  source_email: 'a@example.com',
  phone_number: null,
  screenshot_url: '/media/redacted-screenshots/abcdefghijklmnopqrstuv.png',
  thumbnail_url: '/media/screenshot-thumbnails/abcdefghijklmnopqrstuv.png',
  publish_screenshot: true,
  screenshot_status: 'published',
  reported_at: '2026-11-21T14:05:00+09:00',
  similar_count: 2,
};

describe('SPEC §8 wording per status', () => {
  it('maps submit failures', () => {
    expect(submitErrorMessage(new ApiError(413, 'x'))).toBe(m.submitTooLarge);
    expect(submitErrorMessage(new ApiError(500, 'internal'))).toBe(m.submitServerError);
    expect(submitErrorMessage(new ApiError(429, null))).toBe(m.submitRateLimited);
    expect(submitErrorMessage(new ApiError(429, 'あと1時間お待ちください'))).toBe('あと1時間お待ちください');
    expect(submitErrorMessage(new ApiError(419, 'ページの有効期限が切れました。'))).toBe('ページの有効期限が切れました。');
    expect(submitErrorMessage(new ApiError(0, null))).toBe(m.networkError);
    expect(submitErrorMessage(new TypeError('boom'))).toBe(m.networkError);
  });

  it('maps analysis failures', () => {
    expect(analyzeErrorMessage(new ApiError(429, null))).toBe(m.analyzeRateLimited);
    expect(analyzeErrorMessage(new ApiError(429, 'server says'))).toBe('server says');
    expect(analyzeErrorMessage(new ApiError(422, 'x'))).toBe(m.analyzeFailed);
    expect(analyzeErrorMessage(new ApiError(500, 'x'))).toBe(m.analyzeServerError);
    expect(analyzeErrorMessage(new ApiError(404, 'not found'))).toBe(m.analyzeServerError);
  });

  it('maps delete failures, locking on 429', () => {
    expect(deleteFailure(new ApiError(401, 'x'))).toEqual({ locked: false, message: m.deleteWrongPassword });
    expect(deleteFailure(new ApiError(429, null))).toEqual({ locked: true, message: m.deleteLocked });
    expect(deleteFailure(new ApiError(429, 'ロック中'))).toEqual({ locked: true, message: 'ロック中' });
    expect(deleteFailure(new ApiError(404, 'x'))).toEqual({ locked: false, message: m.deleteFailed });
  });
});

describe('answer guards', () => {
  it('accepts a report and a page', () => {
    expect(asReport(report)).toEqual(report);
    const { thumbnail_url: _omitted, ...withoutThumbnail } = report;
    expect(asReport(withoutThumbnail).thumbnail_url).toBeNull();
    const page = asReportPage({ reports: [report], pagination: { total: 1, limit: 20, offset: 0, has_more: false } });
    expect(page.reports).toHaveLength(1);
    expect(page.pagination.total).toBe(1);
    expect(page.pagination.total_capped).toBeUndefined();
    const capped = asReportPage({ reports: [report], pagination: { total: 200, limit: 20, offset: 0, has_more: true, total_capped: true } });
    expect(capped.pagination.total_capped).toBe(true);
  });

  it('reads the redaction state and the group size, with defaults for answers without them', () => {
    expect(asReport({ ...report, screenshot_status: 'pending', screenshot_url: null, thumbnail_url: null }).screenshot_status).toBe('pending');
    expect(asReport({ ...report, screenshot_status: 'failed', screenshot_url: null, thumbnail_url: null }).screenshot_status).toBe('failed');
    const { screenshot_status: _status, similar_count: _count, ...older } = report;
    expect(asReport(older)).toMatchObject({ screenshot_status: 'published', similar_count: 0 });
    expect(asReport({ ...older, screenshot_url: null, thumbnail_url: null }).screenshot_status).toBe('none');
    expect(asReport({ ...report, screenshot_status: 'exploded' }).screenshot_status).toBe('published');
    expect(asReport({ ...report, similar_count: -1 }).similar_count).toBe(0);
    expect(asReport({ ...report, similar_count: '3' }).similar_count).toBe(0);
  });

  it('refuses malformed answers instead of rendering them', () => {
    expect(() => asReport({ ...report, receipt_method: 'fax' })).toThrow(UnexpectedAnswerError);
    expect(() => asReport({ ...report, body: 42 })).toThrow(UnexpectedAnswerError);
    expect(() => asReport({ ...report, thumbnail_url: 7 })).toThrow(UnexpectedAnswerError);
    expect(() => asReportPage({ reports: 'x', pagination: {} })).toThrow(UnexpectedAnswerError);
  });

  it('reads analysis form data, empty strings and missing keys alike', () => {
    expect(asScreenshotFormData({ form_data: { source_email: 'a@b.jp', subject: 1 } })).toEqual({
      source_email: 'a@b.jp',
      source_phone: null,
      subject: null,
      body: null,
    });
  });
});
