import { campaignMessages } from '../../../common/messages';
import { describe, expect, it } from 'vitest';
import type { CampaignDetail, CampaignSchedule } from '../../../common/campaigns.schema';
import { activitySummary, barWidth, bucketLabel, formatEventTime, funnelSteps, groupRows, groupSummary, refreshInterval, savedScheduleInWords } from './campaign-detail-format';

const schedule = (fields: Partial<CampaignSchedule>): CampaignSchedule => ({
  start_at: null,
  end_at: null,
  business_hours_only: false,
  weekdays_only: false,
  skip_holidays: false,
  randomize: false,
  ...fields,
});

describe('savedScheduleInWords', () => {
  it('says the whole window and every rule, in Japan time', () => {
    const words = savedScheduleInWords(
      schedule({
        start_at: '2026-12-01T00:00:00Z',
        end_at: '2026-12-05T09:00:00Z',
        business_hours_only: true,
        weekdays_only: true,
        skip_holidays: true,
        randomize: true,
      }),
    );
    expect(words).toBe('2026年12月1日 9:00〜12月5日 18:00・営業時間内・平日のみ・祝日を除く・ランダム');
  });

  it('leaves out the date of an end on the same Tokyo day, and keeps the year across a new year', () => {
    expect(savedScheduleInWords(schedule({ start_at: '2026-12-01T00:30:00Z', end_at: '2026-12-01T08:05:00Z' }))).toBe('2026年12月1日 9:30〜17:05');
    expect(savedScheduleInWords(schedule({ start_at: '2026-12-28T01:00:00Z', end_at: '2027-01-05T01:00:00Z' }))).toBe('2026年12月28日 10:00〜2027年1月5日 10:00');
  });

  it('counts the day in Tokyo, not UTC (23:30 UTC is the next morning)', () => {
    expect(savedScheduleInWords(schedule({ start_at: '2026-11-30T23:30:00Z', end_at: '2026-12-01T02:00:00Z' }))).toBe('2026年12月1日 8:30〜11:00');
  });

  it('says when the start is left to the launch, and uses the launch once it happened', () => {
    expect(savedScheduleInWords(schedule({}))).toBe('開始と同時に一斉送信');
    expect(savedScheduleInWords(schedule({ end_at: '2026-12-05T09:00:00Z' }))).toBe('開始時〜2026年12月5日 18:00');
    expect(savedScheduleInWords(schedule({ end_at: '2026-12-05T09:00:00Z' }), '2026-12-04T01:00:00Z')).toBe('2026年12月4日 10:00〜12月5日 18:00');
    expect(savedScheduleInWords(schedule({ start_at: '2026-12-01T00:00:00Z' }))).toBe('2026年12月1日 9:00に一斉送信');
  });

  it('does not call a single send random', () => {
    expect(savedScheduleInWords(schedule({ start_at: '2026-12-01T00:00:00Z', randomize: true }))).toBe('2026年12月1日 9:00に一斉送信');
  });
});

describe('refreshInterval', () => {
  it('polls only while mail goes out or is about to', () => {
    expect(refreshInterval('running')).toBe(10_000);
    expect(refreshInterval('scheduled')).toBe(10_000);
    expect(refreshInterval('completed')).toBe(false);
    expect(refreshInterval('draft')).toBe(false);
    expect(refreshInterval('paused')).toBe(false);
    expect(refreshInterval(undefined)).toBe(false);
  });
});

describe('barWidth and funnelSteps', () => {
  it('measures against the whole, clamped and to one decimal', () => {
    expect(barWidth(1, 3)).toBe(33.3);
    expect(barWidth(5, 4)).toBe(100);
    expect(barWidth(0, 10)).toBe(0);
    expect(barWidth(3, 0)).toBe(0);
    expect(barWidth(-1, 10)).toBe(0);
  });

  const campaign = {
    emails_sent: 8,
    emails_opened: 6,
    emails_clicked: 3,
    emails_submitted: 1,
    open_rate: 75,
    click_rate: 38,
    submit_rate: 13,
  } as CampaignDetail['campaign'];

  it('runs sent → opened → clicked → entered with the API rates and bars of sent', () => {
    expect(funnelSteps(campaign)).toEqual([
      { key: 'sent', label: '送信', count: 8, rate: null, width: 100 },
      { key: 'opened', label: '開封', count: 6, rate: 75, width: 75 },
      { key: 'clicked', label: 'クリック', count: 3, rate: 38, width: 37.5 },
      { key: 'submitted', label: '入力', count: 1, rate: 13, width: 12.5 },
    ]);
  });

  it('draws no bars before anything was sent', () => {
    const none = { ...campaign, emails_sent: 0, emails_opened: 0, emails_clicked: 0, emails_submitted: 0, open_rate: 0, click_rate: 0, submit_rate: 0 };
    expect(funnelSteps(none).map((step) => step.width)).toEqual([0, 0, 0, 0]);
  });
});

describe('activity and groups', () => {
  it('labels buckets per hour and per day in Tokyo', () => {
    expect(bucketLabel('2026-12-01T00:00:00Z', 'hour')).toBe('12/1 9時');
    expect(bucketLabel('2026-11-30T15:00:00Z', 'day')).toBe('12/1（火）');
  });

  it('sums the activity for the chart text alternative', () => {
    const summary = activitySummary({
      unit: 'hour',
      buckets: [
        { at: '2026-12-01T00:00:00Z', opened: 2, clicked: 1, submitted: 0 },
        { at: '2026-12-01T01:00:00Z', opened: 3, clicked: 1, submitted: 1 },
      ],
    });
    expect(summary).toBe('開封・クリックの推移（1時間ごと、12/1 9時から12/1 10時まで）：開封5件、クリック2件、入力1件。詳しい数値は表で確認できます。');
    expect(activitySummary({ unit: 'day', buckets: [] })).toContain('まだ記録はありません');
  });

  it('gives each group its whole-percent rates of sent', () => {
    const rows = groupRows([{ group_id: 4, name: '営業部', total: 10, sent: 9, opened: 6, clicked: 2, submitted: 1 }]);
    expect(rows[0]).toMatchObject({ openRate: 67, clickRate: 22, submitRate: 11 });
    expect(groupSummary(rows)).toBe('グループ別の結果：営業部は開封率67%、クリック率22%、入力率11%。');
    expect(groupRows([{ group_id: null, name: campaignMessages.noGroup, total: 2, sent: 0, opened: 0, clicked: 0, submitted: 0 }])[0]?.openRate).toBe(0);
  });
});

describe('formatEventTime', () => {
  it('gives the second in Japan time, so a scanner three seconds after the send stands apart', () => {
    expect(formatEventTime('2026-12-01T00:00:03.250Z')).toBe('2026/12/01 09:00:03');
    expect(formatEventTime('2026-11-30T15:00:00+00:00')).toBe('2026/12/01 00:00:00');
    expect(formatEventTime('2026-12-01T09:00:03.000+09:00')).toBe('2026/12/01 09:00:03');
    expect(formatEventTime('not a date')).toBe('not a date');
  });
});
