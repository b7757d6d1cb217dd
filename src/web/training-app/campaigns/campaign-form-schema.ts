import type { FieldErrors, Resolver } from 'react-hook-form';
import { NoSendableTimeError, planSendTimes, type ScheduleRules } from '../../../common/campaign-schedule';
import { campaignInputSchema, type CampaignDetail, type CampaignInput } from '../../../common/campaigns.schema';
import { campaignMessages as m } from '../../../common/messages';
import { japanLocalToIso, isoToJapanLocal } from './campaign-time';

/** Everyone registered, or the groups and people ticked below. */
export type TargetMode = 'all' | 'chosen';
/** When the campaign is launched, or at a chosen Japan time. */
export type StartMode = 'now' | 'later';

/** What the inputs hold; `inputOf` turns it into the API's body. */
export type CampaignFormValues = {
  campaign_name: string;
  template_ids: number[];
  target_mode: TargetMode;
  group_ids: number[];
  user_ids: number[];
  start_mode: StartMode;
  /** `datetime-local`, Japan time. */
  start_local: string;
  /** Spread the sends until `end_local` instead of sending all at once. */
  spread: boolean;
  end_local: string;
  business_hours_only: boolean;
  weekdays_only: boolean;
  skip_holidays: boolean;
  randomize: boolean;
};

export type CampaignFormField = keyof CampaignFormValues;

/** Wording of the checks only the screen makes (the server sees ISO instants, not these inputs). */

/** A training mail arrives like ordinary work mail: on weekdays, in office hours, at a different time for each person. */
export const EMPTY_CAMPAIGN: CampaignFormValues = {
  campaign_name: '',
  template_ids: [],
  target_mode: 'all',
  group_ids: [],
  user_ids: [],
  start_mode: 'now',
  start_local: '',
  spread: false,
  end_local: '',
  business_hours_only: true,
  weekdays_only: true,
  skip_holidays: true,
  randomize: true,
};

/** The body of POST/PUT /api/campaigns. A time that cannot be read is passed on as typed, so the schema names it. */
export function inputOf(values: CampaignFormValues): CampaignInput {
  const chosen = values.target_mode === 'chosen';
  const later = values.start_mode === 'later' && values.start_local !== '';
  const spread = values.spread && values.end_local !== '';
  return {
    campaign_name: values.campaign_name,
    template_ids: values.template_ids,
    all_users: !chosen,
    group_ids: chosen ? values.group_ids : [],
    user_ids: chosen ? values.user_ids : [],
    start_at: later ? (japanLocalToIso(values.start_local) ?? values.start_local) : null,
    end_at: spread ? (japanLocalToIso(values.end_local) ?? values.end_local) : null,
    business_hours_only: values.business_hours_only,
    weekdays_only: values.weekdays_only,
    skip_holidays: values.skip_holidays,
    // Without a window every mail goes at the first allowed moment; a random time means nothing then.
    randomize: spread && values.randomize,
  };
}

/** A saved campaign as the form shows it (the edit screen). */
export function formValuesOf(detail: CampaignDetail): CampaignFormValues {
  const { campaign } = detail;
  const { schedule, targets } = campaign;
  return {
    campaign_name: campaign.campaign_name,
    template_ids: detail.templates.map((template) => template.template_id),
    target_mode: targets.all_users ? 'all' : 'chosen',
    group_ids: targets.group_ids,
    user_ids: targets.user_ids,
    start_mode: schedule.start_at ? 'later' : 'now',
    start_local: isoToJapanLocal(schedule.start_at),
    spread: schedule.end_at !== null,
    end_local: isoToJapanLocal(schedule.end_at),
    business_hours_only: schedule.business_hours_only,
    weekdays_only: schedule.weekdays_only,
    skip_holidays: schedule.skip_holidays,
    randomize: schedule.randomize,
  };
}

