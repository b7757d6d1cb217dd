import { z } from 'zod';
import { CAMPAIGN_STATUSES } from './campaign-status';
import { campaignMessages as m } from './messages';
import { paginationSchema } from './phishing-report.schema';
import { optionalParameter } from './query-parameter';

/**
 * Campaigns — the API contract of /api/campaigns (issue 11), shared by the server (validation,
 * OpenAPI, serialisation) and the /campaigns screens.
 */
export const CAMPAIGN_NAME_MAX_LENGTH = 100;
/** Templates one campaign may draw from (each recipient gets one of them at random). */
export const CAMPAIGN_MAX_TEMPLATES = 10;
export const CAMPAIGN_MAX_LISTED_TARGETS = 10_000;
export const CAMPAIGN_PAGE_SIZE = 20;
export const CAMPAIGN_MAX_PAGE_SIZE = 100;
export const RECIPIENT_PAGE_SIZE = 50;
export const RECIPIENT_MAX_PAGE_SIZE = 200;
/** Days after the last send during which opens and clicks still arrive, before a campaign completes (CAMPAIGN_TRACKING_DAYS). */
export const DEFAULT_CAMPAIGN_TRACKING_DAYS = 14;

/**
 * Where one recipient stands, in the order results rank them (issue 11 "Results"):
 * submitted > clicked > opened > sent > scheduled / failed / cancelled.
 */
export const RECIPIENT_STATUSES = ['scheduled', 'sent', 'opened', 'clicked', 'submitted', 'failed', 'cancelled'] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

export const RECIPIENT_STATUS_LABELS: Record<RecipientStatus, string> = {
  scheduled: '送信予定',
  sent: '送信済み',
  opened: '開封',
  clicked: 'クリック',
  submitted: '入力',
  failed: '送信失敗',
  cancelled: '送信中止',
};

/** What the administrator can do with a campaign, from the one transition table (server/features/campaigns/campaign-transitions.ts). */
export const CAMPAIGN_ACTIONS = ['edit', 'delete', 'launch', 'pause', 'resume', 'complete'] as const;
export type CampaignAction = (typeof CAMPAIGN_ACTIONS)[number];

const isoDateTime = z.iso.datetime({ offset: true, error: m.dateTimeInvalid });

/** The schedule of a campaign (issue 11 "POST /api/campaigns"); all times are instants, rules are Asia/Tokyo. */
export const campaignScheduleSchema = z.object({
  /** First send; null: when the campaign is launched ("start now"). */
  start_at: z.string().nullable(),
  /** End of the window the sends are spread over; null: all at once. */
  end_at: z.string().nullable(),
  /** Only 9:00–18:00 Japan time. */
  business_hours_only: z.boolean(),
  /** Only Monday to Friday. */
  weekdays_only: z.boolean(),
  /** Not on Japanese public holidays. */
  skip_holidays: z.boolean(),
  /** A random time for each recipient inside the window (otherwise evenly spaced). */
  randomize: z.boolean(),
});
export type CampaignSchedule = z.output<typeof campaignScheduleSchema>;

/** SPEC §3 campaign summary, with SPEC §9 whole-percent rates and what the list needs besides. */
export const campaignListItemSchema = z.object({
  campaign_id: z.number().int(),
  campaign_name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  total_targets: z.number().int(),
  emails_sent: z.number().int(),
  emails_opened: z.number().int(),
  emails_clicked: z.number().int(),
  emails_submitted: z.number().int(),
  open_rate: z.number().int(),
  click_rate: z.number().int(),
  submit_rate: z.number().int(),
  created_at: z.string(),
  start_at: z.string().nullable(),
  end_at: z.string().nullable(),
  launched_at: z.string().nullable(),
  completed_at: z.string().nullable(),
});
export type CampaignListItem = z.output<typeof campaignListItemSchema>;

export const campaignListSchema = z.object({ campaigns: z.array(campaignListItemSchema), pagination: paginationSchema });
export type CampaignList = z.output<typeof campaignListSchema>;

