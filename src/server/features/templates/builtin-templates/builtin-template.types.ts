import type { RedFlag, TemplateCategory, TemplateLanding } from '../../../../common/templates.schema';

/**
 * A lure of the built-in library, as written in code. Synced into `training_templates` at start-up
 * by its `key` (stable forever: campaigns will refer to the row). Brands, people and domains are
 * fictitious lookalikes (ヤマネコ運輸, not a real carrier); domains end in reserved or clearly
 * invented names.
 */
export interface BuiltinTemplate {
  /** Stable id, kebab-case, e.g. `delivery-absence-sms-style`. */
  key: string;
  name: string;
  category: TemplateCategory;
  difficulty: 1 | 2 | 3;
  sender_name: string;
  sender_local_part: string;
  subject: string;
  /** Uses only {{name}}, {{email}}, {{company_name}}, {{department}}, {{date}} and {{url}}; {{url}} is required. */
  html_body: string;
  text_body: string;
  landing: TemplateLanding;
  /** In the order the training page explains them; each excerpt is exact text of the sender, subject or body. */
  red_flags: RedFlag[];
}
