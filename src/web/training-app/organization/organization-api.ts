import type { BillingDetailsInput } from '../../../common/billing.schema';
import {
  organizationSchema,
  organizationUpdateResultSchema,
  type Organization,
  type OrganizationField,
  type OrganizationInput,
  type OrganizationUpdateResult,
} from '../../../common/organization.schema';
import { apiRequest } from '../../lib/api-client';

export const organizationKey = ['account', 'organization'] as const;

export function fetchOrganization(signal?: AbortSignal): Promise<Organization> {
  return apiRequest('/api/account/organization', { parse: (data) => organizationSchema.parse(data), signal });
}

export function updateOrganization(input: OrganizationInput): Promise<OrganizationUpdateResult> {
  return apiRequest('/api/account/organization', { method: 'PUT', json: input, parse: (data) => organizationUpdateResultSchema.parse(data) });
}

/** What the edit screen hands to the complete screen (router state; gone after a reload). */
export type OrganizationCompleteState = { changed: OrganizationField[] };

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
