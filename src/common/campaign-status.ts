/** SPEC §4: campaign statuses and their Japanese labels. */
export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'running', 'completed', 'paused'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const CAMPAIGN_STATUS_LABELS: Record<CampaignStatus, string> = {
  draft: '下書き',
  scheduled: '予約済み',
  running: '実行中',
  completed: '完了',
  paused: '一時停止',
};

/** SPEC §9: opens or clicks divided by sent, as a whole percent; 0 when nothing was sent. */
export function ratePercent(part: number, sent: number): number {
  if (!Number.isFinite(sent) || sent <= 0) return 0;
  return Math.round((part / sent) * 100);
}
