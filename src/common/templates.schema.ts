import { z } from 'zod';
import { templateMessages as m } from './messages';
import { paginationSchema } from './phishing-report.schema';
import { optionalParameter } from './query-parameter';

/**
 * Training templates (lures) — the API contract of /api/templates (issue 10 part 3), shared by the
 * server, the built-in library and the /templates screens.
 */

/** Themes of the library, in the order the filter shows them. Labels are what administrators read. */
export const TEMPLATE_CATEGORIES = [
  { id: 'ec', label: 'ECサイト' },
  { id: 'apple-id', label: 'Apple ID・スマホ' },
  { id: 'card', label: 'クレジットカード' },
  { id: 'bank', label: '銀行・証券' },
  { id: 'carrier', label: '携帯キャリア' },
  { id: 'delivery', label: '宅配便（不在通知）' },
  { id: 'tax', label: '国税庁・e-Tax' },
  { id: 'utility', label: 'ETC・電力・ガス' },
  { id: 'airline', label: '航空会社・マイル' },
  { id: 'cloud', label: 'Microsoft 365・Google Workspace' },
  { id: 'internal', label: '社内通知（総務・人事・情シス）' },
  { id: 'supplier', label: '取引先（請求書・振込先変更）' },
  { id: 'ceo', label: '経営者なりすまし' },
  { id: 'support-scam', label: 'サポート詐欺' },
] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number]['id'];
/**
 * The themes that reach people at home (shopping, cards, parcels, carriers, tax, Apple ID…): the
 * lures of individual training (issue 12). Their templates never use company_name or department.
 */
export const CONSUMER_TEMPLATE_CATEGORIES: readonly TemplateCategory[] = ['ec', 'apple-id', 'card', 'bank', 'carrier', 'delivery', 'tax', 'utility', 'airline'];
export const TEMPLATE_CATEGORY_IDS = TEMPLATE_CATEGORIES.map((category) => category.id) as [TemplateCategory, ...TemplateCategory[]];

export const TEMPLATE_DIFFICULTIES = [
  { level: 1, label: '初級', description: '不自然な点が多く、気づきやすい' },
  { level: 2, label: '中級', description: '注意深く見れば気づける' },
  { level: 3, label: '上級', description: '本物とほとんど見分けがつかない' },
] as const;

/** Where a click leads: the training page at once, or a lookalike sign-in form first. */
export const TEMPLATE_LANDINGS = ['training', 'login'] as const;
export type TemplateLanding = (typeof TEMPLATE_LANDINGS)[number];

/** The only variables a template may use; `url` (the tracked link) is required. */
export const TEMPLATE_VARIABLES = [
  { name: 'name', label: '氏名', sample: '山田 太郎' },
  { name: 'email', label: 'メールアドレス', sample: 'taro.yamada@example.co.jp' },
  { name: 'company_name', label: '会社名', sample: '株式会社サンプル' },
  { name: 'department', label: '部署', sample: '営業部' },
  { name: 'date', label: '日付', sample: '2026年11月24日' },
  { name: 'url', label: '訓練用リンク', sample: 'https://example.invalid/t/sample' },
] as const;
export type TemplateVariableName = (typeof TEMPLATE_VARIABLES)[number]['name'];

export const redFlagSchema = z.object({
  /** A short name of the sign, e.g. 「送信元ドメインが公式と違う」. */
  label: z.string(),
  /** Why it gives the mail away, in a sentence or two. */
  explanation: z.string(),
  /** The exact text in the mail, the sender or the subject that the flag points at. */
  excerpt: z.string(),
});
export type RedFlag = z.output<typeof redFlagSchema>;

