import type { Generated, Insertable, Selectable } from 'kysely';

/** Timestamps are written as ISO 8601 UTC strings; PostgreSQL stores them as timestamptz. */
export type Timestamp = string | Date;

export interface PhishingReportsTable {
  id: Generated<number>;
  report_id: string;
  receipt_method: 'email' | 'sms';
  subject: string | null;
  body: string;
  source_email: string | null;
  phone_number: string | null;
  publish_screenshot: number;
  /** Storage key of the public, re-encoded copy; null when nothing is published. */
  screenshot_key: string | null;
  /** Storage key of the private original upload; never served. */
  original_key: string | null;
  delete_password_hash: string;
  failed_delete_attempts: Generated<number>;
  delete_locked_until: Timestamp | null;
  /** Keyed hashes of the reporter's IP and fingerprint, kept only for abuse handling. */
  reporter_ip_hash: string | null;
  reporter_fingerprint_hash: string | null;
  reported_at: Timestamp;
}

/** One row per receipt method, kept in step with inserts and deletes so totals cost one lookup. */
export interface PhishingReportCountsTable {
  receipt_method: 'email' | 'sms';
  total: number;
  revision: number;
}

export interface Database {
  phishing_reports: PhishingReportsTable;
  phishing_report_counts: PhishingReportCountsTable;
}

export type PhishingReportRow = Selectable<PhishingReportsTable>;
export type NewPhishingReportRow = Insertable<PhishingReportsTable>;