export const campaignListQuerySchema = z.object({
  status: optionalParameter(z.enum(CAMPAIGN_STATUSES).optional()),
  q: optionalParameter(z.string().trim().max(100).optional()),
  limit: optionalParameter(z.coerce.number().int().min(1).max(CAMPAIGN_MAX_PAGE_SIZE).default(CAMPAIGN_PAGE_SIZE)),
  offset: optionalParameter(z.coerce.number().int().min(0).default(0)),
});
export type CampaignListQuery = z.input<typeof campaignListQuerySchema>;

export const campaignTemplateSchema = z.object({
  template_id: z.number().int(),
  name: z.string(),
  category: z.string(),
  difficulty: z.number().int(),
  /** Recipients given this template (0 before launch). */
  recipients: z.number().int(),
});

export const campaignGroupStatsSchema = z.object({
  /** Null: people in no group. */
  group_id: z.number().int().nullable(),
  name: z.string(),
  total: z.number().int(),
  sent: z.number().int(),
  opened: z.number().int(),
  clicked: z.number().int(),
  submitted: z.number().int(),
});

/** Counted opens, clicks and submits per hour (a campaign under 3 days) or per day (Asia/Tokyo). */
export const campaignActivitySchema = z.object({
  unit: z.enum(['hour', 'day']),
  buckets: z.array(z.object({ at: z.string(), opened: z.number().int(), clicked: z.number().int(), submitted: z.number().int() })),
});

export const campaignDetailSchema = z.object({
  campaign: campaignListItemSchema.extend({
    schedule: campaignScheduleSchema,
    paused_at: z.string().nullable(),
    /** When the last planned send is (or was) due. */
    last_send_at: z.string().nullable(),
    /** When it completes by itself: CAMPAIGN_TRACKING_DAYS after the last send. */
    tracking_ends_at: z.string().nullable(),
    /** Who it targets, as chosen (for the edit screen). */
    targets: z.object({ all_users: z.boolean(), user_ids: z.array(z.number().int()), group_ids: z.array(z.number().int()) }),
    actions: z.array(z.enum(CAMPAIGN_ACTIONS)),
  }),
  status_counts: z.record(z.enum(RECIPIENT_STATUSES), z.number().int()),
  templates: z.array(campaignTemplateSchema),
  groups: z.array(campaignGroupStatsSchema),
  activity: campaignActivitySchema,
});
export type CampaignDetail = z.output<typeof campaignDetailSchema>;

export const recipientSchema = z.object({
  recipient_id: z.number().int(),
  /** The person, while they are still registered. */
  user_id: z.number().int().nullable(),
  name: z.string(),
  email: z.string(),
  department: z.string().nullable(),
  template_id: z.number().int(),
  template_name: z.string(),
  status: z.enum(RECIPIENT_STATUSES),
  planned_at: z.string(),
  sent_at: z.string().nullable(),
  opened_at: z.string().nullable(),
  clicked_at: z.string().nullable(),
  submitted_at: z.string().nullable(),
  reported_at: z.string().nullable(),
  failure_reason: z.string().nullable(),
});
export type Recipient = z.output<typeof recipientSchema>;

export const recipientListSchema = z.object({ recipients: z.array(recipientSchema), pagination: paginationSchema });
export type RecipientList = z.output<typeof recipientListSchema>;

export const recipientListQuerySchema = z.object({
  status: optionalParameter(z.enum(RECIPIENT_STATUSES).optional()),
  q: optionalParameter(z.string().trim().max(100).optional()),
  group_id: optionalParameter(z.coerce.number().int().positive().optional()),
  limit: optionalParameter(z.coerce.number().int().min(1).max(RECIPIENT_MAX_PAGE_SIZE).default(RECIPIENT_PAGE_SIZE)),
  offset: optionalParameter(z.coerce.number().int().min(0).default(0)),
});
export type RecipientListQuery = z.input<typeof recipientListQuerySchema>;

