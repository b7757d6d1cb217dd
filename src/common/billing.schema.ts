import { z } from 'zod';
import { billingMessages as m } from './billing-messages';
import { BILLING_CYCLES, PAID_PLAN_IDS } from './plans';
import { cleanDisplayName, isEmailAddress, toAsciiDigits } from './text-normalize';

/**
 * Plans and billing (issue 14): the API contract shared by the server (validation, OpenAPI,
 * answers) and the /account/upgrade, /account/organization and /billing screens.
 */

export const PAYMENT_METHODS = ['invoice', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = { invoice: '請求書払い（銀行振込）', card: 'クレジットカード' };

export const BILLING_TEXT_MAX_LENGTH = 100;
export const ADDRESS_MAX_LENGTH = 200;

/** A one-line name-like field: cleaned like organisation names, then required or optional. */
function nameField(required: string | null, max = BILLING_TEXT_MAX_LENGTH) {
  const cleaned = z.string({ error: required ?? m.invalid }).transform(cleanDisplayName);
  return required === null
    ? cleaned.pipe(z.string().max(max, { error: m.tooLong(max) }))
    : cleaned.pipe(z.string().min(1, { error: required }).max(max, { error: m.tooLong(max) }));
}

/** 〒: seven digits, typed with or without the hyphen, in full or half width; stored as 123-4567. */
export const postalCodeSchema = z
  .string({ error: m.postalCodeRequired })
  .transform((value) => toAsciiDigits(value.normalize('NFKC')).replace(/[‐‑‒–—―−ー]/g, '-').replace(/^〒/, '').trim())
  .pipe(z.string().min(1, { error: m.postalCodeRequired, abort: true }).regex(/^\d{3}-?\d{4}$/, { error: m.postalCodeInvalid }))
  .transform((value) => `${value.replace('-', '').slice(0, 3)}-${value.replace('-', '').slice(3)}`);

/** A Japanese phone number: 10 or 11 digits starting with 0, hyphens and brackets allowed; stored as typed, in ASCII. */
export const phoneSchema = z
  .string({ error: m.phoneRequired })
  .transform((value) => toAsciiDigits(value.normalize('NFKC')).replace(/[‐‑‒–—―−ー]/g, '-').trim())
  .pipe(
    z
      .string()
      .min(1, { error: m.phoneRequired, abort: true })
      .refine((value) => /^[0-9()\s-]+$/.test(value) && /^0\d{9,10}$/.test(value.replace(/[()\s-]/g, '')), { error: m.phoneInvalid }),
  );

const billingEmailSchema = z
  .string({ error: m.emailRequired })
  .trim()
  .min(1, { error: m.emailRequired, abort: true })
  .max(254, { error: m.tooLong(254) })
  .refine(isEmailAddress, { error: m.emailInvalid });

/** 請求先: who the invoice is addressed and mailed to. */
export const billingDetailsSchema = z.object({
  company_name: nameField(m.billingCompanyRequired),
  department: nameField(null),
  contact_name: nameField(m.contactNameRequired, 50),
  email: billingEmailSchema,
  postal_code: postalCodeSchema,
  address: nameField(m.addressRequired, ADDRESS_MAX_LENGTH),
  phone: phoneSchema,
});
export type BillingDetailsInput = z.input<typeof billingDetailsSchema>;
export type BillingDetails = z.output<typeof billingDetailsSchema>;

export const BILLING_FIELDS = ['company_name', 'department', 'contact_name', 'email', 'postal_code', 'address', 'phone'] as const satisfies readonly (keyof BillingDetailsInput)[];

/** 請求先 labels, in form order. */
export const BILLING_FIELD_LABELS: Record<(typeof BILLING_FIELDS)[number], string> = {
  company_name: '請求先の会社名',
  department: '部署名',
  contact_name: 'ご担当者名',
  email: '請求書送付先メールアドレス',
  postal_code: '郵便番号',
  address: '住所',
  phone: '電話番号',
};

/** The stored 請求先 as answers carry it (already cleaned). */
export const billingDetailsViewSchema = z.object({
  company_name: z.string(),
  department: z.string(),
  contact_name: z.string(),
  email: z.string(),
  postal_code: z.string(),
  address: z.string(),
  phone: z.string(),
});

/** POST /api/account/upgrade. */
export const upgradeInputSchema = z.object({
  plan: z.enum(PAID_PLAN_IDS, { error: m.planRequired }),
  cycle: z.enum(BILLING_CYCLES, { error: m.cycleRequired }),
  method: z.enum(PAYMENT_METHODS, { error: m.methodRequired }),
  billing: billingDetailsSchema,
  /** true: only compute the figures (the confirm screen); false: apply the change. */
  preview: z.boolean().default(false),
});
export type UpgradeInput = z.input<typeof upgradeInputSchema>;

/** One plan of GET /api/plans. */
export const planSchema = z.object({
  plan_id: z.string(),
  name: z.string(),
  summary: z.string(),
  max_people: z.number().int().nullable(),
  monthly_mails: z.number().int().nullable(),
  ads_shown: z.boolean(),
  /** 税抜 yen; null when quoted individually. */
  monthly_price: z.number().int().nullable(),
  annual_price: z.number().int().nullable(),
  monthly_price_with_tax: z.number().int().nullable(),
  annual_price_with_tax: z.number().int().nullable(),
  /** Whether it can be chosen on the upgrade screens (not the free plan, not the enterprise tier). */
  purchasable: z.boolean(),
});
export type PlanInfo = z.output<typeof planSchema>;
export const planListSchema = z.object({ plans: z.array(planSchema), tax_rate_percent: z.number().int(), card_available: z.boolean() });

export const invoiceItemSchema = z.object({ description: z.string(), quantity: z.number().int(), unit_price: z.number().int(), amount: z.number().int() });

/** The figures of one invoice as the confirm screen and the invoice show them. */
export const invoicePreviewSchema = z.object({
  plan_id: z.string(),
  plan_name: z.string(),
  cycle: z.enum(BILLING_CYCLES),
  method: z.enum(PAYMENT_METHODS),
  period_start: z.string(),
  period_end: z.string(),
  /** 税抜 */
  subtotal: z.number().int(),
  tax_rate_percent: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  /** YYYY-MM-DD, Tokyo. */
  issue_date: z.string(),
  due_date: z.string(),
  items: z.array(invoiceItemSchema),
  /**
   * Set when a paid tenant moves to a larger plan: the invoice is then the 差額 for the rest of the
   * current period (the period above), not a first invoice.
   */
  plan_change: z
    .object({
      from_plan_id: z.string(),
      from_plan_name: z.string(),
      /** One Japanese sentence: how the 差額 was prorated. */
      proration: z.string(),
      /** A scheduled downgrade or cancellation (its target plan) that the change withdraws; null when none. */
      withdrawn_pending_plan_id: z.string().nullable(),
    })
    .nullable(),
});
export type InvoicePreview = z.output<typeof invoicePreviewSchema>;

export const subscriptionSchema = z.object({
  plan_id: z.string(),
  plan_name: z.string(),
  cycle: z.enum(BILLING_CYCLES).nullable(),
  method: z.enum(PAYMENT_METHODS).nullable(),
  /** Dates (YYYY-MM-DD, Tokyo) of the paid period; null on the free plan. */
  current_period_start: z.string().nullable(),
  current_period_end: z.string().nullable(),
  /** A downgrade or cancellation waiting for the end of the period. */
  pending_plan_id: z.string().nullable(),
  pending_plan_name: z.string().nullable(),
  limits: z.object({ max_people: z.number().int().nullable(), monthly_mails: z.number().int().nullable(), ads_shown: z.boolean() }),
  billing: billingDetailsViewSchema.nullable(),
  /** tenants.company_name: the payment step's default 請求先. */
  company_name: z.string(),
  is_admin: z.boolean(),
});
export type Subscription = z.output<typeof subscriptionSchema>;

export const upgradeResultSchema = z.object({
  preview: invoicePreviewSchema,
  applied: z.boolean(),
  /** Set when paying by card: where to send the browser (Stripe Checkout). */
  checkout_url: z.string().nullable(),
  subscription: subscriptionSchema.nullable(),
});
export type UpgradeResult = z.output<typeof upgradeResultSchema>;

/** Answer of POST /api/account/downgrade: what will happen, and the subscription after. */
export const downgradeResultSchema = z.object({ message: z.string(), subscription: subscriptionSchema });
export type DowngradeResult = z.output<typeof downgradeResultSchema>;

/** POST /api/account/downgrade: to a smaller paid plan, or to the free plan (cancellation). */
export const downgradeInputSchema = z.object({
  plan: z.enum(['free', ...PAID_PLAN_IDS], { error: m.planRequired }),
});

/** How an invoice reads to its tenant: 未入金, 入金済み, or 期限超過 (unpaid after its due date, Tokyo). */
export const INVOICE_DISPLAY_STATUSES = ['unpaid', 'paid', 'overdue'] as const;
export type InvoiceDisplayStatus = (typeof INVOICE_DISPLAY_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceDisplayStatus, string> = { unpaid: '未入金', paid: '入金済み', overdue: '期限超過' };


/** One invoice of GET /api/billing/invoices. */
export const invoiceSummarySchema = z.object({
  invoice_id: z.number().int(),
  invoice_number: z.string(),
  plan_id: z.string(),
  plan_name: z.string(),
  cycle: z.enum(BILLING_CYCLES),
  method: z.enum(PAYMENT_METHODS),
  /** YYYY-MM-DD, Tokyo; period_end is the last day covered. */
  period_start: z.string(),
  period_end: z.string(),
  issue_date: z.string(),
  due_date: z.string(),
  items: z.array(invoiceItemSchema),
  subtotal: z.number().int(),
  tax_rate_percent: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  status: z.enum(INVOICE_DISPLAY_STATUSES),
  paid_at: z.string().nullable(),
  /** Path of the PDF (GET, bearer). */
  pdf_url: z.string(),
});
export type InvoiceSummary = z.output<typeof invoiceSummarySchema>;
export const invoiceListSchema = z.object({ invoices: z.array(invoiceSummarySchema) });
