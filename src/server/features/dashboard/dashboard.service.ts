import type { CampaignSummary, DashboardData, DashboardStats } from '../../../common/account.schema';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import { toJstIsoString, tokyoMonth } from '../../lib/time-format';
import { toAuthTenant } from '../accounts/account-presenter';
import type { AccountsRepository } from '../accounts/accounts.repo';
import { realmMessages } from '../../../common/messages';
import type { DashboardRepository } from './dashboard.repo';

/** Campaigns shown on the dashboard; the rest are behind "show all". */
export const RECENT_CAMPAIGNS_LIMIT = 5;

export { tokyoMonth };

/** SPEC §2.3 dashboard figures, for the principal's own tenant only. */
export class DashboardService {
  constructor(private readonly deps: { repo: DashboardRepository; accounts: AccountsRepository; clock: Clock }) {}

  async stats(tenantId: number): Promise<DashboardStats> {
    return this.statsFor(tenantId, tokyoMonth(this.deps.clock.now()));
  }

  async dashboard(tenantId: number): Promise<DashboardData> {
    const tenant = await this.deps.accounts.findTenant(tenantId);
    if (!tenant) throw new AppError('NOT_FOUND', realmMessages.corporateOnly);
    const month = tokyoMonth(this.deps.clock.now());
    const [stats, campaigns] = await Promise.all([this.statsFor(tenantId, month), this.deps.repo.recentCampaigns(tenantId, RECENT_CAMPAIGNS_LIMIT)]);
    return {
      tenant: toAuthTenant(tenant),
      stats,
      recent_campaigns: campaigns.map((campaign): CampaignSummary => ({
        campaign_id: campaign.id,
        campaign_name: campaign.name,
        status: campaign.status,
        total_targets: campaign.total_targets,
        emails_sent: campaign.emails_sent,
        emails_opened: campaign.emails_opened,
        emails_clicked: campaign.emails_clicked,
        created_at: toJstIsoString(campaign.created_at),
      })),
      month,
    };
  }

  private async statsFor(tenantId: number, month: string): Promise<DashboardStats> {
    const [totalUsers, usage] = await Promise.all([this.deps.repo.countTrainingUsers(tenantId), this.deps.repo.monthlyUsage(tenantId, month)]);
    return { totalUsers, ...usage };
  }
}