/** Kinds in a recipient's timeline: delivery steps, then every tracking request. */
export const RECIPIENT_EVENT_KINDS = ['scheduled', 'sent', 'failed', 'cancelled', 'open', 'click', 'submit', 'honeypot', 'human_check'] as const;
export type RecipientEventKind = (typeof RECIPIENT_EVENT_KINDS)[number];

export const RECIPIENT_EVENT_LABELS: Record<RecipientEventKind, string> = {
  scheduled: '送信予定',
  sent: '送信',
  failed: '送信失敗',
  cancelled: '送信中止',
  open: '開封',
  click: 'リンクのクリック',
  submit: 'ログイン画面への入力',
  honeypot: '非表示リンクへのアクセス',
  human_check: 'ブラウザでの表示確認',
};

export const recipientEventSchema = z.object({
  at: z.string(),
  kind: z.enum(RECIPIENT_EVENT_KINDS),
  /** Whether it moved the results (a request that looks like a mail scanner does not). */
  counted: z.boolean(),
  /** Why it did not count, in Japanese; null when it counted or is a delivery step. */
  reason: z.string().nullable(),
  /** The requesting software, shortened (tracking requests only). */
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
});
export const recipientEventsSchema = z.object({ recipient: recipientSchema, events: z.array(recipientEventSchema) });
export type RecipientEvents = z.output<typeof recipientEventsSchema>;

/** Who a campaign targets: people and/or groups, or everyone. */
export const campaignTargetsInputSchema = z.object({
  user_ids: z.array(z.number().int().positive()).max(CAMPAIGN_MAX_LISTED_TARGETS).default([]),
  group_ids: z.array(z.number().int().positive()).max(1000).default([]),
  all_users: z.boolean().default(false),
});

const campaignFieldsSchema = campaignTargetsInputSchema.extend({
  campaign_name: z
    .string({ error: m.nameRequired })
    .trim()
    .min(1, { error: m.nameRequired })
    .max(CAMPAIGN_NAME_MAX_LENGTH, { error: m.tooLong(CAMPAIGN_NAME_MAX_LENGTH) }),
  template_ids: z
    .array(z.number().int().positive(), { error: m.templateRequired })
    .min(1, { error: m.templateRequired })
    .max(CAMPAIGN_MAX_TEMPLATES, { error: m.tooManyTemplates(CAMPAIGN_MAX_TEMPLATES) }),
  start_at: isoDateTime.nullish().transform((value) => value ?? null),
  end_at: isoDateTime.nullish().transform((value) => value ?? null),
  business_hours_only: z.boolean().default(false),
  weekdays_only: z.boolean().default(false),
  skip_holidays: z.boolean().default(false),
  randomize: z.boolean().default(false),
});

/** Body of POST and PUT /api/campaigns. */
export const campaignInputSchema = campaignFieldsSchema.superRefine((input, context) => {
  if (!input.all_users && input.user_ids.length === 0 && input.group_ids.length === 0) {
    context.addIssue({ code: 'custom', path: ['user_ids'], message: m.targetsRequired });
  }
  if (input.start_at && input.end_at && Date.parse(input.end_at) <= Date.parse(input.start_at)) {
    context.addIssue({ code: 'custom', path: ['end_at'], message: m.endBeforeStart });
  }
});
export type CampaignInput = z.input<typeof campaignInputSchema>;
export type CampaignFields = z.output<typeof campaignInputSchema>;

/** POST /api/campaigns/audience: how many people a choice of targets reaches, before saving. */
export const campaignAudienceSchema = z.object({
  /** Distinct people the targets resolve to. */
  total: z.number().int(),
  /** Of those, people at a domain the tenant may not train (left out at launch). */
  refused: z.number().int(),
  /** Of those, what would be sent. */
  sendable: z.number().int(),
  allowance: z.object({
    /** Null: no monthly cap (paid plan). */
    monthly_limit: z.number().int().nullable(),
    used: z.number().int(),
    remaining: z.number().int().nullable(),
  }),
});
export type CampaignAudience = z.output<typeof campaignAudienceSchema>;
