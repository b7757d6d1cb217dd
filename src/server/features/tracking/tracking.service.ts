import { individualPaths } from '../../../common/individual-training.schema';
import { NOT_COUNTED_REASONS } from '../../../common/tracking-reasons';
import { mailLink } from '../mail/mail-message';
import { replaceVariables } from '../../../common/templates.schema';
import type { Clock } from '../../clock';
import { recipientValues } from '../campaigns/campaign-mail';
import { renderTemplate } from '../templates/template-render';
import { renderLessonPage, renderLoginLookalike } from './lesson-page';
import {
  HONEYPOT_WINDOW_MS,
  isOverturnableByHumanCheck,
  judgeTrackingRequest,
  SHARED_IP_WINDOW_MS,
  type TrackingKind,
} from './scanner-filter';
import { TRACKING_PATHS, trackingLinks } from './tracking-paths';
import type { CountedAction, TimedAction, TrackedRecipient, TrackingRepository } from './tracking.repo';

/** What a tracking request tells about itself (no body: the lookalike form posts none). */
export interface RequestFacts {
  method: string;
  userAgent: string;
  referer: string;
  ip: string;
}

export interface TrackingServiceDeps {
  repo: TrackingRepository;
  /** APP_URL: an individual's lesson links to their unsubscribe page there. */
  appUrl: string;
  clock: Clock;
  trackingUrl: string;
  trainingDomain: string;
  minClickDelaySeconds: number;
}

/** Other recipients behind one address are counted up to this many (the reason names the figure). */
const SHARED_IP_COUNT_CAP = 50;
const ACTION_OF: Partial<Record<TrackingKind, CountedAction>> = { open: 'open', click: 'click', submit: 'submit' };
const OVERTURNABLE = NOT_COUNTED_REASONS.filter(isOverturnableByHumanCheck);

/**
 * Opens, clicks, submits, the honeypot and the human-check beacon. Every request is kept; the
 * scanner filter decides whether it counts (and why not). A human check from a real browser
 * counts the click and the lookalike submit that were only held back for a soft reason (many
 * people behind one address), and that person's later ones.
 */
export class TrackingService {
  constructor(private readonly deps: TrackingServiceDeps) {}

  /** Records one request; false when the token is unknown (the route answers a plain 404). */
  async track(kind: TrackingKind, token: string, facts: RequestFacts): Promise<boolean> {
    const { repo, clock } = this.deps;
    const recipient = await repo.findByToken(token);
    if (!recipient) return false;
    // A person who unsubscribed still gets the page, but what they do is no longer recorded (privacy policy, 保存期間).
    if (recipient.stopped) return true;
    const at = clock.now();
    const personal = kind === 'click' || kind === 'submit' || kind === 'human_check';
    const [others, honeypot] = personal
      ? await Promise.all([
          repo.otherRecipientsFromIp(recipient, facts.ip, new Date(at.getTime() - SHARED_IP_WINDOW_MS), SHARED_IP_COUNT_CAP),
          repo.honeypotFromIp(recipient, facts.ip, new Date(at.getTime() - HONEYPOT_WINDOW_MS)),
        ])
      : [0, false];
    let verdict = judgeTrackingRequest(
      { kind, method: facts.method, userAgent: facts.userAgent, referer: facts.referer, at, sentAt: recipient.sentAt, otherRecipientsFromIpRecently: others, honeypotHitFromIp: honeypot },
      { minClickDelaySeconds: this.deps.minClickDelaySeconds },
    );
    // Once the beacon has vouched for this person, a soft hold no longer applies to them: behind a
    // corporate NAT the lookalike form is submitted seconds after the check, still inside the window.
    if (verdict.reason && isOverturnableByHumanCheck(verdict.reason) && (await repo.passedHumanCheck(recipient))) {
      verdict = { counted: true, reason: null, detail: {} };
    }
    const event = { kind, at, counted: verdict.counted, reason: verdict.reason, detail: verdict.detail, ...facts };
    if (kind === 'human_check' && verdict.counted) {
      await this.confirmHeldBack(recipient, event);
      return true;
    }
    const action = verdict.counted ? ACTION_OF[kind] : undefined;
    await repo.record(recipient, event, action ? [{ action, at }] : []);
    return true;
  }

  /** The lesson (or first the lookalike sign-in of a `login` template); null for an unknown token. */
  async lessonPage(token: string, options: { afterSubmit: boolean }): Promise<string | null> {
    const { repo, clock, trackingUrl, trainingDomain } = this.deps;
    const recipient = await repo.findByToken(token);
    if (!recipient) return null;
    const individual = recipient.audience === 'individual' ? await repo.individualLessonSource(recipient.id) : null;
    const source = individual ?? (recipient.audience === 'campaign' ? await repo.lessonSource(recipient.id) : null);
    if (!source) return null;
    // The page's own links are relative: it is served from whichever host the click came to.
    const links = trackingLinks('', token);
    const assetBase = TRACKING_PATHS.lessonAssets;
    const values = recipientValues(source.recipient, source.companyName, source.recipient.sentAt ?? clock.now(), trackingLinks(trackingUrl, token).click);
    const rendered = renderTemplate(source.template, values, trainingDomain);
    if (source.template.landing === 'login' && !options.afterSubmit) {
      return renderLoginLookalike({ brandName: rendered.from.name, actionUrl: links.lessonSubmit, assetBase, beaconUrl: links.beacon });
    }
    return renderLessonPage({
      audience: individual
        ? {
            kind: 'individual',
            record: individual.record,
            unsubscribeUrl: individual.unsubscribeToken ? mailLink(this.deps.appUrl, individualPaths.unsubscribe(individual.unsubscribeToken)) : null,
          }
        : { kind: 'company', companyName: source.companyName },
      mail: { fromName: rendered.from.name, fromAddress: rendered.from.address, subject: rendered.subject, html: rendered.html, text: rendered.text },
      redFlags: source.template.redFlags.map((flag) => ({ ...flag, excerpt: replaceVariables(flag.excerpt, (name) => values[name]) })),
      submitted: options.afterSubmit,
      beaconUrl: links.beacon,
      assetBase,
    });
  }

  /** The beacon counts this person's click and lookalike submit that were held back only for a soft reason. */
  private async confirmHeldBack(recipient: TrackedRecipient, event: Parameters<TrackingRepository['record']>[1]): Promise<void> {
    const { repo } = this.deps;
    const [click, submit] = await Promise.all([
      recipient.clickedAt ? null : repo.heldBackAction(recipient, 'click', OVERTURNABLE),
      recipient.submittedAt ? null : repo.heldBackAction(recipient, 'submit', OVERTURNABLE),
    ]);
    // Each counts at the time it happened (the click first); the beacon only vouches for them.
    const actions: TimedAction[] = [];
    if (click) actions.push({ action: 'click', at: click });
    if (submit) actions.push({ action: 'submit', at: submit });
    await repo.record(recipient, event, actions);
  }
}
