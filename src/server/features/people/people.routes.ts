import { z } from 'zod';
import { successEnvelope } from '../../../common/api-envelope';
import { peopleMessages } from '../../../common/messages';
import { messageOnlySchema, peopleListQuerySchema, peopleListSchema, personInputSchema, personSchema } from '../../../common/people.schema';
import { recordIdParam, recordParams, type ZodRoutes } from '../../lib/zod-route';
import { REALM_ERRORS, tenantOf } from '../../plugins/tenant-realm.plugin';
import { PEOPLE_TAGS as tags } from './people-route-common';
import type { PeopleService } from './people.service';

const params = recordParams(z.object({ user_id: recordIdParam }), peopleMessages.personNotFound);
const personErrors = {
  ...REALM_ERRORS,
  404: peopleMessages.personNotFound,
  422: 'Invalid input (per-field Japanese errors); the address is taken, at an unverified domain, or the plan’s people limit is reached',
};

/** /api/users: the people a tenant registers to receive training mail (tenant realm). */
export function registerPeopleRoutes(realm: ZodRoutes, { service }: { service: PeopleService }): void {
  realm.get('/api/users', {
    schema: { querystring: peopleListQuerySchema, response: { 200: successEnvelope(peopleListSchema) } },
    config: { openapi: { summary: 'People, newest first; q searches name, address and department', tags, errors: { ...REALM_ERRORS, 422: 'Bad q, group_id, limit or offset' } } },
  }, async (request, reply) => {
    const { q, group_id: groupId, limit, offset } = request.query;
    // Cached JSON text (see listJson); Fastify sends text with a JSON content type as it is.
    const json = await service.listJson(tenantOf(request).tenantId, { q, groupId, limit, offset });
    return reply.type('application/json; charset=utf-8').send(json as never);
  });

  realm.post('/api/users', {
    schema: { body: personInputSchema, response: { 201: successEnvelope(personSchema) } },
    config: { openapi: { summary: 'Register a person', tags, errors: personErrors } },
  }, async (request, reply) => {
    const person = await service.create(tenantOf(request), request.body);
    return reply.status(201).send({ success: true as const, data: person });
  });

  realm.get('/api/users/:user_id', {
    schema: { params, response: { 200: successEnvelope(personSchema) } },
    config: { openapi: { summary: 'One person', tags, errors: { ...REALM_ERRORS, 404: peopleMessages.personNotFound } } },
  }, async (request) => ({ success: true as const, data: await service.get(tenantOf(request).tenantId, request.params.user_id) }));

  realm.put('/api/users/:user_id', {
    schema: { params, body: personInputSchema, response: { 200: successEnvelope(personSchema) } },
    config: { openapi: { summary: 'Change a person (group_ids, when given, replaces their groups)', tags, errors: personErrors } },
  }, async (request) => ({ success: true as const, data: await service.update(tenantOf(request), request.params.user_id, request.body) }));

  realm.delete('/api/users/:user_id', {
    schema: { params, response: { 200: successEnvelope(messageOnlySchema) } },
    config: { openapi: { summary: 'Delete a person', tags, errors: { ...REALM_ERRORS, 404: peopleMessages.personNotFound } } },
  }, async (request) => {
    await service.remove(tenantOf(request).tenantId, request.params.user_id);
    return { success: true as const, data: { message: peopleMessages.deleted } };
  });
}
