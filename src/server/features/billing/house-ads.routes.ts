import { successEnvelope } from '../../../common/api-envelope';
import { type HouseAd, houseAdOfTheDay, houseAdsAnswerSchema } from '../../../common/house-ads';
import { planOf } from '../../../common/plans';
import type { Clock } from '../../clock';
import type { ZodRoutes } from '../../lib/zod-route';
import { REALM_ERRORS, tenantOf } from '../../plugins/tenant-realm.plugin';
import type { SubscriptionsRepository } from './subscriptions.repo';

/**
 * GET /api/house-ads (tenant realm): the ad of the day for the free plan's administrator, from the
 * configured list; nothing for a member or a paid plan, so the slot is not drawn at all.
 */
export function registerHouseAdRoutes(realm: ZodRoutes, { repo, ads, clock }: { repo: SubscriptionsRepository; ads: readonly HouseAd[]; clock: Clock }): void {
  realm.get('/api/house-ads', {
    schema: { response: { 200: successEnvelope(houseAdsAnswerSchema) } },
    config: { openapi: { summary: 'The free plan’s house ad for its administrator (text and a link; none on a paid plan)', tags: ['Plans and billing'], errors: REALM_ERRORS } },
  }, async (request) => {
    const tenant = tenantOf(request);
    const plan = tenant.role === 'admin' ? await repo.forTenant(tenant.tenantId).planInForce() : null;
    const ad = plan !== null && planOf(plan).adsShown ? houseAdOfTheDay(ads, clock.now()) : undefined;
    return { success: true as const, data: { ads: ad ? [ad] : [] } };
  });
}
