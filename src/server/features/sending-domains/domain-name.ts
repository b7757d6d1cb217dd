import { domainToASCII } from 'node:url';
import { isFreeMailDomain } from '../../../common/free-mail-domains';
import { domainMessages } from '../../../common/messages';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
/** A top-level label: letters, or an IDN one in punycode; never all digits (that would be an IP address). */
const TOP_LABEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
const MAX_DOMAIN_LENGTH = 253;

/**
 * A domain in the one stored form: lower-case ASCII, an IDN label in punycode (`例え.jp` →
 * `xn--r8jz45g.jp`), full-width letters and the ideographic full stop mapped (UTS #46, as
 * browsers do), no trailing dot. Empty when it is no domain name at all.
 */
export function toAsciiDomain(input: string): string {
  const trimmed = input.trim().replace(/[.。．｡]+$/u, '');
  return trimmed === '' ? '' : domainToASCII(trimmed);
}

/** A domain a tenant may add, or the Japanese reason it may not (SPEC-style field message). */
export function parseSendingDomain(input: string): { domain: string } | { error: string } {
  if (input.trim() === '') return { error: domainMessages.domainRequired };
  const domain = toAsciiDomain(input);
  if (domain.length > MAX_DOMAIN_LENGTH) return { error: domainMessages.domainTooLong };
  const labels = domain.split('.');
  if (domain === '' || labels.length < 2 || !labels.every((label) => LABEL.test(label)) || !TOP_LABEL.test(labels.at(-1)!)) {
    return { error: domainMessages.domainInvalid };
  }
  if (isFreeMailDomain(domain)) return { error: domainMessages.freeMailDomain };
  return { domain };
}