/** The planner's rules for the values, with "start now" read as `now`; null while a time is missing or unreadable. */
export function scheduleRulesOf(values: CampaignFormValues, now: Date): ScheduleRules | null {
  const input = inputOf(values);
  if (values.start_mode === 'later' && !japanLocalToIso(values.start_local)) return null;
  if (values.spread && !japanLocalToIso(values.end_local)) return null;
  const start = input.start_at ? new Date(input.start_at) : now;
  return {
    start: start.getTime() < now.getTime() ? now : start,
    end: input.end_at ? new Date(input.end_at) : null,
    businessHoursOnly: values.business_hours_only,
    weekdaysOnly: values.weekdays_only,
    skipHolidays: values.skip_holidays,
    randomize: input.randomize ?? false,
  };
}

/** Server schema paths (and a 422's field names) → the inputs that show their message. */
export const FIELD_OF_PATH: Record<string, CampaignFormField> = {
  campaign_name: 'campaign_name',
  template_ids: 'template_ids',
  user_ids: 'user_ids',
  group_ids: 'user_ids',
  all_users: 'user_ids',
  start_at: 'start_local',
  end_at: 'end_local',
};

/** The checks of the time inputs themselves, which the ISO-only server schema cannot word for the screen. */
function timeErrors(values: CampaignFormValues, now: Date): Partial<Record<CampaignFormField, string>> {
  const errors: Partial<Record<CampaignFormField, string>> = {};
  if (values.start_mode === 'later') {
    const start = japanLocalToIso(values.start_local);
    if (values.start_local.trim() === '') errors.start_local = m.startRequired;
    else if (!start) errors.start_local = m.dateTimeInvalid;
    else if (Date.parse(start) <= now.getTime()) errors.start_local = m.startInPast;
  }
  if (values.spread) {
    const end = japanLocalToIso(values.end_local);
    if (values.end_local.trim() === '') errors.end_local = m.endRequired;
    else if (!end) errors.end_local = m.dateTimeInvalid;
    else if (Date.parse(end) <= now.getTime()) errors.end_local = m.endInPast;
  }
  return errors;
}

/** Whether the rules leave any moment to send in (the server refuses the campaign otherwise). */
function sendableTimeError(values: CampaignFormValues, now: Date): string | null {
  const rules = scheduleRulesOf(values, now);
  if (!rules || (rules.end && rules.end.getTime() <= rules.start.getTime())) return null;
  try {
    planSendTimes(rules, 0);
    return null;
  } catch (error) {
    if (error instanceof NoSendableTimeError) return m.noSendableTime;
    throw error;
  }
}

/**
 * Every message per input: the screen's own time checks first, then the server's schema on the body
 * it would receive (same Japanese wording as a 422), then whether the schedule leaves time to send.
 */
export function campaignFormErrors(values: CampaignFormValues, now = new Date()): Partial<Record<CampaignFormField, string>> {
  const errors = timeErrors(values, now);
  const parsed = campaignInputSchema.safeParse(inputOf(values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = FIELD_OF_PATH[String(issue.path[0] ?? '')];
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  if (!errors.start_local && !errors.end_local) {
    const noTime = sendableTimeError(values, now);
    if (noTime) errors[values.spread ? 'end_local' : 'start_local'] = noTime;
  }
  return errors;
}

/** Order in which the first failing input takes focus. */
export const CAMPAIGN_FORM_FIELDS: CampaignFormField[] = ['campaign_name', 'template_ids', 'user_ids', 'start_local', 'end_local'];

/** A 422's per-field messages, keyed by the inputs that show them (first message per input). */
export function serverFieldErrors(fieldErrors: Record<string, string[]>): Partial<Record<CampaignFormField, string>> {
  const errors: Partial<Record<CampaignFormField, string>> = {};
  for (const [key, messages] of Object.entries(fieldErrors)) {
    const field = FIELD_OF_PATH[key.split('.')[0] ?? ''];
    const message = messages[0];
    if (field && message && !errors[field]) errors[field] = message;
  }
  return errors;
}

export const campaignFormResolver: Resolver<CampaignFormValues> = (values) => {
  const messages = campaignFormErrors(values);
  const entries = Object.entries(messages) as Array<[CampaignFormField, string]>;
  if (entries.length === 0) return { values, errors: {} };
  const errors: FieldErrors<CampaignFormValues> = {};
  for (const [field, message] of entries) errors[field] = { type: 'validate', message };
  return { values: {}, errors };
};
