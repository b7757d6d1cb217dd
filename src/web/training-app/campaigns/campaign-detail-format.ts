import type { CampaignStatus } from '../../../common/campaign-status';
import { ratePercent } from '../../../common/campaign-status';
import type { CampaignDetail, CampaignSchedule } from '../../../common/campaigns.schema';

/** Schedule rules and times are Japan time whatever the browser's zone (issue 11). */
const partsFormat = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  weekday: 'short',
  hourCycle: 'h23',
});

type TokyoParts = { year: number; month: number; day: number; hour: number; minute: number; second: number; weekday: string };

function tokyoParts(iso: string): TokyoParts | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const parts = Object.fromEntries(partsFormat.formatToParts(date).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: parts.weekday ?? '',
  };
}

const clock = (parts: TokyoParts) => `${parts.hour}:${String(parts.minute).padStart(2, '0')}`;
const monthDay = (parts: TokyoParts) => `${parts.month}月${parts.day}日`;
const fullDateTime = (parts: TokyoParts) => `${parts.year}年${monthDay(parts)} ${clock(parts)}`;

/** The send window in words: the end leaves out what it shares with the start (year, then date). */
function windowInWords(startIso: string | null, endIso: string | null): string {
  const start = startIso ? tokyoParts(startIso) : null;
  const end = endIso ? tokyoParts(endIso) : null;
  const startText = start ? fullDateTime(start) : '開始時';
  if (!end) return start ? `${startText}に一斉送信` : '開始と同時に一斉送信';
  let endText = fullDateTime(end);
  if (start && start.year === end.year) {
    endText = start.month === end.month && start.day === end.day ? clock(end) : `${monthDay(end)} ${clock(end)}`;
  }
  return `${startText}〜${endText}`;
}

/**
 * 「2026年12月1日 9:00〜12月5日 18:00・営業時間内・平日のみ・祝日を除く・ランダム」.
 * `startedAt` (the launch) stands in for a start left to the launch once it has happened.
 */
export function savedScheduleInWords(schedule: CampaignSchedule, startedAt: string | null = null): string {
  const words = [windowInWords(schedule.start_at ?? startedAt, schedule.end_at)];
  if (schedule.business_hours_only) words.push('営業時間内');
  if (schedule.weekdays_only) words.push('平日のみ');
  if (schedule.skip_holidays) words.push('祝日を除く');
  if (schedule.randomize && schedule.end_at) words.push('ランダム');
  return words.join('・');
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A timeline entry to the second (2026/12/01 09:00:03): a scanner's click lands seconds after
 * delivery, and the minute alone would show it at the same time as the send.
 */
export function formatEventTime(iso: string): string {
  const parts = tokyoParts(iso);
  if (!parts) return iso;
  return `${parts.year}/${pad(parts.month)}/${pad(parts.day)} ${pad(parts.hour)}:${pad(parts.minute)}:${pad(parts.second)}`;
}

/** Results move only while mail goes out or is about to (issue 11): poll then, and not otherwise. */
export function refreshInterval(status: CampaignStatus | undefined, everyMs = 10_000): number | false {
  return status === 'running' || status === 'scheduled' ? everyMs : false;
}

export type FunnelStep = {
  key: 'sent' | 'opened' | 'clicked' | 'submitted';
  label: string;
  count: number;
  /** Whole percent of sent (SPEC §9), as the API gives it; null for the sent step itself. */
  rate: number | null;
  /** Bar length in percent of the sent bar, 0–100. */
  width: number;
};

/** Share of `part` in `whole` as a bar length, clamped to 0–100 and kept to one decimal. */
export function barWidth(part: number, whole: number): number {
  if (!Number.isFinite(part) || !Number.isFinite(whole) || whole <= 0 || part <= 0) return 0;
  return Math.min(100, Math.round((part / whole) * 1000) / 10);
}

/** sent → opened → clicked → entered, each bar measured against the mails sent. */
export function funnelSteps(campaign: CampaignDetail['campaign']): FunnelStep[] {
  const sent = campaign.emails_sent;
  return [
    { key: 'sent', label: '送信', count: sent, rate: null, width: sent > 0 ? 100 : 0 },
    { key: 'opened', label: '開封', count: campaign.emails_opened, rate: campaign.open_rate, width: barWidth(campaign.emails_opened, sent) },
    { key: 'clicked', label: 'クリック', count: campaign.emails_clicked, rate: campaign.click_rate, width: barWidth(campaign.emails_clicked, sent) },
    { key: 'submitted', label: '入力', count: campaign.emails_submitted, rate: campaign.submit_rate, width: barWidth(campaign.emails_submitted, sent) },
  ];
}

/** The x-axis label of one activity bucket: 「12/1 9時」 per hour, 「12/1（火）」 per day. */
export function bucketLabel(at: string, unit: 'hour' | 'day'): string {
  const parts = tokyoParts(at);
  if (!parts) return at;
  return unit === 'hour' ? `${parts.month}/${parts.day} ${parts.hour}時` : `${parts.month}/${parts.day}（${parts.weekday}）`;
}

export type GroupRow = CampaignDetail['groups'][number] & { openRate: number; clickRate: number; submitRate: number };

/** Per-group rates on the same SPEC §9 rule as the campaign's own (whole percent of sent). */
export function groupRows(groups: CampaignDetail['groups']): GroupRow[] {
  return groups.map((group) => ({
    ...group,
    openRate: ratePercent(group.opened, group.sent),
    clickRate: ratePercent(group.clicked, group.sent),
    submitRate: ratePercent(group.submitted, group.sent),
  }));
}

/** The spoken summary of the activity chart, for the canvas's aria-label. */
export function activitySummary(activity: CampaignDetail['activity']): string {
  const totals = activity.buckets.reduce(
    (sum, bucket) => ({ opened: sum.opened + bucket.opened, clicked: sum.clicked + bucket.clicked, submitted: sum.submitted + bucket.submitted }),
    { opened: 0, clicked: 0, submitted: 0 },
  );
  const first = activity.buckets[0];
  const last = activity.buckets[activity.buckets.length - 1];
  if (!first || !last) return '開封・クリックの推移：まだ記録はありません。';
  const span = first === last ? bucketLabel(first.at, activity.unit) : `${bucketLabel(first.at, activity.unit)}から${bucketLabel(last.at, activity.unit)}まで`;
  const unit = activity.unit === 'hour' ? '1時間ごと' : '1日ごと';
  return `開封・クリックの推移（${unit}、${span}）：開封${totals.opened}件、クリック${totals.clicked}件、入力${totals.submitted}件。詳しい数値は表で確認できます。`;
}

/** The spoken summary of the per-group chart. */
export function groupSummary(rows: GroupRow[]): string {
  if (rows.length === 0) return 'グループ別の結果：まだありません。';
  const parts = rows.map((row) => `${row.name}は開封率${row.openRate}%、クリック率${row.clickRate}%、入力率${row.submitRate}%`);
  return `グループ別の結果：${parts.join('。')}。`;
}
