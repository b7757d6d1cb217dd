import type { CampaignStatus } from '../../../common/campaign-status';
import { CAMPAIGN_STATUS_LABELS } from '../../../common/campaign-status';
import type { CampaignAction } from '../../../common/campaigns.schema';
import { campaignMessages } from '../../../common/messages';
import { AppError } from '../../errors';

/**
 * The one transition table of campaign statuses (issue 11, SPEC §4). Every change of status goes
 * through `assertAllowed` or `nextStatus`; the repository then writes it with a compare-and-set on
 * the status it read, so two requests racing cannot both move the same campaign.
 *
 * - draft → scheduled (launch)
 * - scheduled → running (the dispatcher, when the first send is due)
 * - scheduled | running → paused
 * - paused → scheduled | running (resume: running once anything was sent, else scheduled)
 * - running → completed (the dispatcher, after the last send and the tracking window)
 * - running | paused → completed (the administrator ends it early; unsent mail is cancelled)
 * Draft and scheduled campaigns can be edited and deleted; later ones cannot.
 */
const ADMIN_ACTIONS: Record<CampaignStatus, readonly CampaignAction[]> = {
  draft: ['edit', 'delete', 'launch'],
  scheduled: ['edit', 'delete', 'pause'],
  running: ['pause', 'complete'],
  paused: ['resume', 'complete'],
  completed: [],
};

/** System moves made by the dispatcher, never by a request. */
const SYSTEM_MOVES: ReadonlyArray<[CampaignStatus, CampaignStatus]> = [
  ['scheduled', 'running'],
  ['running', 'completed'],
];

/** Where each administrator action leads from a status (resume is decided by whether anything was sent). */
const ACTION_TARGET: Record<Exclude<CampaignAction, 'edit' | 'delete' | 'resume'>, CampaignStatus> = {
  launch: 'scheduled',
  pause: 'paused',
  complete: 'completed',
};

export function allowedActions(status: CampaignStatus): CampaignAction[] {
  return [...ADMIN_ACTIONS[status]];
}

export function isActionAllowed(status: CampaignStatus, action: CampaignAction): boolean {
  return ADMIN_ACTIONS[status].includes(action);
}

/** 409 with the Japanese reason when the action is not allowed from `status`. */
export function assertAllowed(status: CampaignStatus, action: CampaignAction): void {
  if (!isActionAllowed(status, action)) {
    throw new AppError('CONFLICT', campaignMessages.illegalTransition(CAMPAIGN_STATUS_LABELS[status], campaignMessages.actionLabels[action]));
  }
}

/** The status an allowed action moves to. `anythingSent` decides where a resume goes. */
export function nextStatus(status: CampaignStatus, action: 'launch' | 'pause' | 'resume' | 'complete', anythingSent = false): CampaignStatus {
  assertAllowed(status, action);
  if (action === 'resume') return anythingSent ? 'running' : 'scheduled';
  return ACTION_TARGET[action];
}

export function isSystemMoveAllowed(from: CampaignStatus, to: CampaignStatus): boolean {
  return SYSTEM_MOVES.some(([a, b]) => a === from && b === to);
}

/** Every (from, to) pair the table allows, for the tests that walk all the others. */
export function allTransitions(): Array<[CampaignStatus, CampaignStatus]> {
  const pairs: Array<[CampaignStatus, CampaignStatus]> = [...SYSTEM_MOVES];
  for (const [status, actions] of Object.entries(ADMIN_ACTIONS) as Array<[CampaignStatus, readonly CampaignAction[]]>) {
    for (const action of actions) {
      if (action === 'edit' || action === 'delete') continue;
      if (action === 'resume') pairs.push([status, 'scheduled'], [status, 'running']);
      else pairs.push([status, ACTION_TARGET[action]]);
    }
  }
  return pairs;
}
