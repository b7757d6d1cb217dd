import { z } from 'zod';
import { paginationSchema } from './phishing-report.schema';

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
});
export type TemplatePreview = z.output<typeof templatePreviewSchema>;
