/**
 * Free-mail and mobile-carrier domains (issue 10 part 2). Anyone can hold an address there, so such
 * a domain never proves that a tenant controls it: it is not the tenant's first sending domain, and
 * it cannot be added as a sending domain. The one list of them.
 */
export const FREE_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  // Global free mail
  'gmail.com', 'googlemail.com', 'outlook.com', 'outlook.jp', 'hotmail.com', 'hotmail.co.jp', 'live.com', 'live.jp', 'msn.com',
  'yahoo.com', 'yahoo.co.jp', 'ymail.com', 'icloud.com', 'me.com', 'mac.com', 'aol.com', 'aol.jp', 'proton.me', 'protonmail.com',
  'gmx.com', 'gmx.net', 'mail.com', 'zoho.com', 'yandex.com', 'yandex.ru', 'tutanota.com', 'fastmail.com', 'qq.com', '163.com',
  // Japanese free mail and ISP-independent webmail
  'goo.jp', 'mail.goo.ne.jp', 'excite.co.jp', 'livedoor.com', 'infoseek.jp', 'nifty.com', 'rakuten.jp', 'zoho.jp',
  // Mobile carriers (and their MVNO / sub-brand mail)
  'docomo.ne.jp', 'ezweb.ne.jp', 'au.com', 'softbank.ne.jp', 'i.softbank.jp', 'ymobile.ne.jp', 'y-mobile.ne.jp', 'disney.ne.jp',
  'rakuten.jp', 'uqmobile.jp', 'povo.jp', 'ahamo.jp', 'linemo.jp', 'vodafone.ne.jp', 'pdx.ne.jp', 'willcom.com', 'emnet.ne.jp',
]);

/** The domain of an address, lower-cased (`taro@Example.CO.JP` → `example.co.jp`). */
export function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).trim().toLowerCase();
}

/** True for a free-mail or carrier domain, including its subdomains (`*.vodafone.ne.jp` and the like). */
export function isFreeMailDomain(domain: string): boolean {
  const lower = domain.toLowerCase();
  if (FREE_MAIL_DOMAINS.has(lower)) return true;
  for (const free of FREE_MAIL_DOMAINS) if (lower.endsWith(`.${free}`)) return true;
  return false;
}
