import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { accountMessages } from '../../../common/messages';
import { campaignRates, dashboardErrorMessage, isIndividualRefusal, isUnconfirmedRefusal, rateText, statusLabel } from './dashboard-api';

describe('rate display (SPEC §9)', () => {
  it('shows whole percents of sent', () => {
    expect(rateText(1, 3)).toBe('33%');
    expect(rateText(2, 3)).toBe('67%');
    expect(rateText(5, 5)).toBe('100%');
  });

  it('shows 0% when nothing was sent', () => {
    expect(rateText(0, 0)).toBe('0%');
    expect(rateText(3, 0)).toBe('0%');
  });

  it('computes both rates of a campaign', () => {
    const campaign = {
      campaign_id: 1,
      campaign_name: 'x',
      status: 'running',
      total_targets: 10,
      emails_sent: 8,
      emails_opened: 4,
      emails_clicked: 1,
      created_at: '2026-01-01T00:00:00Z',
    };
    expect(campaignRates(campaign)).toEqual({ open: '50%', click: '13%' });
  });
});

describe('dashboard wording', () => {
  it('labels statuses in Japanese and keeps unknown ones', () => {
    expect(statusLabel('completed')).toBe('完了');
    expect(statusLabel('archived')).toBe('archived');
  });

  it('uses the server message for a refusal and a fixed text otherwise', () => {
    expect(dashboardErrorMessage(new ApiError(403, '法人アカウント専用です'))).toBe('法人アカウント専用です');
    expect(dashboardErrorMessage(new ApiError(500, 'boom'))).toMatch(/取得できませんでした/);
    expect(dashboardErrorMessage(new ApiError(0, null))).toMatch(/取得できませんでした/);
  });
});

describe('403 refusals', () => {
  it('tells an account whose address is not confirmed from an individual account', () => {
    const unconfirmed = new ApiError(403, accountMessages.emailUnconfirmed);
    const individual = new ApiError(403, 'この機能は法人アカウントでのみご利用いただけます。');
    expect(isUnconfirmedRefusal(unconfirmed)).toBe(true);
    expect(isIndividualRefusal(unconfirmed)).toBe(false);
    expect(isUnconfirmedRefusal(individual)).toBe(false);
    expect(isIndividualRefusal(individual)).toBe(true);
  });
});
