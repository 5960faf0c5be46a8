/**
 * The wizard's auto-fill (platform.md 4.4): the e-mail domain from the e-mail,
 * the website as https:// plus the domain, and the company name guessed from
 * the domain, except for common consumer mail domains and the provider's own
 * and partner domains (one list: NON_COMPANY_DOMAINS). Pure.
 */

/** Domains that name no customer company: consumer mail, the provider's own, its partners'. */
export const NON_COMPANY_DOMAINS: readonly string[] = [
  // consumer mail
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'hotmail.co.uk',
  'live.com',
  'msn.com',
  'yahoo.com',
  'yahoo.ca',
  'yahoo.co.uk',
  'ymail.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'gmx.com',
  'gmx.net',
  'mail.com',
  'proton.me',
  'protonmail.com',
  'zoho.com',
  'yandex.com',
  'fastmail.com',
  'hey.com',
  'comcast.net',
  'verizon.net',
  'att.net',
  'shaw.ca',
  'rogers.com',
  'sympatico.ca',
  'bell.net',
  'telus.net',
  'btinternet.com',
  'sky.com',
  'web.de',
  't-online.de',
  'orange.fr',
  // the provider and its partners
  'lifecycleinsights.io',
  'lifecycleinsights.com',
  'lifecycle.example',
  'scalepad.com',
  'sevenfiguremsp.com',
];

/** The domain of an e-mail address, lowercase; '' when there is none. */
export function emailDomainOf(email: string): string {
  const at = email.trim().lastIndexOf('@');
  return at < 0
    ? ''
    : email
        .trim()
        .slice(at + 1)
        .toLowerCase();
}

export function websiteFor(domain: string): string {
  return domain ? `https://${domain}` : '';
}

export function isNonCompanyDomain(domain: string): boolean {
  const d = domain.trim().toLowerCase();
  return NON_COMPANY_DOMAINS.some((x) => d === x || d.endsWith(`.${x}`));
}

/** Second-level suffixes where the company is the label before them (acme.co.uk). */
const TWO_PART_SUFFIXES = new Set([
  'co.uk',
  'org.uk',
  'ac.uk',
  'com.au',
  'net.au',
  'org.au',
  'co.za',
  'co.nz',
  'com.br',
  'co.jp',
  'com.mx',
  'co.in',
  'com.sg',
]);

/** 'acme-it.co.uk' -> 'Acme It'; '' for consumer, provider and partner domains. */
export function guessCompanyName(domain: string): string {
  const d = domain.trim().toLowerCase().replace(/\.$/, '');
  if (!d || isNonCompanyDomain(d)) return '';
  const labels = d.split('.').filter(Boolean);
  if (labels.length < 2) return '';
  const suffixLength = TWO_PART_SUFFIXES.has(labels.slice(-2).join('.')) && labels.length > 2 ? 2 : 1;
  const name = labels[labels.length - suffixLength - 1];
  return name
    .split(/[-_]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}
