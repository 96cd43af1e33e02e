/**
 * E-mail validation (spec 2.7). The spec shows two field sets without saying which one comes when; the
 * emulator always returns the sample set and adds the second (SMTP) set when `smtp=true`, which is also
 * the only case in which MX records are looked up (the spec describes `smtp` as "check the domain's MX
 * records"). No network is used: MX records come from a fixed table of well-known domains.
 */

/** Domains with MX records; any other domain has none. */
const MX: Readonly<Record<string, readonly string[]>> = {
  'mail.ru': ['mxs.mail.ru'],
  'bk.ru': ['mxs.mail.ru'],
  'inbox.ru': ['mxs.mail.ru'],
  'list.ru': ['mxs.mail.ru'],
  'internet.ru': ['mxs.mail.ru'],
  'yandex.ru': ['mx.yandex.ru'],
  'ya.ru': ['mx.yandex.ru'],
  'yandex.com': ['mx.yandex.ru'],
  'rambler.ru': ['mx.rambler.ru'],
  'gmail.com': [
    'gmail-smtp-in.l.google.com',
    'alt1.gmail-smtp-in.l.google.com',
    'alt2.gmail-smtp-in.l.google.com',
  ],
  'outlook.com': ['outlook-com.olc.protection.outlook.com'],
  'hotmail.com': ['hotmail-com.olc.protection.outlook.com'],
  'icloud.com': ['mx01.mail.icloud.com', 'mx02.mail.icloud.com'],
  'yahoo.com': ['mta5.am0.yahoodns.net', 'mta6.am0.yahoodns.net'],
  'sberbank.ru': ['mx1.sberbank.ru', 'mx2.sberbank.ru'],
  'vtb.ru': ['mx.vtb.ru'],
  'example-bank.ru': ['mx1.example-bank.ru', 'mx2.example-bank.ru'],
  'mailinator.com': ['mail.mailinator.com'],
  '10minutemail.com': ['mx.10minutemail.com'],
  'temp-mail.org': ['mx.temp-mail.org'],
  'guerrillamail.com': ['mx.guerrillamail.com'],
  'yopmail.com': ['mx.yopmail.com'],
};

const FREE_PROVIDERS = new Set([
  'mail.ru',
  'bk.ru',
  'inbox.ru',
  'list.ru',
  'internet.ru',
  'yandex.ru',
  'ya.ru',
  'yandex.com',
  'rambler.ru',
  'gmail.com',
  'outlook.com',
  'hotmail.com',
  'icloud.com',
  'yahoo.com',
]);

const DISPOSABLE = new Set([
  'mailinator.com',
  '10minutemail.com',
  'temp-mail.org',
  'guerrillamail.com',
  'yopmail.com',
  'trashmail.com',
  'getnada.com',
  'dispostable.com',
  'sharklasers.com',
  'maildrop.cc',
]);

const ROLE_LOCALS = new Set([
  'admin',
  'administrator',
  'info',
  'support',
  'office',
  'noreply',
  'no-reply',
  'sales',
  'contact',
  'help',
  'hr',
  'billing',
  'postmaster',
  'webmaster',
  'abuse',
  'mail',
  'team',
  'reception',
]);

/** Locals that the simulated SMTP check reports as having no mailbox. */
const UNDELIVERABLE = /^(nonexistent|bounce|invalid|unknown|nobody)([._+-]|$)/;

/** Dot-atom local part and a domain of LDH labels with a letter TLD: the practical core of RFC 5322. */
const LOCAL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/i;
const DOMAIN = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

export interface EmailResult {
  readonly valid: boolean;
  readonly email: string;
  readonly format: { readonly valid: boolean; readonly local: string; readonly domain: string };
  readonly mx: { readonly checked: boolean; readonly valid: boolean; readonly records: readonly string[] };
  readonly disposable: boolean;
  readonly role: boolean;
  readonly exists?: boolean;
  readonly freeProvider?: boolean;
  readonly mxValid?: boolean;
  readonly riskScore?: number;
  readonly recommendation?: 'ALLOW' | 'REVIEW' | 'DECLINE';
}

/** Risk rules, documented in packages/lookup-emulator/README.md: additive, capped at 1. */
export const RISK = {
  badFormat: 1,
  noMx: 0.6,
  disposable: 0.7,
  noMailbox: 0.4,
  role: 0.2,
  freeProvider: 0.1,
  digitRun: 0.1,
  reviewFrom: 0.3,
  declineFrom: 0.7,
} as const;

function splitAddress(email: string): { local: string; domain: string } {
  const at = email.lastIndexOf('@');
  return at < 0 ? { local: email, domain: '' } : { local: email.slice(0, at), domain: email.slice(at + 1) };
}

export function validateEmail(input: string, smtp: boolean): EmailResult {
  // Normalised: trimmed, domain lower-cased. The local part keeps its case (RFC 5321 leaves it to the host)
  // but role and mailbox checks compare it lower-cased.
  const trimmed = input.trim();
  const { local, domain: rawDomain } = splitAddress(trimmed);
  const domain = rawDomain.toLowerCase();
  const email = domain === '' ? trimmed : `${local}@${domain}`;
  const formatValid =
    local.length > 0 && local.length <= 64 && email.length <= 254 && LOCAL.test(local) && DOMAIN.test(domain);
  const records = smtp && formatValid ? (MX[domain] ?? []) : [];
  const mxValid = records.length > 0;
  const disposable = DISPOSABLE.has(domain);
  const role = ROLE_LOCALS.has(local.toLowerCase());
  const base = {
    valid: formatValid && (!smtp || mxValid),
    email,
    format: { valid: formatValid, local, domain },
    mx: { checked: smtp && formatValid, valid: mxValid, records },
    disposable,
    role,
  };
  if (!smtp) return base;

  const exists = mxValid && !UNDELIVERABLE.test(local.toLowerCase());
  const freeProvider = FREE_PROVIDERS.has(domain);
  let risk = 0;
  if (!formatValid) risk += RISK.badFormat;
  else {
    if (!mxValid) risk += RISK.noMx;
    if (disposable) risk += RISK.disposable;
    if (!exists) risk += RISK.noMailbox;
    if (role) risk += RISK.role;
    if (freeProvider) risk += RISK.freeProvider;
    if (/\d{5,}/.test(local)) risk += RISK.digitRun;
  }
  const riskScore = Math.round(Math.min(risk, 1) * 100) / 100;
  const recommendation =
    riskScore >= RISK.declineFrom ? 'DECLINE' : riskScore >= RISK.reviewFrom ? 'REVIEW' : 'ALLOW';
  return { ...base, exists, freeProvider, mxValid, riskScore, recommendation };
}
