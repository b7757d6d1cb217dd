import type { Migration } from 'kysely';
import * as createPhishingReports from './20261121000000_create_phishing_reports';
import * as addScreenshotPublishing from './20261121120000_add_screenshot_publishing';
import * as createMailOutbox from './20261121200000_create_mail_outbox';
import * as createAccounts from './20261122000000_create_accounts';
import * as indexScreenshotStorageKeys from './20261123120000_index_screenshot_storage_keys';
import * as loginAttemptsAndEmailConfirmation from './20261123160000_login_attempts_and_email_confirmation';
import * as createPeopleDomainsTemplates from './20261123200000_create_people_domains_templates';
import * as peopleRevision from './20261123201000_people_revision';
import * as templatePreviewsAndTestSends from './20261123201500_template_previews_and_test_sends';
import * as createJobs from './20261123210000_create_jobs';
import * as campaignEngine from './20261126100000_campaign_engine';
import * as individualTraining from './20261126200000_individual_training';
import * as reportSearchAndModeration from './20261127100000_report_search_and_moderation';
import * as operatorConsole from './20261127110000_operator_console';
import * as reportPublicIndexesCovering from './20261127113000_report_public_indexes_covering';
import * as plansAndBilling from './20261128100000_plans_and_billing';
import * as operatorAuditInvoices from './20261128110000_operator_audit_invoices';
import * as usagePeopleCount from './20261128130500_usage_people_count';
import * as usagePlan from './20261129100000_usage_plan';
import * as reportPublicText from './20261130090000_report_public_text';

/** Every migration, in the order they landed. Never edit one that has landed; add a new one. */
export const migrations: Record<string, Migration> = {
  '20261121000000_create_phishing_reports': createPhishingReports,
  '20261121120000_add_screenshot_publishing': addScreenshotPublishing,
  '20261121200000_create_mail_outbox': createMailOutbox,
  '20261122000000_create_accounts': createAccounts,
  '20261123120000_index_screenshot_storage_keys': indexScreenshotStorageKeys,
  '20261123160000_login_attempts_and_email_confirmation': loginAttemptsAndEmailConfirmation,
  '20261123200000_create_people_domains_templates': createPeopleDomainsTemplates,
  '20261123201000_people_revision': peopleRevision,
  '20261123201500_template_previews_and_test_sends': templatePreviewsAndTestSends,
  '20261123210000_create_jobs': createJobs,
  '20261126100000_campaign_engine': campaignEngine,
  '20261126200000_individual_training': individualTraining,
  '20261127100000_report_search_and_moderation': reportSearchAndModeration,
  '20261127110000_operator_console': operatorConsole,
  '20261127113000_report_public_indexes_covering': reportPublicIndexesCovering,
  '20261128100000_plans_and_billing': plansAndBilling,
  '20261128110000_operator_audit_invoices': operatorAuditInvoices,
  '20261128130500_usage_people_count': usagePeopleCount,
  '20261129100000_usage_plan': usagePlan,
  '20261130090000_report_public_text': reportPublicText,
};
