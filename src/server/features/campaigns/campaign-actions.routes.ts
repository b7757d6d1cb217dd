import { successEnvelope } from '../../../common/api-envelope';
import { campaignDetailSchema, recipientEventsSchema, recipientListQuerySchema, recipientListSchema } from '../../../common/campaigns.schema';
import { campaignMessages } from '../../../common/messages';
import { z } from 'zod';
import { recordIdParam, recordParams, type ZodRoutes } from '../../lib/zod-route';
import { REALM_ERRORS, tenantOf } from '../../plugins/tenant-realm.plugin';
import type { CampaignLifecycleService } from './campaign-lifecycle.service';
import type { CampaignResultsService } from './campaign-results.service';
import { CAMPAIGN_TAGS as tags, campaignParams as params } from './campaigns.routes';

const moveErrors = {
  ...REALM_ERRORS,
  404: campaignMessages.notFound,
  409: 'The transition table does not allow this move from the campaign’s status (Japanese reason)',
};
const recipientParams = recordParams(z.object({ campaign_id: recordIdParam, recipient_id: recordIdParam }), campaignMessages.recipientNotFound);

/** Launch, pause, resume and end; recipients, one timeline and the CSV export (tenant realm). */
export function registerCampaignActionRoutes(realm: ZodRoutes, { lifecycle, results }: { lifecycle: CampaignLifecycleService; results: CampaignResultsService }): void {
  const moves = [
    ['launch', 'Launch a draft (recipients resolved and planned; 422 when the free monthly allowance would be exceeded)', (tenantId: number, id: number) => lifecycle.launch(tenantId, id)],
    ['pause', 'Pause: nothing not yet handed to SMTP is sent', (tenantId: number, id: number) => lifecycle.pause(tenantId, id)],
    ['resume', 'Resume; overdue sends are spread over the next allowed hours', (tenantId: number, id: number) => lifecycle.resume(tenantId, id)],
    ['complete', 'End early: unsent mail is cancelled', (tenantId: number, id: number) => lifecycle.complete(tenantId, id)],
  ] as const;
  for (const [action, summary, move] of moves) {
    realm.post(`/api/campaigns/:campaign_id/${action}`, {
      schema: { params, response: { 200: successEnvelope(campaignDetailSchema) } },
      config: { openapi: { summary, tags, errors: action === 'launch' ? { ...moveErrors, 422: 'No sendable recipient, no sending time, or the free monthly allowance (Japanese message with what remains)' } : moveErrors } },
    }, async (request) => ({ success: true as const, data: await move(tenantOf(request).tenantId, request.params.campaign_id) }));
  }

  realm.get('/api/campaigns/:campaign_id/recipients', {
    schema: { params, querystring: recipientListQuerySchema, response: { 200: successEnvelope(recipientListSchema) } },
    config: { openapi: { summary: 'Per-recipient results, paged on the server (status, q, group_id)', tags, errors: { ...REALM_ERRORS, 404: campaignMessages.notFound, 422: 'Bad filter or paging' } } },
  }, async (request) => ({ success: true as const, data: await results.recipients(tenantOf(request).tenantId, request.params.campaign_id, request.query) }));

  realm.get('/api/campaigns/:campaign_id/recipients/:recipient_id/events', {
    schema: { params: recipientParams, response: { 200: successEnvelope(recipientEventsSchema) } },
    config: { openapi: { summary: 'One recipient’s timeline: every event, whether it counted, and why not (Japanese)', tags, errors: { ...REALM_ERRORS, 404: campaignMessages.recipientNotFound } } },
  }, async (request) => ({ success: true as const, data: await results.events(tenantOf(request).tenantId, request.params.campaign_id, request.params.recipient_id) }));

  realm.get('/api/campaigns/:campaign_id/export', {
    schema: { params },
    config: { openapi: { summary: 'Results as CSV (UTF-8 with BOM, for Excel)', tags, errors: { ...REALM_ERRORS, 404: campaignMessages.notFound } } },
  }, async (request, reply) => {
    const { body, disposition } = await results.export(tenantOf(request).tenantId, request.params.campaign_id);
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', disposition).header('cache-control', 'no-store').send(body);
  });
}