export const templateSchema = z.object({
  template_id: z.number().int(),
  name: z.string(),
  category: z.enum(TEMPLATE_CATEGORY_IDS),
  difficulty: z.number().int().min(1).max(3),
  sender_name: z.string(),
  sender_local_part: z.string(),
  subject: z.string(),
  html_body: z.string(),
  text_body: z.string(),
  landing: z.enum(TEMPLATE_LANDINGS),
  red_flags: z.array(redFlagSchema),
  is_builtin: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Template = z.output<typeof templateSchema>;

/** A list item: the body is left out (the library shows cards). */
export const templateSummarySchema = templateSchema.omit({ html_body: true, text_body: true });
export type TemplateSummary = z.output<typeof templateSummarySchema>;

export const templateListSchema = z.object({ templates: z.array(templateSummarySchema), pagination: paginationSchema });

export const templatePreviewSchema = z.object({
  subject: z.string(),
  /** Sanitised, rendered HTML, to be shown in a sandboxed iframe only. */
  html: z.string(),
  text: z.string(),
  /** The From line as the employee's mail client shows it. */
  from: z.string(),
  /**
   * The HTML as a document under its own restrictive CSP (`/template-previews/<token>`, valid for
   * TEMPLATE_PREVIEW_TTL_MINUTES): the `src` of an `<iframe sandbox>`. srcdoc would inherit the
   * app page's CSP, which forbids the inline styles every mail uses.
   */
  preview_url: z.string(),
});
export type TemplatePreview = z.output<typeof templatePreviewSchema>;

// ---------------------------------------------------------------- variables

export const TEMPLATE_VARIABLE_NAMES = TEMPLATE_VARIABLES.map((variable) => variable.name) as readonly TemplateVariableName[];

/** `{{name}}`, spaces inside the braces allowed; the name is whatever stands between them. */
const VARIABLE_PATTERN = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The names of every `{{…}}` in a text, in order of appearance (duplicates kept). */
export function variablesIn(text: string): string[] {
  return [...text.matchAll(VARIABLE_PATTERN)].map((match) => match[1] ?? '');
}

export function isTemplateVariable(name: string): name is TemplateVariableName {
  return (TEMPLATE_VARIABLE_NAMES as readonly string[]).includes(name);
}

/** Replaces each known variable through `value`; the text around them is untouched. */
export function replaceVariables(text: string, value: (name: TemplateVariableName) => string): string {
  return text.replace(VARIABLE_PATTERN, (whole, name: string) => (isTemplateVariable(name) ? value(name) : whole));
}

/** Fields a template's variables may appear in; `{{url}}` is required in both bodies. */
export const TEMPLATE_VARIABLE_FIELDS = ['sender_name', 'subject', 'html_body', 'text_body'] as const;
const URL_REQUIRED_FIELDS = ['html_body', 'text_body'] as const;

/**
 * The one variable check of a template, used when it is saved and when a draft is previewed:
 * per field, each unknown variable by name, and a missing `{{url}}` in either body.
 */
export function templateVariableErrors(fields: Record<(typeof TEMPLATE_VARIABLE_FIELDS)[number], string>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const field of TEMPLATE_VARIABLE_FIELDS) {
    const names = variablesIn(fields[field]);
    for (const name of new Set(names)) if (!isTemplateVariable(name)) (errors[field] ??= []).push(m.unknownVariable(name));
    if ((URL_REQUIRED_FIELDS as readonly string[]).includes(field) && fields[field].trim() !== '' && !names.includes('url')) {
      (errors[field] ??= []).push(m.urlRequired);
    }
  }
  return errors;
}

// ---------------------------------------------------------------- input

export const TEMPLATE_LIMITS = {
  name: 100,
  senderName: 64,
  senderLocalPart: 64,
  subject: 200,
  htmlBody: 100_000,
  textBody: 50_000,
  redFlags: 20,
  redFlagLabel: 100,
  redFlagExplanation: 1000,
  redFlagExcerpt: 500,
} as const;
export const TEMPLATE_PAGE_SIZE = 24;
export const TEMPLATE_MAX_PAGE_SIZE = 100;
/** Minutes a preview document's URL stays valid. */
export const TEMPLATE_PREVIEW_TTL_MINUTES = 30;
/** Test sends per signed-in account and hour. */
export const TEMPLATE_TEST_SENDS_PER_HOUR = 20;

/** A dot-atom local part: letters, digits and . _ + -, no leading, trailing or doubled dot. */
const LOCAL_PART = /^[A-Za-z0-9_+-]+(?:\.[A-Za-z0-9_+-]+)*$/;

const requiredText = (max: number, required: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: m.tooLong(max) });

