import { z } from 'zod';
import { successEnvelope } from '../../../common/api-envelope';
import { domainMessages } from '../../../common/messages';
import {
  addSendingDomainSchema,
  sendingDomainCheckSchema,
  sendingDomainListSchema,
  sendingDomainSchema,
} from '../../../common/sending-domains.schema';
import { recordIdParam, recordParams, type ZodRoutes } from '../../lib/zod-route';
import { REALM_ERRORS, tenantOf } from '../../plugins/tenant-realm.plugin';
import type { SendingDomainsService } from './sending-domains.service';

const TAGS = ['Sending domains'];
const paramsSchema = recordParams(z.object({ domain_id: recordIdParam }), domainMessages.domainNotFound);

/** Issue 10 part 2: the tenant's sending domains (tenant realm). */
export function registerSendingDomainRoutes(realm: ZodRoutes, { service }: { service: SendingDomainsService }): void {
  realm.get('/api/sending-domains', {
    schema: { response: { 200: successEnvelope(sendingDomainListSchema) } },
    config: { openapi: { summary: 'The tenant’s sending domains: its administrators’ own domains first, then the added ones', tags: TAGS, errors: REALM_ERRORS } },
  }, async (request) => ({ success: true as const, data: { domains: await service.list(tenantOf(request).tenantId) } }));

  realm.post('/api/sending-domains', {
    schema: { body: addSendingDomainSchema, response: { 201: successEnvelope(sendingDomainSchema) } },
    config: { openapi: { summary: 'Add a domain; it is proved by the DNS TXT record in `txt_record`', tags: TAGS, errors: { ...REALM_ERRORS, 422: 'Invalid, free-mail or already added domain' } } },
  }, async (request, reply) => {
    const domain = await service.add(tenantOf(request).tenantId, request.body.domain);
    return reply.status(201).send({ success: true as const, data: domain });
  });

  realm.post('/api/sending-domains/:domain_id/verify', {
    schema: { params: paramsSchema, response: { 200: successEnvelope(sendingDomainCheckSchema) } },
    config: { openapi: { summary: 'Look the domain’s TXT record up; `result` says whether it is proved or why not', tags: TAGS, errors: { ...REALM_ERRORS, 404: 'No such domain in this tenant' } } },
  }, async (request) => ({ success: true as const, data: await service.verify(tenantOf(request).tenantId, request.params.domain_id) }));

  realm.delete('/api/sending-domains/:domain_id', {
    schema: { params: paramsSchema, response: { 200: successEnvelope(z.object({ message: z.string() })) } },
    config: { openapi: { summary: 'Delete an added domain (people at it stay registered but are no longer sent to)', tags: TAGS, errors: { ...REALM_ERRORS, 404: 'No such domain in this tenant' } } },
  }, async (request) => ({ success: true as const, data: { message: await service.delete(tenantOf(request).tenantId, request.params.domain_id) } }));
}
