import { type NotCountedDetail, type NotCountedReason } from '../../../common/tracking-reasons';
import { findScannerAgent, findScannerReferrer } from './scanner-signatures';

export { type NotCountedDetail, type NotCountedReason } from '../../../common/tracking-reasons';

/**
 * The judge of one tracking request (issue 11, "Scanner and bot filtering"): every request is
 * stored, but it moves the results only when it looks like a person. Pure: the caller gathers
 * the facts (including the two that need the database) and stores the verdict with the event.
 */
export type TrackingKind = 'open' | 'click' | 'submit' | 'honeypot' | 'human_check';

export interface TrackingFacts {
  kind: TrackingKind;
  /** HTTP method. */
  method: string;
  /** '' when absent. */
  userAgent: string;
  /** '' when absent. */
  referer: string;
  at: Date;
  /** When the mail was accepted by SMTP. */
  sentAt: Date | null;
  /** Other recipients of any campaign clicked from this same IP within SHARED_IP_WINDOW_MS before `at` (the repo counts them). */
  otherRecipientsFromIpRecently: number;
  /** This recipient's honeypot link was fetched from this same IP within HONEYPOT_WINDOW_MS before `at`. */
  honeypotHitFromIp: boolean;
}

export interface TrackingVerdict {
  counted: boolean;
  reason: NotCountedReason | null;
  detail: NotCountedDetail;
}

/** How far back clicks from one address are looked at for shared_ip. */
export const SHARED_IP_WINDOW_MS = 60_000;
/**
 * Trend Micro flags "one IP clicking for more than 2 users": so at most one OTHER recipient may
 * have clicked from the address in the window, and the click for a third person is held back.
 */
export const SHARED_IP_MAX_OTHER_RECIPIENTS = 1;
/**
 * How long after a honeypot fetch the same address's requests are taken for the same scanner.
 * Scanners follow every link of a mail within seconds; kept short because an on-premises gateway
 * may share its address with the people it protects, whose own clicks come later.
 */
export const HONEYPOT_WINDOW_MS = 2 * 60_000;

/**
 * Hard reasons can never be overturned; 'shared_ip' is soft: a human_check beacon from a real
 * browser overturns it (corporate NAT puts many real people behind one address).
 */
export function isOverturnableByHumanCheck(reason: NotCountedReason): boolean {
  return reason === 'shared_ip';
}

function counted(): TrackingVerdict {
  return { counted: true, reason: null, detail: {} };
}

function notCounted(reason: NotCountedReason, detail: NotCountedDetail = {}): TrackingVerdict {
  return { counted: false, reason, detail };
}

/** Submits and the human_check beacon are POSTs from the lesson page; the links in the mail are GETs. */
function expectedMethod(kind: TrackingKind): string {
  return kind === 'submit' || kind === 'human_check' ? 'POST' : 'GET';
}

/** Hard signals first, so the reason shown is the surest one; the soft shared_ip comes last. */
export function judgeTrackingRequest(facts: TrackingFacts, options: { minClickDelaySeconds: number }): TrackingVerdict {
  // Nobody can see the honeypot link, so whatever fetches it is a machine, by any method.
  if (facts.kind === 'honeypot') return notCounted('honeypot');

  const method = facts.method.toUpperCase();
  if (method !== expectedMethod(facts.kind)) return notCounted('non_get', { method });

  const userAgent = facts.userAgent.trim();
  if (facts.kind === 'open') {
    // A pixel proves little either way; only what is surely a machine is left out. Opens come
    // whenever the person reads the mail, so neither timing nor a shared address applies.
    const scanner = userAgent === '' ? null : findScannerAgent(userAgent, 'open');
    return scanner ? notCounted('scanner_agent', { ...scanner }) : counted();
  }

  // Every browser sends a user agent; a click without one is a program.
  if (userAgent === '') return notCounted('no_user_agent');
  const scanner = findScannerAgent(userAgent, 'visit');
  if (scanner) return notCounted('scanner_agent', { ...scanner });
  const referrer = findScannerReferrer(facts.referer);
  if (referrer) return notCounted('scanner_referrer', { product: referrer.product });

  if (facts.sentAt) {
    const elapsedMs = facts.at.getTime() - facts.sentAt.getTime();
    // A clock a little behind the worker's gives a negative gap: still "right after delivery".
    if (elapsedMs < options.minClickDelaySeconds * 1000) {
      return notCounted('too_early', { seconds: Math.max(0, Math.floor(elapsedMs / 1000)) });
    }
  }
  if (facts.honeypotHitFromIp) return notCounted('after_honeypot');

  // The beacon is what overturns shared_ip, so it is never held back for it.
  if (facts.kind !== 'human_check' && facts.otherRecipientsFromIpRecently > SHARED_IP_MAX_OTHER_RECIPIENTS) {
    return notCounted('shared_ip', { recipients: facts.otherRecipientsFromIpRecently + 1 });
  }
  return counted();
}
