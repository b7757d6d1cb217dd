import { z } from 'zod';
import { successEnvelope } from '../../../common/api-envelope';
import { peopleMessages } from '../../../common/messages';
import { groupInputSchema, groupListSchema, groupSchema, messageOnlySchema } from '../../../common/people.schema';
import { recordIdParam, recordParams, type ZodRoutes } from '../../lib/zod-route';
import { REALM_ERRORS, tenantOf } from '../../plugins/tenant-realm.plugin';
import type { PeopleGroupsService } from './people-groups.service';
import { PEOPLE_TAGS as tags } from './people-route-common';

const params = recordParams(z.object({ group_id: recordIdParam }), peopleMessages.groupNotFound);
const nameErrors = { ...REALM_ERRORS, 422: 'Name missing, too long or already used by another group' };

/** /api/groups: groups of people (tenant realm). Deleting a group keeps its people. */
export function registerPeopleGroupRoutes(realm: ZodRoutes, { service }: { service: PeopleGroupsService }): void {
  realm.get('/api/groups', {
    schema: { response: { 200: successEnvelope(groupListSchema) } },
    config: { openapi: { summary: 'Groups with their member counts, by name', tags, errors: REALM_ERRORS } },
  }, async (request) => ({ success: true as const, data: { groups: await service.list(tenantOf(request).tenantId) } }));

  realm.post('/api/groups', {
    schema: { body: groupInputSchema, response: { 201: successEnvelope(groupSchema) } },
    config: { openapi: { summary: 'Create a group', tags, errors: nameErrors } },
  }, async (request, reply) => {
    const group = await service.create(tenantOf(request).tenantId, request.body.name);
    return reply.status(201).send({ success: true as const, data: group });
  });

  realm.put('/api/groups/:group_id', {
    schema: { params, body: groupInputSchema, response: { 200: successEnvelope(groupSchema) } },
    config: { openapi: { summary: 'Rename a group', tags, errors: { ...nameErrors, 404: peopleMessages.groupNotFound } } },
  }, async (request) => ({ success: true as const, data: await service.rename(tenantOf(request).tenantId, request.params.group_id, request.body.name) }));

  realm.delete('/api/groups/:group_id', {
    schema: { params, response: { 200: successEnvelope(messageOnlySchema) } },
    config: { openapi: { summary: 'Delete a group (its people stay)', tags, errors: { ...REALM_ERRORS, 404: peopleMessages.groupNotFound } } },
  }, async (request) => {
    await service.remove(tenantOf(request).tenantId, request.params.group_id);
    return { success: true as const, data: { message: peopleMessages.groupDeleted } };
  });
}
