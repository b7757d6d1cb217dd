import { z } from 'zod';
import { organizationNameSchema } from './account.schema';
import { ADDRESS_MAX_LENGTH, billingDetailsSchema, billingDetailsViewSchema, phoneSchema, postalCodeSchema } from './billing.schema';
import { billingMessages as m } from './billing-messages';
import { cleanDisplayName } from './text-normalize';

/**
 * Organisation details (issue 14): the contract of GET and PUT /api/account/organization, shared
 * by the server (validation, OpenAPI, answers) and the /account/organization/edit screen.
 *
 * PUT replaces the organisation's own details: an optional field left out or sent empty is
 * stored empty. The 請求先 (`billing`) is different: an object replaces it, while `null` or no
 * `billing` at all leaves it as it is. It cannot be removed here, since invoices are addressed to it.
 */

/** 業種: the choices of the form, in the order shown. */
export const INDUSTRIES = [
  '製造業',
  '建設業',
  '情報通信業',
  '卸売業・小売業',
  '金融業・保険業',
  '不動産業',
  '運輸業・郵便業',
  '医療・福祉',
  '教育・学習支援業',
  'サービス業',
  '公務',
  'その他',
] as const;
export type Industry = (typeof INDUSTRIES)[number];

/** 従業員数 bands. */
export const EMPLOYEE_COUNT_BANDS = ['1〜9名', '10〜49名', '50〜99名', '100〜299名', '300〜999名', '1,000名以上'] as const;
export type EmployeeCountBand = (typeof EMPLOYEE_COUNT_BANDS)[number];

/** A field that may be left empty ('' after trimming); when given, `rule` applies (and normalises). */
function emptyOr(rule: z.ZodType<string, string>) {
  return z
    .string({ error: m.invalid })
    .transform((value, context) => {
      if (value.trim() === '') return '';
      const parsed = rule.safeParse(value);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) context.addIssue({ code: 'custom', message: issue.message });
      return z.NEVER;
    })
    .optional()
    .transform((value) => value ?? '');
}

/** One choice of a list, or '' (not chosen). */
function choiceOrEmpty<T extends readonly [string, ...string[]]>(choices: T, message: string) {
  return z
    .union([z.literal(''), z.enum(choices)], { error: message })
    .optional()
    .transform((value): T[number] | '' => value ?? '');
}

/** Body of PUT /api/account/organization. */
export const organizationInputSchema = z.object({
  company_name: organizationNameSchema,
  postal_code: emptyOr(postalCodeSchema),
  address: z
    .string({ error: m.invalid })
    .transform(cleanDisplayName)
    .pipe(z.string().max(ADDRESS_MAX_LENGTH, { error: m.tooLong(ADDRESS_MAX_LENGTH) }))
    .optional()
    .transform((value) => value ?? ''),
  phone: emptyOr(phoneSchema),
  industry: choiceOrEmpty(INDUSTRIES, m.industryInvalid),
  employee_count: choiceOrEmpty(EMPLOYEE_COUNT_BANDS, m.employeeCountInvalid),
  /** The 請求先: an object replaces it; null or absent leaves it unchanged. */
  billing: billingDetailsSchema.nullish().transform((value) => value ?? null),
});
export type OrganizationInput = z.input<typeof organizationInputSchema>;
export type OrganizationUpdate = z.output<typeof organizationInputSchema>;

/** The organisation's fields a change can touch, as the answer names them. */
export const ORGANIZATION_FIELDS = ['company_name', 'postal_code', 'address', 'phone', 'industry', 'employee_count', 'billing'] as const;
export type OrganizationField = (typeof ORGANIZATION_FIELDS)[number];

/** How the screens name each field (the complete page lists what changed). */
export const ORGANIZATION_FIELD_LABELS: Record<OrganizationField, string> = {
  company_name: '組織名',
  postal_code: '郵便番号',
  address: '住所',
  phone: '電話番号',
  industry: '業種',
  employee_count: '従業員数',
  billing: '請求先',
};

/** GET /api/account/organization (and the organisation in the PUT answer). */
export const organizationSchema = z.object({
  company_name: z.string(),
  postal_code: z.string(),
  address: z.string(),
  phone: z.string(),
  /** '' when not chosen. */
  industry: z.string(),
  employee_count: z.string(),
  billing: billingDetailsViewSchema.nullable(),
  /** Whether the caller may change it (an administrator of the tenant). */
  is_admin: z.boolean(),
});
export type Organization = z.output<typeof organizationSchema>;

/** PUT /api/account/organization: the organisation as saved, and which fields the change touched. */
export const organizationUpdateResultSchema = z.object({
  organization: organizationSchema,
  changed: z.array(z.enum(ORGANIZATION_FIELDS)),
  message: z.string(),
});
export type OrganizationUpdateResult = z.output<typeof organizationUpdateResultSchema>;
