import { describe, expect, it } from 'vitest';
import { campaignMessages as m } from '../../../common/messages';
import { ApiError } from '../../lib/api-client';
import { launchFailure } from './campaign-launch';

describe('why a start failed', () => {
  it('shows the server message of the monthly allowance as it is', () => {
    const message = m.monthlyAllowanceExceeded(10, 3, 5);
    expect(launchFailure(new ApiError(422, message))).toEqual({ message, details: [] });
  });

  it('lists the per-field messages of a validation failure under the summary', () => {
    const error = new ApiError(422, '入力内容を確認してください', { end_at: [m.endInPast], template_ids: [m.templateUnknown, m.templateUnknown] });
    expect(launchFailure(error)).toEqual({ message: '入力内容を確認してください', details: [m.endInPast, m.templateUnknown] });
  });

  it('never shows the text of a server error', () => {
    expect(launchFailure(new ApiError(500, 'stack trace')).message).toBe('キャンペーンを開始できませんでした。時間をおいて再度お試しください。');
    expect(launchFailure(new ApiError(500, 'stack trace'), true).message).toBe('キャンペーンを更新できませんでした。時間をおいて再度お試しください。');
  });
});
