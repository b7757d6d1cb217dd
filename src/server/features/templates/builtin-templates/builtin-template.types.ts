import type { TemplateFields } from '../../../../common/templates.schema';

/**
 * A lure of the built-in library, as written in code. Synced into `training_templates` at start-up
 * by its `key` (stable forever: campaigns will refer to the row). Brands, people and domains are
 * fictitious lookalikes (ヤマネコ運輸, not a real carrier); domains end in reserved or clearly
 * invented names.
 */
export interface BuiltinTemplate extends Omit<TemplateFields, 'difficulty'> {
  /** Stable id, kebab-case, e.g. `delivery-absence-sms-style`. */
  key: string;
  difficulty: 1 | 2 | 3;
  /*
   * html_body/text_body use only {{name}}, {{email}}, {{company_name}}, {{department}}, {{date}}
   * and {{url}} ({{url}} required); red_flags are in the order the training page explains them,
   * each excerpt exact text of the sender, subject or body.
   */
}
