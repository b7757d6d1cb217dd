import type { z } from 'zod';
import type { CampaignAudience, CampaignDetail, CampaignFields, CampaignList, campaignListQuerySchema, campaignTargetsInputSchema } from '../../../common/campaigns.schema';
import { NoSendableTimeError, planSendTimes } from '../../../common/campaign-schedule';
import { campaignMessages as m } from '../../../common/messages';
import { monthlyMailLimit } from '../../../common/plans';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import { tokyoMonth } from '../../lib/time-format';
import type { SendingDomainPolicy } from '../sending-domains/sending-domain-policy';
import { toFields, toListItem } from './campaign-presenter';
import type { CampaignResultsService } from './campaign-results.service';
import { isActionAllowed } from './campaign-transitions';
import type { CampaignFieldsRecord, CampaignsRepository, TenantCampaigns } from './campaigns.repo';
import type { CampaignLifecycleService } from './campaign-lifecycle.service';

export interface CampaignsServiceDeps {
  repo: CampaignsRepository;
  policy: SendingDomainPolicy;
  results: CampaignResultsService;
  lifecycle: CampaignLifecycleService;
  clock: Clock;
}

/** Campaigns as administrators write them: list, create, edit, delete, and the audience count. */
export class CampaignsService {
  constructor(private readonly deps: CampaignsServiceDeps) {}

  async list(tenantId: number, query: z.output<typeof campaignListQuerySchema>): Promise<CampaignList> {
    const { campaigns, total } = await this.deps.repo.forTenant(tenantId).list({
      ...(query.status ? { status: query.status } : {}),
      ...(query.q ? { q: query.q } : {}),
      limit: query.limit,
      offset: query.offset,
    });
    return {
      campaigns: campaigns.map(toListItem),
      pagination: { total, limit: query.limit, offset: query.offset, has_more: query.offset + campaigns.length < total },
    };
  }

  async create(tenantId: number, input: CampaignFields): Promise<CampaignDetail> {
    const campaigns = this.deps.repo.forTenant(tenantId);
    const fields = toFields(input);
    await this.check(campaigns, fields);
    const id = await campaigns.insert(fields, this.deps.clock.now());
    return this.deps.results.detail(tenantId, id);
  }

  /**
   * Draft and scheduled campaigns can be edited. A scheduled one keeps its status: its recipients
   * are resolved and planned again from the new targets and schedule.
   */
  async update(tenantId: number, id: number, input: CampaignFields): Promise<CampaignDetail> {
    const campaigns = this.deps.repo.forTenant(tenantId);
    const current = await this.findOrThrow(campaigns, id);
    if (!isActionAllowed(current.status, 'edit')) this.deps.lifecycle.refuse(current.status, 'edit');
    const fields = toFields(input);
    await this.check(campaigns, fields);
    if (current.status === 'scheduled') {
      await this.deps.lifecycle.reschedule(tenantId, id, fields);
    } else if (!(await campaigns.update(id, fields, ['draft'], this.deps.clock.now()))) {
      const now = await this.findOrThrow(campaigns, id);
      this.deps.lifecycle.refuse(now.status, 'edit');
    }
    return this.deps.results.detail(tenantId, id);
  }

  async remove(tenantId: number, id: number): Promise<void> {
    const campaigns = this.deps.repo.forTenant(tenantId);
    const current = await this.findOrThrow(campaigns, id);
    if (!isActionAllowed(current.status, 'delete') || !(await campaigns.delete(id, ['draft', 'scheduled']))) {
      const now = await this.findOrThrow(campaigns, id);
      this.deps.lifecycle.refuse(now.status, 'delete');
    }
  }

  /** How many people a choice of targets reaches, how many of them can be sent to, and what is left of the month's allowance. */
  async audience(tenantId: number, targets: z.output<typeof campaignTargetsInputSchema>): Promise<CampaignAudience> {
    const campaigns = this.deps.repo.forTenant(tenantId);
    const month = tokyoMonth(this.deps.clock.now());
    const [people, plan, used, committed] = await Promise.all([
      campaigns.resolveTargets({ allUsers: targets.all_users, userIds: targets.user_ids, groupIds: targets.group_ids }),
      campaigns.plan(),
      campaigns.reservedMails(month),
      campaigns.committedMails(month),
    ]);
    const refused = await this.deps.policy.refusals(tenantId, people.map((person) => person.email));
    const limit = monthlyMailLimit(plan);
    return {
      total: people.length,
      refused: refused.size,
      sendable: people.length - refused.size,
      allowance: { monthly_limit: limit, used, remaining: limit === null ? null : Math.max(0, limit - committed) },
    };
  }

  /** 422 when a template, person or group is not this tenant's, or the schedule allows no sending time. */
  private async check(campaigns: TenantCampaigns, fields: CampaignFieldsRecord): Promise<void> {
    const errors: Record<string, string[]> = {};
    const templates = await campaigns.usableTemplates(fields.templateIds);
    if (templates.size !== fields.templateIds.length) errors.template_ids = [m.templateUnknown];
    if ((await campaigns.ownership.foreign('people', fields.targets.userIds)).length > 0) errors.user_ids = [m.personUnknown];
    if ((await campaigns.ownership.foreign('people_groups', fields.targets.groupIds)).length > 0) errors.group_ids = [m.groupUnknown];
    const { schedule } = fields;
    const now = this.deps.clock.now();
    if (schedule.endAt && schedule.endAt <= now) errors.end_at = [m.endInPast];
    else {
      try {
        planSendTimes({ ...schedule, start: schedule.startAt && schedule.startAt > now ? schedule.startAt : now, end: schedule.endAt }, 0);
      } catch (error) {
        if (!(error instanceof NoSendableTimeError)) throw error;
        errors.end_at = [m.noSendableTime];
      }
    }
    if (Object.keys(errors).length > 0) throw AppError.validation(errors);
  }

  private async findOrThrow(campaigns: TenantCampaigns, id: number) {
    const campaign = await campaigns.find(id);
    if (!campaign) throw new AppError('NOT_FOUND', m.notFound);
    return campaign;
  }
}
