import { z } from 'zod';
import { successEnvelope } from '../../../common/api-envelope';
import {
  campaignAudienceSchema,
  campaignDetailSchema,
  campaignInputSchema,
  campaignListQuerySchema,
  campaignListSchema,
  campaignTargetsInputSchema,
} from '../../../common/campaigns.schema';
import { campaignMessages } from '../../../common/messages';
import { messageOnlySchema } from '../../../common/people.schema';
import { recordIdParam, recordParams, type ZodRoutes } from '../../lib/zod-route';
import { REALM_ERRORS, tenantOf } from '../../plugins/tenant-realm.plugin';
import type { CampaignResultsService } from './campaign-results.service';
import type { CampaignsService } from './campaigns.service';

export const CAMPAIGN_TAGS = ['Campaigns'];
const tags = CAMPAIGN_TAGS;
export const campaignParams = recordParams(z.object({ campaign_id: recordIdParam }), campaignMessages.notFound);
const writeErrors = {
  ...REALM_ERRORS,
  404: campaignMessages.notFound,
  409: 'The campaign’s status does not allow the change (Japanese reason)',
  422: 'Invalid input (per-field Japanese errors): unknown template, person or group; a schedule with no sending time',
};

/** /api/campaigns: list, create, read, edit and delete (tenant realm). */
export function registerCampaignRoutes(realm: ZodRoutes, { service, results }: { service: CampaignsService; results: CampaignResultsService }): void {
  realm.get('/api/campaigns', {
    schema: { querystring: campaignListQuerySchema, response: { 200: successEnvelope(campaignListSchema) } },
    config: { openapi: { summary: 'Campaigns, newest first, with SPEC §9 rates; status and q filter', tags, errors: { ...REALM_ERRORS, 422: 'Bad status, q, limit or offset' } } },
  }, async (request) => ({ success: true as const, data: await service.list(tenantOf(request).tenantId, request.query) }));

  realm.post('/api/campaigns', {
    schema: { body: campaignInputSchema, response: { 201: successEnvelope(campaignDetailSchema) } },
    config: { openapi: { summary: 'Create a draft campaign', tags, errors: writeErrors } },
  }, async (request, reply) => reply.status(201).send({ success: true as const, data: await service.create(tenantOf(request).tenantId, request.body) }));

  // Static path beside /api/campaigns/:campaign_id; the router prefers it.
  realm.post('/api/campaigns/audience', {
    schema: { body: campaignTargetsInputSchema, response: { 200: successEnvelope(campaignAudienceSchema) } },
    config: { openapi: { summary: 'How many people a choice of targets reaches, and the month’s remaining allowance', tags, errors: { ...REALM_ERRORS, 422: 'Bad ids' } } },
  }, async (request) => ({ success: true as const, data: await service.audience(tenantOf(request).tenantId, request.body) }));

  realm.get('/api/campaigns/:campaign_id', {
    schema: { params: campaignParams, response: { 200: successEnvelope(campaignDetailSchema) } },
    config: { openapi: { summary: 'A campaign with counts per status and group, templates, schedule and activity', tags, errors: { ...REALM_ERRORS, 404: campaignMessages.notFound } } },
  }, async (request) => ({ success: true as const, data: await results.detail(tenantOf(request).tenantId, request.params.campaign_id) }));

  realm.put('/api/campaigns/:campaign_id', {
    schema: { params: campaignParams, body: campaignInputSchema, response: { 200: successEnvelope(campaignDetailSchema) } },
    config: { openapi: { summary: 'Edit a draft or scheduled campaign (a scheduled one is planned again)', tags, errors: writeErrors } },
  }, async (request) => ({ success: true as const, data: await service.update(tenantOf(request).tenantId, request.params.campaign_id, request.body) }));

  realm.delete('/api/campaigns/:campaign_id', {
    schema: { params: campaignParams, response: { 200: successEnvelope(messageOnlySchema) } },
    config: { openapi: { summary: 'Delete a draft or scheduled campaign', tags, errors: { ...REALM_ERRORS, 404: campaignMessages.notFound, 409: writeErrors[409] } } },
  }, async (request) => {
    await service.remove(tenantOf(request).tenantId, request.params.campaign_id);
    return { success: true as const, data: { message: campaignMessages.deleted } };
  });
}
