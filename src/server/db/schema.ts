import type { Generated, Insertable, Selectable } from 'kysely';

/** Timestamps are written as ISO 8601 UTC strings; PostgreSQL stores them as timestamptz. */
export type Timestamp = string | Date;

/**
 * Where a report's screenshot stands: `none` (no upload), `private` (kept, not to be published),
 * `pending` (to be redacted and published), `published` (redacted copy served), `failed`
 * (redaction did not succeed: no image is ever served).
 */
export type ScreenshotStatus = 'none' | 'pending' | 'published' | 'failed' | 'private';

export interface PhishingReportsTable {
  id: Generated<number>;
  report_id: string;
  receipt_method: 'email' | 'sms';
  subject: string | null;
  body: string;
  source_email: string | null;
  phone_number: string | null;
  publish_screenshot: number;
  /** Storage key of the public, redacted copy; served only while `screenshot_status` is `published`. */
  screenshot_key: string | null;
  /** Storage key of the list thumbnail, made from the redacted pixels. */
  thumbnail_key: string | null;
  /** Storage key of the private original upload (metadata removed, not redacted); never served. */
  original_key: string | null;
  screenshot_status: Generated<ScreenshotStatus>;
  /** The `publish_screenshot` job of a pending screenshot (lib/jobs): its claims, retries and outcome. */
  screenshot_job_id: number | null;
  delete_password_hash: string;
  failed_delete_attempts: Generated<number>;
  delete_locked_until: Timestamp | null;
  /** Keyed hashes of the reporter's IP and fingerprint, kept only for abuse handling. */
  reporter_ip_hash: string | null;
  reporter_fingerprint_hash: string | null;
  reported_at: Timestamp;
  /** Set when an operator hides the report: it is then in no public answer. Null: public. */
  hidden_at: Timestamp | null;
  hidden_reason: string | null;
  /** Subject, body, sender address and number, normalised for search (report-search-text.ts). */
  search_text: string | null;
  /** Similar reports share it (same number, else address, else URL host); null: in no group. */
  group_key: string | null;
  /** The unchanging part of the public answer as JSON text (report-public-text.ts); null before it existed. */
  public_text: string | null;
  /** The rules public_text was made with; another value is rendered from the columns on read. */
  public_text_version: number | null;
}

/** One row per receipt method, kept in step with inserts and deletes so totals cost one lookup. */
export interface PhishingReportCountsTable {
  receipt_method: 'email' | 'sms';
  total: number;
  revision: number;
}

/** Public reports per group_key, kept in step with every insert, delete, hide and restore. */
export interface PhishingReportGroupsTable {
  group_key: string;
  total: number;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  /** JSON object of extra header name → value (e.g. List-Unsubscribe). */
  headers: Generated<string>;
  /** Its `send_mail` job (lib/jobs): delivery tries, retries and the reason of a failure. */
  job_id: number | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  /** The mail's own sender (training mail); null: MAIL_FROM. */
  from_name: string | null;
  from_address: string | null;
  /** The campaign recipient a training mail is for (its delivery moves the recipient). */
  campaign_recipient_id: number | null;
  /** The individual training send a mail is for (its delivery moves the send). */
  individual_send_id: number | null;
}

/** `queued` (waiting until run_at), `running` (claimed), `done`, `failed` (given up, see last_error). */
export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

/** Background jobs of every kind (src/server/lib/jobs). */
export interface JobsTable {
  id: Generated<number>;
  kind: string;
  /** JSON of the kind's payload type. */
  payload: string;
  status: JobStatus;
  run_at: Timestamp;
  /** Claims so far (each run is one claim). */
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  /** Token of the claim that holds a running job. */
  claimed_by: string | null;
  claimed_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  finished_at: Timestamp | null;
}

