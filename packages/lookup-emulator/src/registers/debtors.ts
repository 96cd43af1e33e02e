/**
 * The debtor check by INN. The provider joins court and bankruptcy data to a person's INN; so do we:
 * part of the debtors are citizens of the bankruptcy register (same INN, name and case), the rest have a
 * civil case in a court of general jurisdiction, an out-of-court bankruptcy, or both.
 */
import type { BankruptcyEntry, DebtorResult } from '@kyc-screen/lookup-contract';
import { REFERENCE_DAY, dayOf, localDateTime } from '../dates.js';
import { pickRegion, streetAddress } from '../geography.js';
import { fullName } from '../names.js';
import { allowedPerson, type GeneratorContext } from './context.js';
import { CATEGORY_CITIZEN } from './bankruptcy.js';
import { DEBTOR_NOT_FOUND_MESSAGE } from '@kyc-screen/lookup-contract';
import type { Planted } from './planted.js';

export { DEBTOR_NOT_FOUND_MESSAGE };

export const DEBTOR_CATEGORY = 'Физическое лицо';

const CLAIMS: readonly string[] = [
  'Взыскание задолженности по кредитному договору',
  'Взыскание задолженности по договору займа',
  'Взыскание задолженности по оплате жилищно-коммунальных услуг',
  'Взыскание задолженности по налогам и сборам',
  'Взыскание алиментов',
  'Взыскание задолженности по договору кредитной карты',
];

/** The answer for an INN nobody is recorded under: every text empty, the not-found message. */
export function debtorNotFound(): DebtorResult {
  return {
    snils: '',
    category: '',
    region: '',
    address: '',
    fio: '',
    inn: '',
    extrajudicialBankruptcy: '',
    legalCase: { number: '', managerFio: '', description: '', date: '' },
    message: DEBTOR_NOT_FOUND_MESSAGE,
  };
}

function extrajudicialNumber(ctx: GeneratorContext, year: number): string {
  return ctx.ids.unique(() => `ВБ-${year}-${ctx.rng.digits(6)}`);
}

function fromBankruptcy(ctx: GeneratorContext, entry: BankruptcyEntry): DebtorResult {
  const status = entry.lastLegalCase.status;
  const extrajudicial = entry.lastLegalCase.number === '';
  return {
    snils: ctx.ids.snils(),
    category: DEBTOR_CATEGORY,
    region: entry.region,
    address: entry.address,
    fio: entry.name,
    inn: entry.inn,
    extrajudicialBankruptcy: extrajudicial ? extrajudicialNumber(ctx, Number(status.date.slice(0, 4))) : '',
    legalCase: extrajudicial
      ? { number: '', managerFio: '', description: '', date: '' }
      : {
          number: entry.lastLegalCase.number,
          managerFio: entry.lastLegalCase.arbitrManagerFio,
          description: `Дело о банкротстве: ${status.description}`,
          date: status.date,
        },
    message: null,
  };
}

function fresh(ctx: GeneratorContext): DebtorResult {
  const { rng } = ctx;
  const region = pickRegion(rng);
  const kind = rng.weighted([
    ['court', 75],
    ['extrajudicial', 15],
    ['both', 10],
  ] as const);
  const day = rng.int(dayOf('2019-01-01'), REFERENCE_DAY);
  const year = new Date(day * 86_400_000).getUTCFullYear();
  const court = kind !== 'extrajudicial';
  return {
    snils: ctx.ids.snils(),
    category: DEBTOR_CATEGORY,
    region: region.registerName,
    address: streetAddress(rng, region, true),
    fio: fullName(allowedPerson(ctx)),
    inn: ctx.ids.inn12(region.code),
    extrajudicialBankruptcy: kind === 'court' ? '' : extrajudicialNumber(ctx, year),
    legalCase: court
      ? {
          // Civil cases of district courts are numbered 2-<serial>/<year>.
          number: ctx.ids.unique(() => `2-${rng.int(100, 9999)}/${year}`),
          managerFio: fullName(allowedPerson(ctx)),
          description: rng.pick(CLAIMS),
          date: localDateTime(day, 0),
        }
      : { number: '', managerFio: '', description: '', date: '' },
    message: null,
  };
}

/** Debtors keyed by INN: planted first, then bankrupt citizens, then fresh ones up to `count`. */
export function generateDebtors(
  ctx: GeneratorContext,
  planted: readonly Planted<DebtorResult>[],
  bankruptcy: readonly BankruptcyEntry[],
  count: number,
): Map<string, DebtorResult> {
  const debtors = new Map<string, DebtorResult>();
  for (const p of planted) debtors.set(p.data.inn, p.data);
  for (const entry of bankruptcy) {
    if (debtors.size >= count) break;
    const joinable =
      entry.category === CATEGORY_CITIZEN && entry.inn.length === 12 && !debtors.has(entry.inn);
    if (joinable && ctx.rng.chance(0.4)) debtors.set(entry.inn, fromBankruptcy(ctx, entry));
  }
  while (debtors.size < count) {
    const debtor = fresh(ctx);
    debtors.set(debtor.inn, debtor);
  }
  return debtors;
}
