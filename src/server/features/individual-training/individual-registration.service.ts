import { individualMessages } from '../../../common/individual-training.schema';
import type { Clock } from '../../clock';
import type { JobLogger } from '../../lib/jobs/job-runner';
import { keyedDigest, randomUrlSafeId } from '../../lib/secret-hash';
import { tokyoMonth } from '../../lib/time-format';
import { PRIVACY_POLICY_ENACTED } from '../pages/privacy-policy.content';
import { TERMS_ENACTED } from '../pages/terms.content';
import type { IndividualDispatcher } from './individual-dispatcher';
import type { IndividualRegistrationsRepository, RegistrationByToken } from './individual-registrations.repo';
import { chooseLure, LURE_REPEAT_DAYS } from './individual-schedule';

export interface IndividualRegistrationDeps {
  repo: IndividualRegistrationsRepository;
  dispatcher: Pick<IndividualDispatcher, 'started' | 'kick'>;
  clock: Clock;
  logger: JobLogger;
  /** The app secret: keys the hash of the registering IP. */
  secret: string;
  random?: () => number;
}

/**
 * New registrations of one address within this many days, at most NEW_REGISTRATIONS_PER_ADDRESS:
 * nobody can use register → (victim unsubscribes) → register again to flood someone's inbox.
 */
const ADDRESS_WINDOW_DAYS = 30;
const NEW_REGISTRATIONS_PER_ADDRESS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

export type UnsubscribeOutcome = 'stopped' | 'already_stopped' | 'unknown';

/**
 * Registering for individual training, and stopping it. The answer to a registration is the same
 * whether the address was new, already active, or over its limit of new registrations, so the
 * answer never reveals who is registered; only a new registration sends a mail.
 */
export class IndividualRegistrationService {
  constructor(private readonly deps: IndividualRegistrationDeps) {}

  /** Registers `email` (already normalised) with consent from `ip`; answers whether a first mail was planned. */
  async register(email: string, ip: string): Promise<boolean> {
    const { repo, clock, logger } = this.deps;
    const random = this.deps.random ?? Math.random;
    if (await repo.hasActive(email)) return false;
    const now = clock.now();
    if ((await repo.registrationsSince(email, new Date(now.getTime() - ADDRESS_WINDOW_DAYS * DAY_MS))) >= NEW_REGISTRATIONS_PER_ADDRESS) {
      logger.warn({}, 'individual training: an address reached its limit of new registrations; no mail sent');
      return false;
    }
    const lures = await repo.consumerLureIds();
    const history = (await repo.lureHistory([email], new Date(now.getTime() - LURE_REPEAT_DAYS * DAY_MS))).get(email) ?? [];
    const templateId = chooseLure(lures, history, now, random);
    if (templateId === null) throw new Error('individual training: no consumer lure in the template library');
    const created = await repo.create({
      email,
      unsubscribeToken: randomUrlSafeId(16),
      termsVersion: TERMS_ENACTED.iso,
      privacyVersion: PRIVACY_POLICY_ENACTED.iso,
      consentIpHash: keyedDigest(this.deps.secret, `individual-consent:${ip}`),
      now,
      firstSend: { month: tokyoMonth(now), sequence: 1, templateId, token: randomUrlSafeId(16), plannedAt: now },
    });
    if (!created) return false;
    if (this.deps.dispatcher.started) this.deps.dispatcher.kick();
    return true;
  }

  async findByUnsubscribeToken(token: string): Promise<RegistrationByToken | null> {
    return this.deps.repo.findByUnsubscribeToken(token);
  }

  /**
   * One click: stops every later mail to the address at once. The token proves the address, so the
   * link of any mail it received stops its active registration, also one made after that mail.
   */
  async unsubscribe(token: string): Promise<UnsubscribeOutcome> {
    const registration = await this.deps.repo.findByUnsubscribeToken(token);
    if (!registration) return 'unknown';
    if (registration.activeId === null) return 'already_stopped';
    const stopped = await this.deps.repo.stop(registration.activeId, 'unsubscribed', individualMessages.cancelledByUnsubscribe, this.deps.clock.now());
    return stopped ? 'stopped' : 'already_stopped';
  }
}