export interface Database {
  phishing_reports: PhishingReportsTable;
  phishing_report_counts: PhishingReportCountsTable;
  phishing_report_groups: PhishingReportGroupsTable;
  mail_outbox: MailOutboxTable;
  jobs: JobsTable;
  tenants: TenantsTable;
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  account_tokens: AccountTokensTable;
  campaigns: CampaignsTable;
  campaign_templates: CampaignTemplatesTable;
  campaign_recipients: CampaignRecipientsTable;
  campaign_recipient_groups: CampaignRecipientGroupsTable;
  tracking_events: TrackingEventsTable;
  tenant_monthly_usage: TenantMonthlyUsageTable;
  login_attempts: LoginAttemptsTable;
  people: PeopleTable;
  people_groups: PeopleGroupsTable;
  people_group_members: PeopleGroupMembersTable;
  sending_domains: SendingDomainsTable;
  training_templates: TrainingTemplatesTable;
  template_previews: TemplatePreviewsTable;
  template_test_sends: TemplateTestSendsTable;
  individual_registrations: IndividualRegistrationsTable;
  individual_sends: IndividualSendsTable;
  individual_tracking_events: IndividualTrackingEventsTable;
  operators: OperatorsTable;
  tenant_subscriptions: TenantSubscriptionsTable;
  tenant_billing_details: TenantBillingDetailsTable;
  tenant_profiles: TenantProfilesTable;
  invoices: InvoicesTable;
  stripe_events: StripeEventsTable;
  operator_setup_tokens: OperatorSetupTokensTable;
  operator_sessions: OperatorSessionsTable;
  operator_audit_log: OperatorAuditLogTable;
  phishing_report_flags: PhishingReportFlagsTable;
}

/** Sign-in attempts per address (with or without an account), keyed by an HMAC of the address. */
export interface LoginAttemptsTable {
  address_key: string;
  /** Attempts reserved (before their password was compared) since the last success or lock. */
  failed_count: number;
  locked_until: Timestamp | null;
  updated_at: Timestamp;
}

export type MailOutboxRow = Selectable<MailOutboxTable>;
export type JobRow = Selectable<JobsTable>;

export type PhishingReportRow = Selectable<PhishingReportsTable>;
export type NewPhishingReportRow = Insertable<PhishingReportsTable>;

