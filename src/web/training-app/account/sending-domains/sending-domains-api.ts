import { messageOnlySchema } from '../../../../common/people.schema';
import {
  sendingDomainCheckSchema,
  sendingDomainListSchema,
  sendingDomainSchema,
  type SendingDomain,
  type SendingDomainCheck,
} from '../../../../common/sending-domains.schema';
import { apiRequest } from '../../../lib/api-client';

export const sendingDomainsKey = ['sending-domains'] as const;

export function fetchSendingDomains(signal?: AbortSignal): Promise<SendingDomain[]> {
  return apiRequest('/api/sending-domains', { parse: (data) => sendingDomainListSchema.parse(data).domains, signal });
}

export function addSendingDomain(domain: string): Promise<SendingDomain> {
  return apiRequest('/api/sending-domains', { method: 'POST', json: { domain }, parse: (data) => sendingDomainSchema.parse(data) });
}

export function verifySendingDomain(domainId: number): Promise<SendingDomainCheck> {
  return apiRequest(`/api/sending-domains/${domainId}/verify`, { method: 'POST', parse: (data) => sendingDomainCheckSchema.parse(data) });
}

export function deleteSendingDomain(domainId: number): Promise<string> {
  return apiRequest(`/api/sending-domains/${domainId}`, {
    method: 'DELETE',
    parse: (data) => messageOnlySchema.parse(data).message,
  });
}

