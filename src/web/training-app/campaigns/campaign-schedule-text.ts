import { seededRandom } from '../../../common/seeded-random';
import { BUSINESS_HOURS, NoSendableTimeError, planSendTimes, scheduleSummary, type ScheduleSummary } from '../../../common/campaign-schedule';
import type { CampaignAudience, CampaignListItem, CampaignSchedule } from '../../../common/campaigns.schema';
import { campaignMessages as m } from '../../../common/messages';
import { scheduleRulesOf, type CampaignFormValues } from './campaign-form-schema';
import { formatSendTime, japanLocalToIso } from './campaign-time';

export const BUSINESS_HOURS_TEXT = `${BUSINESS_HOURS.startHour}:00〜${BUSINESS_HOURS.endHour}:00`;

/** The rules that hold back a send, as the confirmation lists them. */
export function scheduleConditions(values: Pick<CampaignFormValues, 'business_hours_only' | 'weekdays_only' | 'skip_holidays'>): string[] {
  const conditions: string[] = [];
  if (values.business_hours_only) conditions.push(`営業時間内のみ（${BUSINESS_HOURS_TEXT}）`);
  if (values.weekdays_only) conditions.push('平日のみ');
  if (values.skip_holidays) conditions.push('祝日を除く');
  return conditions;
}

const timeText = (local: string) => {
  const iso = japanLocalToIso(local);
  return iso ? formatSendTime(iso) : local;
};

/**
 * When the mail goes, in one sentence: 「2026年11月27日（金） 09:00 から … までの間に、受信者ごとにランダムな
 * 時刻で送信します。」. Without a window the time rules may hold the mail back, and the sentence says so.
 */
export function scheduleInWords(values: CampaignFormValues): string {
  const later = values.start_mode === 'later' && values.start_local !== '';
  if (values.spread && values.end_local) {
    const how = values.randomize ? '受信者ごとにランダムな時刻で' : '均等な間隔で';
    const from = later ? `${timeText(values.start_local)} から` : '開始後すぐから';
    return `${from} ${timeText(values.end_local)} までの間に、${how}送信します。`;
  }
  const held = scheduleConditions(values).length > 0;
  if (later) return held ? `${timeText(values.start_local)} 以降、送信する時間帯に入りしだい対象者全員へ送信します。` : `${timeText(values.start_local)} に対象者全員へ送信します。`;
  return held ? '開始後、送信する時間帯に入りしだい対象者全員へ送信します。' : '開始後すぐに対象者全員へ送信します。';
}

export type SchedulePreview =
  | { kind: 'incomplete' }
  | { kind: 'none'; message: string }
  | { kind: 'planned'; count: number; summary: ScheduleSummary; randomized: boolean };

/** A fixed seed: the random preview stays put while the administrator types. */
const PREVIEW_SEED = 20261126;

/** When `count` sends would go under these values, with the shared planner the server uses at launch. */
export function previewSchedule(values: CampaignFormValues, count: number, now: Date): SchedulePreview {
  const rules = scheduleRulesOf(values, now);
  if (!rules || (rules.end && rules.end.getTime() <= rules.start.getTime())) return { kind: 'incomplete' };
  try {
    const times = planSendTimes(rules, count, seededRandom(PREVIEW_SEED));
    return { kind: 'planned', count, summary: scheduleSummary(times), randomized: rules.randomize };
  } catch (error) {
    if (error instanceof NoSendableTimeError) return { kind: 'none', message: m.noSendableTime };
    throw error;
  }
}

/** 「残り 7通（月10通まで）」, or 「上限なし」 on a plan without a monthly cap. */
export function allowanceText(allowance: CampaignAudience['allowance']): string {
  if (allowance.monthly_limit === null || allowance.remaining === null) return '上限なし';
  return `残り ${allowance.remaining.toLocaleString('ja-JP')}通（月${allowance.monthly_limit.toLocaleString('ja-JP')}通まで）`;
}

/** Whether the sends this campaign needs go past what the month still allows. */
export function exceedsAllowance(audience: CampaignAudience): boolean {
  return audience.allowance.remaining !== null && audience.sendable > audience.allowance.remaining;
}

type SavedSchedule = Pick<CampaignListItem, 'launched_at' | 'total_targets'> & { schedule: CampaignSchedule };

/**
 * When a saved campaign's first mail goes, by the planner the server used: exact for evenly spaced or
 * all-at-once sends; for random times only the earliest possible moment is known (`randomized`).
 */
export function firstSendOf(campaign: SavedSchedule, now: Date): { at: Date; randomized: boolean } | null {
  const { schedule } = campaign;
  // As the server plans at launch: from the chosen start, or from the launch when that start had already passed.
  const launched = campaign.launched_at ? new Date(campaign.launched_at) : now;
  const chosen = schedule.start_at ? new Date(schedule.start_at) : null;
  const rules = {
    start: chosen && chosen > launched ? chosen : launched,
    end: schedule.end_at ? new Date(schedule.end_at) : null,
    businessHoursOnly: schedule.business_hours_only,
    weekdaysOnly: schedule.weekdays_only,
    skipHolidays: schedule.skip_holidays,
    randomize: false,
  };
  try {
    if (schedule.randomize) {
      const [earliest] = planSendTimes({ ...rules, end: null }, 1);
      return earliest ? { at: earliest, randomized: true } : null;
    }
    const first = scheduleSummary(planSendTimes(rules, Math.max(1, campaign.total_targets))).first;
    return first ? { at: first, randomized: false } : null;
  } catch (error) {
    if (error instanceof NoSendableTimeError) return null;
    throw error;
  }
}

/**
 * The allowance as seen by an edit of a scheduled campaign: planning it again gives back the mails
 * it holds (nothing of a scheduled campaign is sent yet), so they count as remaining here.
 */
export function withOwnReservation(audience: CampaignAudience, reserved: number): CampaignAudience {
  const { monthly_limit: limit, remaining } = audience.allowance;
  if (reserved <= 0 || limit === null || remaining === null) return audience;
  return { ...audience, allowance: { ...audience.allowance, remaining: Math.min(limit, remaining + reserved) } };
}

/** What a saved campaign holds of the month's allowance while it waits to send. */
export function reservedBy(campaign: { status: string; total_targets: number } | undefined): number {
  return campaign?.status === 'scheduled' ? campaign.total_targets : 0;
}