export interface TenantsTable {
  id: Generated<number>;
  company_name: string;
  plan: Generated<string>;
  /** Bumped with every change to the tenant's people, groups or memberships (list cache key). */
  people_revision: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UsersTable {
  id: Generated<number>;
  /** Null for an individual user. */
  tenant_id: number | null;
  email: string;
  name: Generated<string>;
  password_hash: string;
  role: Generated<'admin' | 'member'>;
  email_verified_at: Timestamp | null;
  /** When the terms and privacy policy were agreed to. */
  terms_agreed_at: Timestamp;
  password_changed_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AuthTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

export type AccountTokenPurpose = 'corporate_registration' | 'password_reset' | 'email_change' | 'email_confirmation';

export interface AccountTokensTable {
  id: Generated<number>;
  purpose: AccountTokenPurpose;
  token_hash: string;
  email: string;
  user_id: number | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface CampaignsTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  status: Generated<string>;
  total_targets: Generated<number>;
  emails_sent: Generated<number>;
  emails_opened: Generated<number>;
  emails_clicked: Generated<number>;
  emails_submitted: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Schedule (issue 11): the window, and Asia/Tokyo rules as 0/1. */
  start_at: Timestamp | null;
  end_at: Timestamp | null;
  business_hours_only: Generated<number>;
  weekdays_only: Generated<number>;
  skip_holidays: Generated<number>;
  randomize: Generated<number>;
  /** Targets as chosen: everyone (0/1), or JSON arrays of person and group ids. */
  all_users: Generated<number>;
  target_user_ids: Generated<string>;
  target_group_ids: Generated<string>;
  launched_at: Timestamp | null;
  paused_at: Timestamp | null;
  completed_at: Timestamp | null;
  /** The latest planned send of a launched campaign (its tracking window ends CAMPAIGN_TRACKING_DAYS later). */
  last_send_at: Timestamp | null;
}

export interface CampaignTemplatesTable {
  campaign_id: number;
  template_id: number;
  position: number;
}

export type RecipientStatusValue = 'scheduled' | 'sent' | 'opened' | 'clicked' | 'submitted' | 'failed' | 'cancelled';

export interface CampaignRecipientsTable {
  id: Generated<number>;
  tenant_id: number;
  campaign_id: number;
  person_id: number | null;
  name: string;
  email: string;
  department: string | null;
  template_id: number;
  token: string;
  status: Generated<RecipientStatusValue>;
  planned_at: Timestamp;
  queued_at: Timestamp | null;
  outbox_id: number | null;
  sent_at: Timestamp | null;
  opened_at: Timestamp | null;
  clicked_at: Timestamp | null;
  submitted_at: Timestamp | null;
  reported_at: Timestamp | null;
  failure_reason: string | null;
  created_at: Timestamp;
}

export interface CampaignRecipientGroupsTable {
  campaign_id: number;
  recipient_id: number;
  group_id: number;
}

export interface TrackingEventsTable {
  id: Generated<number>;
  tenant_id: number;
  campaign_id: number;
  recipient_id: number;
  kind: string;
  occurred_at: Timestamp;
  counted: number;
  reason: string | null;
  reason_detail: string | null;
  method: string;
  ip: string;
  user_agent: string;
}

export interface TenantMonthlyUsageTable {
  tenant_id: number;
  /** YYYY-MM in Asia/Tokyo. */
  month: string;
  emails_sent: Generated<number>;
  emails_opened: Generated<number>;
  emails_clicked: Generated<number>;
  /** Training mails handed to the outbox this month: the free allowance, taken atomically. */
  mails_reserved: Generated<number>;
  /** People registered after the month's last change to them; null: no change that month (carry the latest earlier value forward). */
  people_count: number | null;
  /** The plan in force after the month's last change of plan; null: no change that month (carry the latest earlier value forward). */
  plan: string | null;
}

export type UserRow = Selectable<UsersTable>;
export type TenantRow = Selectable<TenantsTable>;
export type CampaignRow = Selectable<CampaignsTable>;

/** A person a tenant registers to receive training mail (not a login account). */
export interface PeopleTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  email: string;
  /** lower(email), unique per tenant. */
  email_key: string;
  department: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PeopleGroupsTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  /** Normalised name, unique per tenant. */
  name_key: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PeopleGroupMembersTable {
  tenant_id: number;
  group_id: number;
  person_id: number;
}

export interface SendingDomainsTable {
  id: Generated<number>;
  tenant_id: number;
  domain: string;
  verification_token: string;
  verified_at: Timestamp | null;
  last_checked_at: Timestamp | null;
  created_at: Timestamp;
}

export interface TrainingTemplatesTable {
  id: Generated<number>;
  /** Null for a built-in lure. */
  tenant_id: number | null;
  builtin_key: string | null;
  name: string;
  category: string;
  difficulty: number;
  sender_name: string;
  sender_local_part: string;
  subject: string;
  html_body: string;
  text_body: string;
  landing: string;
  /** JSON array of { label, explanation, excerpt }. */
  red_flags: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** A built-in removed from the code library: kept for campaigns, left out of the list. */
  retired_at: Timestamp | null;
}

/** A rendered preview document behind an opaque, short-lived token (GET /template-previews/:token). */
export interface TemplatePreviewsTable {
  token_hash: string;
  tenant_id: number;
  document: string;
  expires_at: Timestamp;
  created_at: Timestamp;
}

/** One test send of a template to the signed-in administrator (hourly limit per account). */
export interface TemplateTestSendsTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  /** Null once the template is deleted (the send still counts). */
  template_id: number | null;
  created_at: Timestamp;
}

export type IndividualRegistrationStatus = 'active' | 'unsubscribed' | 'bounced';

/** One registration for individual training, and its consent record (issue 12). */
export interface IndividualRegistrationsTable {
  id: Generated<number>;
  /** Trimmed and in lower case (normalizeEmail). */
  email: string;
  status: Generated<IndividualRegistrationStatus>;
  unsubscribe_token: string;
  terms_version: string;
  privacy_version: string;
  consented_at: Timestamp;
  consent_ip_hash: string;
  stopped_at: Timestamp | null;
  stop_reason: string | null;
  created_at: Timestamp;
}

/** One training mail of a registration (one per Tokyo month). */
export interface IndividualSendsTable {
  id: Generated<number>;
  registration_id: number;
  month: string;
  sequence: number;
  template_id: number;
  token: string;
  status: Generated<RecipientStatusValue>;
  planned_at: Timestamp;
  queued_at: Timestamp | null;
  outbox_id: number | null;
  sent_at: Timestamp | null;
  opened_at: Timestamp | null;
  clicked_at: Timestamp | null;
  submitted_at: Timestamp | null;
  failure_reason: string | null;
  created_at: Timestamp;
}

/** Tracking requests for individual sends (the same columns as tracking_events, without tenant and campaign). */
export interface IndividualTrackingEventsTable {
  id: Generated<number>;
  recipient_id: number;
  kind: string;
  occurred_at: Timestamp;
  counted: number;
  reason: string | null;
  reason_detail: string | null;
  method: string;
  ip: string;
  user_agent: string;
}

// ---- Operator console (issue 13, part 3) ----

/** A Kizuki DB moderator: a realm of its own, apart from tenants' users. */
export interface OperatorsTable {
  id: Generated<number>;
  email: string;
  /** null until the one-time setup link is used. */
  password_hash: string | null;
  /** The TOTP secret encrypted with the app secret (lib/secret-box.ts); null until the first sign-in confirms one. */
  totp_secret: string | null;
  totp_enabled_at: Timestamp | null;
  /** The last accepted TOTP time step: a code is accepted once. */
  totp_last_step: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OperatorSetupTokensTable {
  id: Generated<number>;
  operator_id: number;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export type OperatorSessionStage = 'totp_pending' | 'active';

export interface OperatorSessionsTable {
  id: Generated<number>;
  operator_id: number;
  token_hash: string;
  stage: OperatorSessionStage;
  pending_totp_secret: string | null;
  failed_codes: Generated<number>;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

export type OperatorReportAuditAction = 'hide' | 'restore' | 'delete' | 'redact' | 'dismiss_flags';
/** `confirm_payment`: an operator's 入金確認 of an invoice (issue 14). */
export type OperatorAuditAction = OperatorReportAuditAction | 'confirm_payment';

/** Append-only (triggers refuse UPDATE and DELETE). An entry names a report (moderation) or an invoice (入金確認). */
export interface OperatorAuditLogTable {
  id: Generated<number>;
  operator_id: number;
  operator_email: string;
  action: OperatorAuditAction;
  /** The report's public id (text), so the entry outlives a report deleted for good; null for an invoice's entry. */
  report_id: string | null;
  reason: string;
  created_at: Timestamp;
  /** The invoice confirmed paid, its number as printed and its tenant (plain values: no foreign key). */
  invoice_id: number | null;
  invoice_number: string | null;
  tenant_id: number | null;
}

export interface PhishingReportFlagsTable {
  id: Generated<number>;
  /** phishing_reports.id (cascade). */
  report_id: number;
  reason: string;
  comment: string | null;
  ip_hash: string;
  created_at: Timestamp;
  resolved_at: Timestamp | null;
  resolution: 'hidden' | 'dismissed' | null;
}

// ---- Plans and billing (issue 14) ----

/** A tenant's paid plan; `tenants.plan` is the plan in force, which every limit reads. */
export interface TenantSubscriptionsTable {
  tenant_id: number;
  plan: string;
  billing_cycle: 'monthly' | 'annual';
  payment_method: 'invoice' | 'card';
  current_period_start: Timestamp;
  /** Exclusive: when the next period (and its invoice) begins. */
  current_period_end: Timestamp;
  /** A downgrade ('free': cancellation) taking effect at current_period_end. */
  pending_plan: string | null;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** 請求先. */
export interface TenantBillingDetailsTable {
  tenant_id: number;
  company_name: string;
  department: Generated<string>;
  contact_name: string;
  email: string;
  postal_code: string;
  address: string;
  phone: string;
  updated_at: Timestamp;
}

/** The organisation's details beyond its name (tenants.company_name). */
export interface TenantProfilesTable {
  tenant_id: number;
  postal_code: Generated<string>;
  address: Generated<string>;
  phone: Generated<string>;
  industry: Generated<string>;
  employee_count: Generated<string>;
  updated_at: Timestamp;
}

export type InvoiceStatus = 'unpaid' | 'paid';

/** An issued 適格請求書; its figures, buyer and items never change after issue. */
export interface InvoicesTable {
  id: Generated<number>;
  tenant_id: number;
  invoice_number: string;
  plan: string;
  billing_cycle: 'monthly' | 'annual';
  payment_method: 'invoice' | 'card';
  period_start: Timestamp;
  period_end: Timestamp;
  /** YYYY-MM-DD, Tokyo. */
  issue_date: string;
  due_date: string;
  /** JSON of the 請求先 at issue. */
  buyer: string;
  /** JSON: { description, quantity, unit_price, amount }[] (税抜 yen). */
  items: string;
  tax_rate_percent: number;
  subtotal: number;
  tax: number;
  total: number;
  status: Generated<InvoiceStatus>;
  paid_at: Timestamp | null;
  created_at: Timestamp;
}

export interface StripeEventsTable {
  event_id: string;
  type: string;
  processed_at: Timestamp;
}
