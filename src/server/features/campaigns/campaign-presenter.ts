import { ratePercent } from '../../../common/campaign-status';
import {
  RECIPIENT_STATUSES,
  type CampaignDetail,
  type CampaignFields,
  type CampaignListItem,
  type Recipient,
  type RecipientStatus,
} from '../../../common/campaigns.schema';
import { campaignMessages } from '../../../common/messages';
import { toJstIsoString } from '../../lib/time-format';
import type { GroupStatsRecord, RecipientRecord } from './campaign-results.repo';
import { allowedActions } from './campaign-transitions';
import type { CampaignFieldsRecord, CampaignRecord, UsableTemplate } from './campaigns.repo';

const iso = (date: Date | null) => (date === null ? null : toJstIsoString(date));
const DAY_MS = 24 * 60 * 60 * 1000;
/** A campaign whose activity spans less than this is charted per hour, otherwise per day. */
const HOURLY_CHART_SPAN_MS = 3 * DAY_MS;

/** The body of POST/PUT (already validated) → what the repository stores. */
export function toFields(input: CampaignFields): CampaignFieldsRecord {
  return {
    name: input.campaign_name,
    templateIds: [...new Set(input.template_ids)],
    targets: { allUsers: input.all_users, userIds: [...new Set(input.user_ids)], groupIds: [...new Set(input.group_ids)] },
    schedule: {
      startAt: input.start_at ? new Date(input.start_at) : null,
      endAt: input.end_at ? new Date(input.end_at) : null,
      businessHoursOnly: input.business_hours_only,
      weekdaysOnly: input.weekdays_only,
      skipHolidays: input.skip_holidays,
      randomize: input.randomize,
    },
  };
}

/** SPEC §3 campaign summary with SPEC §9 rates (whole percents of emails_sent). */
export function toListItem(campaign: CampaignRecord): CampaignListItem {
  return {
    campaign_id: campaign.id,
    campaign_name: campaign.name,
    status: campaign.status,
    total_targets: campaign.totalTargets,
    emails_sent: campaign.emailsSent,
    emails_opened: campaign.emailsOpened,
    emails_clicked: campaign.emailsClicked,
    emails_submitted: campaign.emailsSubmitted,
    open_rate: ratePercent(campaign.emailsOpened, campaign.emailsSent),
    click_rate: ratePercent(campaign.emailsClicked, campaign.emailsSent),
    submit_rate: ratePercent(campaign.emailsSubmitted, campaign.emailsSent),
    created_at: toJstIsoString(campaign.createdAt),
    start_at: iso(campaign.schedule.startAt),
    end_at: iso(campaign.schedule.endAt),
    launched_at: iso(campaign.launchedAt),
    completed_at: iso(campaign.completedAt),
  };
}

export interface DetailParts {
  templates: UsableTemplate[];
  templateCounts: Map<number, number>;
  statusCounts: Map<RecipientStatus, number>;
  groups: GroupStatsRecord[];
  firstActions: Array<{ openedAt: Date | null; clickedAt: Date | null; submittedAt: Date | null }>;
  trackingDays: number;
}

export function toDetail(campaign: CampaignRecord, parts: DetailParts): CampaignDetail {
  const trackingEnds = campaign.lastSendAt ? new Date(campaign.lastSendAt.getTime() + parts.trackingDays * DAY_MS) : null;
  return {
    campaign: {
      ...toListItem(campaign),
      schedule: {
        start_at: iso(campaign.schedule.startAt),
        end_at: iso(campaign.schedule.endAt),
        business_hours_only: campaign.schedule.businessHoursOnly,
        weekdays_only: campaign.schedule.weekdaysOnly,
        skip_holidays: campaign.schedule.skipHolidays,
        randomize: campaign.schedule.randomize,
      },
      paused_at: iso(campaign.pausedAt),
      last_send_at: iso(campaign.lastSendAt),
      tracking_ends_at: iso(trackingEnds),
      targets: { all_users: campaign.targets.allUsers, user_ids: campaign.targets.userIds, group_ids: campaign.targets.groupIds },
      actions: allowedActions(campaign.status),
    },
    status_counts: Object.fromEntries(RECIPIENT_STATUSES.map((status) => [status, parts.statusCounts.get(status) ?? 0])) as Record<RecipientStatus, number>,
    templates: parts.templates.map((template) => ({
      template_id: template.id, name: template.name, category: template.category, difficulty: template.difficulty, recipients: parts.templateCounts.get(template.id) ?? 0,
    })),
    groups: parts.groups.map((group) => ({
      group_id: group.groupId, name: group.groupId === null ? campaignMessages.noGroup : group.name, total: group.total, sent: group.sent, opened: group.opened, clicked: group.clicked, submitted: group.submitted,
    })),
    activity: activityOf(parts.firstActions),
  };
}

/** Counted first opens, clicks and submits per Tokyo hour or day, with empty buckets filled in between. */
function activityOf(actions: DetailParts['firstActions']): CampaignDetail['activity'] {
  const times = actions.flatMap((action) => [action.openedAt, action.clickedAt, action.submittedAt]).filter((time): time is Date => time !== null);
  if (times.length === 0) return { unit: 'hour', buckets: [] };
  const first = times.reduce((min, time) => Math.min(min, time.getTime()), Infinity);
  const last = times.reduce((max, time) => Math.max(max, time.getTime()), -Infinity);
  const unit = last - first < HOURLY_CHART_SPAN_MS ? 'hour' : 'day';
  const size = unit === 'hour' ? 3_600_000 : DAY_MS;
  // Buckets start on Tokyo hour/day boundaries (UTC+9, no daylight saving).
  const offset = 9 * 3_600_000;
  const bucketOf = (time: Date) => Math.floor((time.getTime() + offset) / size) * size - offset;
  const buckets = new Map<number, { opened: number; clicked: number; submitted: number }>();
  for (let at = bucketOf(new Date(first)); at <= last; at += size) buckets.set(at, { opened: 0, clicked: 0, submitted: 0 });
  for (const action of actions) {
    if (action.openedAt) buckets.get(bucketOf(action.openedAt))!.opened += 1;
    if (action.clickedAt) buckets.get(bucketOf(action.clickedAt))!.clicked += 1;
    if (action.submittedAt) buckets.get(bucketOf(action.submittedAt))!.submitted += 1;
  }
  return { unit, buckets: [...buckets].map(([at, counts]) => ({ at: toJstIsoString(new Date(at)), ...counts })) };
}

export function toRecipient(recipient: RecipientRecord): Recipient {
  return {
    recipient_id: recipient.id,
    user_id: recipient.personId,
    name: recipient.name,
    email: recipient.email,
    department: recipient.department,
    template_id: recipient.templateId,
    template_name: recipient.templateName,
    status: recipient.status,
    planned_at: toJstIsoString(recipient.plannedAt),
    sent_at: iso(recipient.sentAt),
    opened_at: iso(recipient.openedAt),
    clicked_at: iso(recipient.clickedAt),
    submitted_at: iso(recipient.submittedAt),
    reported_at: iso(recipient.reportedAt),
    failure_reason: recipient.failureReason,
  };
}
