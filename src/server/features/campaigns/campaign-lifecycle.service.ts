import { CAMPAIGN_STATUS_LABELS, type CampaignStatus } from '../../../common/campaign-status';
import type { CampaignAction, CampaignDetail } from '../../../common/campaigns.schema';
import { NoSendableTimeError, planSendTimes, replanRemaining, type Random } from '../../../common/campaign-schedule';
import { campaignMessages as m } from '../../../common/messages';
import { monthlyMailLimit } from '../../../common/plans';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import { randomUrlSafeId } from '../../lib/secret-hash';
import { tokyoMonth } from '../../lib/time-format';
import type { SendingDomainPolicy } from '../sending-domains/sending-domain-policy';
import type { CampaignResultsService } from './campaign-results.service';
import { assertAllowed, nextStatus } from './campaign-transitions';
import type { CampaignFieldsRecord, CampaignRecord, CampaignsRepository, NewRecipient, TargetPerson, TenantCampaigns } from './campaigns.repo';

export interface CampaignLifecycleDeps {
  repo: CampaignsRepository;
  policy: SendingDomainPolicy;
  results: CampaignResultsService;
  clock: Clock;
  /** Starts the dispatcher after a commit that queued its job, and again at `firstDue` when that is later. */
  kickDispatcher: (firstDue?: Date) => void;
  /** Spreads sends and picks templates (tests pass a seeded one). */
  random?: Random;
}

/**
 * Launch, pause, resume and end (issue 11): every move checked against the one transition table
 * (campaign-transitions.ts) and written by compare-and-set on the status read, so racing requests
 * never both move a campaign.
 */
export class CampaignLifecycleService {
  constructor(private readonly deps: CampaignLifecycleDeps) {}

  /** 409 with the Japanese reason (the transition table refused). */
  refuse(status: CampaignStatus, action: CampaignAction): never {
    throw new AppError('CONFLICT', m.illegalTransition(CAMPAIGN_STATUS_LABELS[status], m.actionLabels[action]));
  }

  /**
   * draft → scheduled: the targets are resolved once (groups expanded, duplicates removed, people
   * outside the tenant's sending domains left out), each recipient gets a token, a template drawn
   * at random from the campaign's and a planned time; the free allowance is checked under the
   * tenant's lock, so two launches at once cannot both take what remains.
   */
  async launch(tenantId: number, id: number): Promise<CampaignDetail> {
    const campaigns = this.deps.repo.forTenant(tenantId);
    const sendable = await this.sendablePeople(campaigns, id);
    const { campaign, firstDue } = await campaigns.withTenantLock(async (locked) => {
      const current = await this.find(locked, id);
      assertAllowed(current.status, 'launch');
      const first = await this.planRecipients(locked, current, sendable, current.status);
      return { campaign: (await locked.find(id))!, firstDue: first };
    });
    this.deps.kickDispatcher(firstDue);
    return this.deps.results.detailOf(tenantId, campaign);
  }

  /** An edit of a scheduled campaign: its recipients are planned again from the new fields (nothing was sent yet). */
  async reschedule(tenantId: number, id: number, fields: CampaignFieldsRecord): Promise<void> {
    const campaigns = this.deps.repo.forTenant(tenantId);
    const now = this.deps.clock.now();
    const sendable = await this.sendablePeople(campaigns, id, fields);
    const firstDue = await campaigns.withTenantLock(async (locked) => {
      if (!(await locked.update(id, fields, ['scheduled'], now))) this.refuse((await this.find(locked, id)).status, 'edit');
      await locked.deleteRecipients(id);
      return this.planRecipients(locked, (await locked.find(id))!, sendable, 'scheduled');
    });
    this.deps.kickDispatcher(firstDue);
  }

  /** scheduled | running → paused: every mail not yet handed to SMTP is taken back from the outbox. */
  async pause(tenantId: number, id: number): Promise<CampaignDetail> {
    const now = this.deps.clock.now();
    const campaign = await this.deps.repo.forTenant(tenantId).transaction(async (trx) => {
      const current = await this.find(trx, id);
      const to = nextStatus(current.status, 'pause');
      if (!(await trx.setStatus(id, [current.status], to, now, { pausedAt: now }))) this.refuse((await this.find(trx, id)).status, 'pause');
      await trx.takeBackQueuedMail(id);
      return (await trx.find(id))!;
    });
    return this.deps.results.detailOf(tenantId, campaign);
  }

