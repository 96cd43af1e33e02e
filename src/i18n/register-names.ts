import type { Lang } from './lang.js';

/**
 * Checks and registers by the names an officer knows them by. English pages keep the codes (what
 * verdicts.csv and the API say); an unknown code is shown as it is, which a page scan then names.
 */

const CHECK_RU: Readonly<Record<string, string>> = {
  foreign_agent: 'иноагенты',
  sanctions: 'санкции',
  bankruptcy: 'банкротства',
  debtor: 'должники',
  email: 'e-mail',
  card: 'карта',
  cadastral: 'кадастр',
};

const REGISTER_RU: Readonly<Record<string, string>> = {
  minjust_foreign_agent: 'реестр иностранных агентов Минюста',
  sanctions: 'санкционный список',
  bankruptcy: 'реестр банкротств (ЕФРСБ)',
  debtor: 'база должников (судебные дела и внесудебные банкротства)',
};

export function checkName(kind: string, lang: Lang): string {
  return lang === 'ru' ? (CHECK_RU[kind] ?? kind) : kind;
}

export function registerName(register: string, lang: Lang): string {
  return lang === 'ru' ? (REGISTER_RU[register] ?? register) : register;
}
