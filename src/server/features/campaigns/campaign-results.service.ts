import type { z } from 'zod';
import type { CampaignDetail, RecipientEvents, RecipientList, recipientListQuerySchema } from '../../../common/campaigns.schema';
import { RECIPIENT_STATUS_LABELS } from '../../../common/campaigns.schema';
import { campaignMessages as m } from '../../../common/messages';
import { type NotCountedDetail, type NotCountedReason, notCountedReasonText } from '../../../common/tracking-reasons';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import { attachmentDisposition, formatExcelCsv } from '../../lib/excel-csv';
import { toJstIsoString } from '../../lib/time-format';
import { toDetail, toRecipient } from './campaign-presenter';
import { CampaignResultsRepository, type RecipientRecord } from './campaign-results.repo';
import type { CampaignRecord, CampaignsRepository } from './campaigns.repo';

export interface CampaignResultsDeps {
  repo: CampaignsRepository;
  clock: Clock;
  trackingDays: number;
}

const EXPORT_HEADER = ['氏名', 'メールアドレス', '部署', 'グループ', 'テンプレート', '状態', '送信予定日時', '送信日時', '開封日時', 'クリック日時', '入力日時', '報告日時', '失敗理由'];
const csvTime = (date: Date | null) => (date ? toJstIsoString(date).slice(0, 19).replace('T', ' ') : '');

/** A campaign's results: the detail page's figures, the recipient pages, one timeline, the CSV. */
export class CampaignResultsService {
  constructor(private readonly deps: CampaignResultsDeps) {}

  async detail(tenantId: number, campaignId: number): Promise<CampaignDetail> {
    const campaign = await this.find(tenantId, campaignId);
    return this.detailOf(tenantId, campaign);
  }

  /** The detail of a campaign already read (after a change). */
  async detailOf(tenantId: number, campaign: CampaignRecord): Promise<CampaignDetail> {
    const results = new CampaignResultsRepository(this.deps.repo.db, tenantId);
    const [templates, templateCounts, statusCounts, groups, firstActions] = await Promise.all([
      this.deps.repo.forTenant(tenantId).campaignTemplates(campaign.id),
      results.templateCounts(campaign.id),
      results.statusCounts(campaign.id),
      results.groupStats(campaign.id),
      results.firstActions(campaign.id),
    ]);
    return toDetail(campaign, { templates, templateCounts, statusCounts, groups, firstActions, trackingDays: this.deps.trackingDays });
  }

  async recipients(tenantId: number, campaignId: number, query: z.output<typeof recipientListQuerySchema>): Promise<RecipientList> {
    const campaign = await this.find(tenantId, campaignId);
    const { limit, offset } = query;
    const filtered = Boolean(query.status || query.q || query.group_id !== undefined);
    // Unfiltered, the total is the campaign's own count of recipients (written with them at launch).
    const page = await new CampaignResultsRepository(this.deps.repo.db, tenantId).recipients(campaignId, {
      ...(filtered ? {} : { knownTotal: campaign.totalTargets }),
      ...(query.status ? { status: query.status } : {}),
      ...(query.q ? { q: query.q } : {}),
      ...(query.group_id !== undefined ? { groupId: query.group_id } : {}),
      limit,
      offset,
    });
    return {
      recipients: page.recipients.map(toRecipient),
      pagination: { total: page.total, limit, offset, has_more: offset + page.recipients.length < page.total },
    };
  }

  /** The timeline: delivery steps from the recipient's row, then every tracking request with whether it counted and why not. */
  async events(tenantId: number, campaignId: number, recipientId: number): Promise<RecipientEvents> {
    const results = new CampaignResultsRepository(this.deps.repo.db, tenantId);
    const recipient = await results.recipient(campaignId, recipientId);
    if (!recipient) throw new AppError('NOT_FOUND', m.recipientNotFound);
    const delivery = deliverySteps(recipient);
    const tracked = (await results.events(recipient.id)).map((event) => ({
      at: toJstIsoString(event.occurredAt),
      kind: event.kind as RecipientEvents['events'][number]['kind'],
      counted: event.counted,
      reason: event.counted || !event.reason ? null : notCountedReasonText(event.reason as NotCountedReason, parseDetail(event.reasonDetail)),
      user_agent: event.userAgent ? event.userAgent.slice(0, 200) : null,
      ip: event.ip || null,
    }));
    const events = [...delivery, ...tracked].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
    return { recipient: toRecipient(recipient), events };
  }

  async export(tenantId: number, campaignId: number): Promise<{ body: Buffer; disposition: string }> {
    const campaign = await this.find(tenantId, campaignId);
    const rows: string[][] = [];
    for await (const chunk of new CampaignResultsRepository(this.deps.repo.db, tenantId).allRecipients(campaignId)) {
      for (const recipient of chunk) {
        rows.push([
          recipient.name, recipient.email, recipient.department ?? '', recipient.groups.join(' / '), recipient.templateName, RECIPIENT_STATUS_LABELS[recipient.status],
          csvTime(recipient.plannedAt), csvTime(recipient.sentAt), csvTime(recipient.openedAt), csvTime(recipient.clickedAt), csvTime(recipient.submittedAt),
          csvTime(recipient.reportedAt), recipient.failureReason ?? '',
        ]);
      }
    }
    const day = toJstIsoString(this.deps.clock.now()).slice(0, 10);
    const safeName = campaign.name.replace(/[\\/:*?"<>|\r\n\t]+/g, '_').slice(0, 50);
    return { body: formatExcelCsv(EXPORT_HEADER, rows), disposition: attachmentDisposition(`campaign-${campaign.id}-${day}.csv`, `訓練結果_${safeName}_${day}.csv`) };
  }

  private async find(tenantId: number, campaignId: number): Promise<CampaignRecord> {
    const campaign = await this.deps.repo.forTenant(tenantId).find(campaignId);
    if (!campaign) throw new AppError('NOT_FOUND', m.notFound);
    return campaign;
  }
}

function deliverySteps(recipient: RecipientRecord): RecipientEvents['events'] {
  const step = (kind: 'scheduled' | 'sent' | 'failed' | 'cancelled', at: Date, reason: string | null = null) => ({
    at: toJstIsoString(at), kind, counted: kind === 'sent', reason, user_agent: null, ip: null,
  });
  const steps: RecipientEvents['events'] = [step('scheduled', recipient.plannedAt)];
  if (recipient.sentAt) steps.push(step('sent', recipient.sentAt));
  if (recipient.status === 'failed') steps.push(step('failed', recipient.sentAt ?? recipient.plannedAt, recipient.failureReason));
  if (recipient.status === 'cancelled') steps.push(step('cancelled', recipient.plannedAt, recipient.failureReason));
  return steps;
}

function parseDetail(text: string | null): NotCountedDetail {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as NotCountedDetail) : {};
  } catch {
    return {};
  }
}
