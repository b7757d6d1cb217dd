import { seededRandom } from '../../../common/seeded-random';
import { describe, expect, it } from 'vitest';
import { campaignMessages as m } from '../../../common/messages';
import type { CampaignAudience, CampaignSchedule } from '../../../common/campaigns.schema';
import { EMPTY_CAMPAIGN, type CampaignFormValues } from './campaign-form-schema';
import {
  allowanceText,
  exceedsAllowance,
  firstSendOf,
  previewSchedule,
  reservedBy,
  scheduleConditions,
  scheduleInWords,
  withOwnReservation,
} from './campaign-schedule-text';

/** Friday 2026-11-20, 20:00 in Tokyo: after business hours, before a weekend. */
const NOW = new Date('2026-11-20T11:00:00Z');
const base: CampaignFormValues = { ...EMPTY_CAMPAIGN, campaign_name: 'x', template_ids: [1] };

describe('the schedule in words', () => {
  it('says when the mail goes', () => {
    const anyTime = { business_hours_only: false, weekdays_only: false, skip_holidays: false };
    expect(scheduleInWords({ ...base, ...anyTime })).toBe('開始後すぐに対象者全員へ送信します。');
    expect(scheduleInWords(base)).toBe('開始後、送信する時間帯に入りしだい対象者全員へ送信します。');
    expect(scheduleInWords({ ...base, ...anyTime, start_mode: 'later', start_local: '2026-11-24T10:00' })).toBe('2026年11月24日（火） 10:00 に対象者全員へ送信します。');
    expect(scheduleInWords({ ...base, start_mode: 'later', start_local: '2026-11-24T10:00' })).toBe(
      '2026年11月24日（火） 10:00 以降、送信する時間帯に入りしだい対象者全員へ送信します。',
    );
    expect(scheduleInWords({ ...base, start_mode: 'later', start_local: '2026-11-24T10:00', spread: true, end_local: '2026-11-27T18:00' })).toBe(
      '2026年11月24日（火） 10:00 から 2026年11月27日（金） 18:00 までの間に、受信者ごとにランダムな時刻で送信します。',
    );
    expect(scheduleInWords({ ...base, spread: true, end_local: '2026-11-27T18:00', randomize: false })).toBe(
      '開始後すぐから 2026年11月27日（金） 18:00 までの間に、均等な間隔で送信します。',
    );
  });

  it('lists the rules that hold a send back', () => {
    expect(scheduleConditions(base)).toEqual(['営業時間内のみ（9:00〜18:00）', '平日のみ', '祝日を除く']);
    expect(scheduleConditions({ business_hours_only: false, weekdays_only: false, skip_holidays: false })).toEqual([]);
  });
});

describe('the preview of the send times', () => {
  it('moves "start now" after hours on a Friday past the weekend and Monday 23 November (勤労感謝の日) to Tuesday 9:00', () => {
    const preview = previewSchedule(base, 3, NOW);
    expect(preview.kind).toBe('planned');
    if (preview.kind !== 'planned') return;
    expect(preview.summary.first?.toISOString()).toBe('2026-11-24T00:00:00.000Z');
    expect(previewSchedule({ ...base, skip_holidays: false }, 3, NOW)).toMatchObject({ summary: { perDay: [{ day: '2026-11-23', count: 3 }] } });
    expect(preview.summary.perDay).toEqual([{ day: '2026-11-24', count: 3 }]);
  });

  it('spreads the sends over the allowed days of the window, and stays the same between renders', () => {
    const values = { ...base, start_mode: 'later' as const, start_local: '2026-11-24T09:00', spread: true, end_local: '2026-11-26T18:00' };
    const first = previewSchedule(values, 30, NOW);
    const again = previewSchedule(values, 30, NOW);
    expect(first).toEqual(again);
    if (first.kind !== 'planned') throw new Error('expected a plan');
    expect(first.randomized).toBe(true);
    expect(first.summary.perDay.map((day) => day.day)).toEqual(['2026-11-24', '2026-11-25', '2026-11-26']);
    expect(first.summary.perDay.reduce((sum, day) => sum + day.count, 0)).toBe(30);
  });

  it('waits for the times it needs, and says when the rules leave none', () => {
    expect(previewSchedule({ ...base, start_mode: 'later' }, 5, NOW)).toEqual({ kind: 'incomplete' });
    const weekend = { ...base, start_mode: 'later' as const, start_local: '2026-11-28T09:00', spread: true, end_local: '2026-11-29T18:00' };
    expect(previewSchedule(weekend, 5, NOW)).toEqual({ kind: 'none', message: m.noSendableTime });
  });

  it('draws the same random numbers from the same seed', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    const values = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(values);
    for (const value of values) expect(value).toBeGreaterThanOrEqual(0);
    for (const value of values) expect(value).toBeLessThan(1);
  });
});

describe('the first send of a saved campaign', () => {
  const schedule: CampaignSchedule = { start_at: null, end_at: null, business_hours_only: true, weekdays_only: true, skip_holidays: true, randomize: false };

  it('is the first allowed moment after the launch for "start now" (here past a weekend and a holiday)', () => {
    const first = firstSendOf({ schedule, launched_at: NOW.toISOString(), total_targets: 4 }, NOW);
    expect(first).toEqual({ at: new Date('2026-11-24T00:00:00Z'), randomized: false });
  });

  it('counts from the launch when the chosen start had already passed, as the server plans it', () => {
    const passed = { ...schedule, start_at: '2026-11-18T01:00:00Z', business_hours_only: false, weekdays_only: false, skip_holidays: false };
    expect(firstSendOf({ schedule: passed, launched_at: NOW.toISOString(), total_targets: 2 }, NOW)).toEqual({ at: NOW, randomized: false });
  });

  it('is only the earliest possible moment when each person gets a random time', () => {
    const random = { ...schedule, start_at: '2026-11-25T01:00:00Z', end_at: '2026-11-27T09:00:00Z', randomize: true };
    expect(firstSendOf({ schedule: random, launched_at: NOW.toISOString(), total_targets: 4 }, NOW)).toEqual({ at: new Date('2026-11-25T01:00:00Z'), randomized: true });
  });
});

describe('the monthly allowance', () => {
  const audience = (sendable: number, remaining: number | null): CampaignAudience => ({
    total: sendable,
    refused: 0,
    sendable,
    allowance: { monthly_limit: remaining === null ? null : 10, used: remaining === null ? 0 : 10 - remaining, remaining },
  });

  it('reads as what is left of the month', () => {
    expect(allowanceText(audience(3, 7).allowance)).toBe('残り 7通（月10通まで）');
    expect(allowanceText(audience(3, null).allowance)).toBe('上限なし');
  });

  it('is exceeded only by more sends than remain', () => {
    expect(exceedsAllowance(audience(7, 7))).toBe(false);
    expect(exceedsAllowance(audience(8, 7))).toBe(true);
    expect(exceedsAllowance(audience(5000, null))).toBe(false);
  });

  it('gives an edited scheduled campaign its own reserved mails back, never past the monthly cap', () => {
    expect(reservedBy({ status: 'scheduled', total_targets: 4 })).toBe(4);
    expect(reservedBy({ status: 'draft', total_targets: 4 })).toBe(0);
    expect(reservedBy(undefined)).toBe(0);
    const editing = withOwnReservation(audience(8, 6), 4);
    expect(editing.allowance.remaining).toBe(10);
    expect(exceedsAllowance(editing)).toBe(false);
    expect(withOwnReservation(audience(3, 9), 4).allowance.remaining).toBe(10);
    expect(withOwnReservation(audience(3, null), 4).allowance.remaining).toBeNull();
  });
});