  /**
   * paused → running (something was sent) or scheduled. Recipients whose time passed during the
   * pause are spread again from now (over the rest of the window, or the next allowed hours when
   * it has passed) instead of being fired at once.
   */
  async resume(tenantId: number, id: number): Promise<CampaignDetail> {
    const now = this.deps.clock.now();
    let firstDue: Date | undefined;
    const campaign = await this.deps.repo.forTenant(tenantId).transaction(async (trx) => {
      const current = await this.find(trx, id);
      const to = nextStatus(current.status, 'resume', await trx.anythingSent(id));
      const overdue = await trx.overdueRecipients(id, now);
      if (overdue.length > 0) {
        const times = replanRemaining({ ...current.schedule, start: current.schedule.startAt ?? now, end: current.schedule.endAt }, now, overdue.length, this.deps.random);
        await trx.replan(overdue.map((recipientId, index) => ({ id: recipientId, plannedAt: times[index]! })));
      }
      const span = await trx.unsentSpan(id);
      const lastSendAt = span && (!current.lastSendAt || span.last > current.lastSendAt) ? span.last : undefined;
      if (!(await trx.setStatus(id, ['paused'], to, now, { pausedAt: null, ...(lastSendAt ? { lastSendAt } : {}) }))) this.refuse((await this.find(trx, id)).status, 'resume');
      firstDue = span?.first ?? now;
      await trx.enqueueDispatch(id, firstDue, now);
      return (await trx.find(id))!;
    });
    this.deps.kickDispatcher(firstDue);
    return this.deps.results.detailOf(tenantId, campaign);
  }

  /** running | paused → completed, ended early: unsent mail is cancelled and never sent. */
  async complete(tenantId: number, id: number): Promise<CampaignDetail> {
    const now = this.deps.clock.now();
    const campaign = await this.deps.repo.forTenant(tenantId).transaction(async (trx) => {
      const current = await this.find(trx, id);
      nextStatus(current.status, 'complete');
      if (!(await trx.setStatus(id, [current.status], 'completed', now, { completedAt: now }))) this.refuse((await this.find(trx, id)).status, 'complete');
      await trx.takeBackQueuedMail(id);
      await trx.cancelUnsent(id, m.cancelledByCompletion);
      return (await trx.find(id))!;
    });
    return this.deps.results.detailOf(tenantId, campaign);
  }

  /** The campaign's targets resolved outside the lock, with the people the sending-domain policy allows. */
  private async sendablePeople(campaigns: TenantCampaigns, id: number, fields?: CampaignFieldsRecord): Promise<Set<number>> {
    const campaign = fields ? { targets: fields.targets } : await this.find(campaigns, id);
    const people = await campaigns.resolveTargets(campaign.targets);
    const refused = await this.deps.policy.refusals(campaigns.tenantId, people.map((person) => person.email));
    return new Set(people.filter((person) => !refused.has(person.email)).map((person) => person.id));
  }

  /** Inside the tenant lock: recipients, allowance, planned times, status and the dispatcher's first job (answers its time). */
  private async planRecipients(locked: TenantCampaigns, campaign: CampaignRecord, sendable: Set<number>, from: CampaignStatus): Promise<Date> {
    const now = this.deps.clock.now();
    const people = (await locked.resolveTargets(campaign.targets)).filter((person) => sendable.has(person.id));
    if (people.length === 0) throw AppError.validation({ user_ids: [m.noRecipients] });
    const templates = [...(await locked.usableTemplates(campaign.templateIds)).keys()];
    if (templates.length === 0) throw AppError.validation({ template_ids: [m.templateUnknown] });
    const limit = monthlyMailLimit(await locked.plan());
    if (limit !== null) {
      const remaining = Math.max(0, limit - (await locked.committedMails(tokyoMonth(now))));
      if (people.length > remaining) throw new AppError('VALIDATION_FAILED', m.monthlyAllowanceExceeded(limit, remaining, people.length));
    }
    const { schedule } = campaign;
    if (schedule.endAt && schedule.endAt <= now) throw AppError.validation({ end_at: [m.endInPast] });
    let times: Date[];
    try {
      times = planSendTimes({ ...schedule, start: schedule.startAt && schedule.startAt > now ? schedule.startAt : now, end: schedule.endAt }, people.length, this.deps.random);
    } catch (error) {
      if (error instanceof NoSendableTimeError) throw AppError.validation({ end_at: [m.noSendableTime] });
      throw error;
    }
    const random = this.deps.random ?? Math.random;
    const recipients: NewRecipient[] = people.map((person: TargetPerson, index) => ({
      person,
      templateId: templates[Math.min(templates.length - 1, Math.floor(random() * templates.length))]!,
      token: randomUrlSafeId(16),
      plannedAt: times[index]!,
    }));
    await locked.insertRecipients(campaign.id, recipients, now);
    const first = times.reduce((min, time) => (time < min ? time : min), times[0]!);
    const last = times.reduce((max, time) => (time > max ? time : max), times[0]!);
    if (!(await locked.setStatus(campaign.id, [from], 'scheduled', now, { launchedAt: now, lastSendAt: last, totalTargets: recipients.length }))) {
      this.refuse((await this.find(locked, campaign.id)).status, 'launch');
    }
    await locked.enqueueDispatch(campaign.id, first, now);
    return first;
  }

  private async find(campaigns: TenantCampaigns, id: number): Promise<CampaignRecord> {
    const campaign = await campaigns.find(id);
    if (!campaign) throw new AppError('NOT_FOUND', m.notFound);
    return campaign;
  }
}
