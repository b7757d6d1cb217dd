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

export { BILLING_FIELDS, BILLING_FIELD_LABELS } from '../../../common/billing.schema';