export const redFlagInputSchema = z.object({
  label: requiredText(TEMPLATE_LIMITS.redFlagLabel, m.redFlagLabelRequired),
  explanation: z.string().trim().max(TEMPLATE_LIMITS.redFlagExplanation, { error: m.tooLong(TEMPLATE_LIMITS.redFlagExplanation) }).default(''),
  excerpt: z.string().trim().max(TEMPLATE_LIMITS.redFlagExcerpt, { error: m.tooLong(TEMPLATE_LIMITS.redFlagExcerpt) }).default(''),
});

/** The fields of a template as written, before the variable check (a draft being typed). */
export const templateFieldsSchema = z.object({
  name: requiredText(TEMPLATE_LIMITS.name, m.nameRequired),
  category: z.enum(TEMPLATE_CATEGORY_IDS, { error: m.categoryInvalid }),
  difficulty: z.coerce.number({ error: m.difficultyInvalid }).int({ error: m.difficultyInvalid }).min(1, { error: m.difficultyInvalid }).max(3, { error: m.difficultyInvalid }),
  sender_name: requiredText(TEMPLATE_LIMITS.senderName, m.senderNameRequired),
  sender_local_part: requiredText(TEMPLATE_LIMITS.senderLocalPart, m.senderLocalPartRequired).regex(LOCAL_PART, { error: m.senderLocalPartInvalid }),
  subject: requiredText(TEMPLATE_LIMITS.subject, m.subjectRequired),
  html_body: requiredText(TEMPLATE_LIMITS.htmlBody, m.htmlBodyRequired),
  text_body: requiredText(TEMPLATE_LIMITS.textBody, m.textBodyRequired),
  landing: z.enum(TEMPLATE_LANDINGS, { error: m.landingInvalid }),
  red_flags: z.array(redFlagInputSchema).max(TEMPLATE_LIMITS.redFlags, { error: m.tooManyRedFlags(TEMPLATE_LIMITS.redFlags) }).default([]),
});

/** A template's fields once checked: what the server stores and the editor submits. */
export type TemplateFields = z.output<typeof templateFieldsSchema>;

/** Input of POST /api/templates, PUT /api/templates/{id} and POST /api/templates/preview. */
export const templateInputSchema = templateFieldsSchema.superRefine((template, context) => {
  for (const [field, messages] of Object.entries(templateVariableErrors(template))) {
    for (const message of messages) context.addIssue({ code: 'custom', path: [field], message });
  }
});
export type TemplateInput = z.input<typeof templateInputSchema>;

export const templateListQuerySchema = z.object({
  category: optionalParameter(z.enum(TEMPLATE_CATEGORY_IDS, { error: m.categoryInvalid }).optional()),
  difficulty: optionalParameter(z.coerce.number().int().min(1, { error: m.difficultyInvalid }).max(3, { error: m.difficultyInvalid }).optional()),
  /** Built-ins only, the tenant's own only, or both (default). */
  source: optionalParameter(z.enum(['builtin', 'own']).optional()),
  q: optionalParameter(z.string().trim().max(200).optional()),
  limit: optionalParameter(z.coerce.number().int().min(1).max(TEMPLATE_MAX_PAGE_SIZE).default(TEMPLATE_PAGE_SIZE)),
  offset: optionalParameter(z.coerce.number().int().min(0).default(0)),
});
export type TemplateListQuery = z.input<typeof templateListQuerySchema>;

/** POST /api/templates/{id}/preview: sample values, or those of one of the tenant's people. */
export const templatePreviewRequestSchema = z.object({
  user_id: z.number().int().positive().optional(),
});

export const templateFromReportRequestSchema = z.object({
  report_id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, { error: m.reportNotFound }),
});

export const templateTestSendSchema = z.object({
  /** The address the test went to (the signed-in administrator's). */
  to: z.string(),
  message: z.string(),
});
export type TemplateTestSend = z.output<typeof templateTestSendSchema>;
