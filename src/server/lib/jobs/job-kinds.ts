/**
 * Every kind of background job and the payload it carries, stored as JSON in `jobs.payload`.
 * A payload names the row the job works on; the row itself (a mail, a report) holds the data, so a
 * job never carries a copy that could go stale.
 */
export interface JobKinds {
  /** Deliver one `mail_outbox` message (features/mail/mail-worker.ts). */
  send_mail: { mailId: number };
  /** Redact and publish one report's screenshot (features/phishing-reports/screenshot-publisher.ts). */
  publish_screenshot: { reportId: number };
  /** Hand a campaign's due recipients to the outbox, move its status on (features/campaigns/campaign-dispatcher.ts). */
  dispatch_campaign: { campaignId: number };
  /** Plan this month's individual training mails and hand the due ones to the outbox (features/individual-training/individual-dispatcher.ts). */
  individual_training_pass: Record<string, never>;
  /** Renew the subscriptions whose period has ended: pending downgrades, the next period and its invoice (features/billing/invoice-issuer.ts). */
  invoice_issue_pass: Record<string, never>;
}

export type JobKind = keyof JobKinds;

/** Runs (claims) before a job of the kind is given up, as stored on each new job. */
export const JOB_MAX_ATTEMPTS: { readonly [K in JobKind]: number } = {
  // Temporary SMTP trouble (4xx, a server down) is retried over about four hours.
  send_mail: 8,
  // An analysis error fails at once; these count only runs cut short by a crash.
  publish_screenshot: 3,
  // A pass is repeatable (it claims recipients by compare-and-set); a database outage is retried.
  dispatch_campaign: 10,
  // Repeatable like a campaign pass (claims by compare-and-set); a database outage is retried.
  individual_training_pass: 10,
  // Repeatable: each subscription is renewed by compare-and-set on its period end; a database outage is retried.
  invoice_issue_pass: 10,
};
