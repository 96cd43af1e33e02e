/**
 * Enforcement proceedings of the bailiff service, found by the owner's full name (bailiffs' public data
 * identify a citizen by name, not by INN). The POST form of the cadastral report checks the owner here.
 */
import type { DebtorResult } from '@kyc-screen/lookup-contract';
import { REFERENCE_DAY, dayOf, isoDate } from '../dates.js';
import { REGIONS } from '../geography.js';
import { nameKey } from '../text.js';
import { allowedPerson, type GeneratorContext } from './context.js';

export interface Proceeding {
  /** `<serial>/<yy>/<department>-ИП`, the form of the bailiffs' data bank. */
  readonly number: string;
  readonly date: string;
  readonly subject: string;
  readonly amount: number;
  readonly department: string;
  readonly bailiff: string;
  readonly status: 'active' | 'finished';
  readonly end_date: string | null;
  /** Article of law 229-FZ the proceeding was ended under. */
  readonly end_reason: string | null;
}

export interface BailiffRecord {
  readonly owner: string;
  readonly proceedings: readonly Proceeding[];
}

/** Owners documented in packages/lookup-emulator/README.md, present for every seed. */
export const KNOWN_BAILIFF_OWNERS = {
  twoActive: 'Кравченко Максим Олегович',
  oneActive: 'Зуева Татьяна Андреевна',
  finishedOnly: 'Гусев Илья Романович',
} as const;

const SUBJECTS: readonly string[] = [
  'Задолженность по кредитным платежам (кроме ипотеки)',
  'Задолженность по платежам за жилую площадь, коммунальные платежи',
  'Налоги и сборы, включая пени',
  'Штраф как вид наказания',
  'Алименты на содержание детей',
];

function proceeding(
  ctx: GeneratorContext,
  status: Proceeding['status'],
  subject: string = ctx.rng.pick(SUBJECTS),
): Proceeding {
  const { rng } = ctx;
  const region = rng.pick(REGIONS);
  const day = rng.int(dayOf('2020-01-01'), REFERENCE_DAY - 40);
  const departmentCode = `${region.code}0${String(rng.int(1, 45)).padStart(2, '0')}`;
  const yy = isoDate(day).slice(2, 4);
  const finished = status === 'finished';
  const bailiff = allowedPerson(ctx);
  return {
    number: ctx.ids.unique(() => `${rng.int(1000, 999999)}/${yy}/${departmentCode}-ИП`),
    date: isoDate(day),
    subject,
    // Kopecks as an integer first, so the amount has exactly two decimals.
    amount: rng.int(500_000, 250_000_000) / 100,
    department: `ОСП № ${rng.int(1, 12)} ГУФССП России (${region.registerName})`,
    bailiff: `${bailiff.surname} ${bailiff.given[0] ?? ''}. ${bailiff.patronymic[0] ?? ''}.`,
    status,
    end_date: finished ? isoDate(Math.min(day + rng.int(30, 400), REFERENCE_DAY)) : null,
    end_reason: finished ? 'ст. 46 ч. 1 п. 3' : null,
  };
}

/** Keyed by `nameKey(owner)`, so word order, case and ё do not matter. */
export function generateBailiffs(
  ctx: GeneratorContext,
  debtors: Iterable<DebtorResult>,
): Map<string, BailiffRecord> {
  const records = new Map<string, BailiffRecord>();
  const add = (owner: string, proceedings: readonly Proceeding[]) => {
    const key = nameKey(owner);
    const existing = records.get(key);
    records.set(key, { owner, proceedings: [...(existing?.proceedings ?? []), ...proceedings] });
  };
  add(KNOWN_BAILIFF_OWNERS.twoActive, [proceeding(ctx, 'active'), proceeding(ctx, 'active')]);
  add(KNOWN_BAILIFF_OWNERS.oneActive, [proceeding(ctx, 'active')]);
  add(KNOWN_BAILIFF_OWNERS.finishedOnly, [proceeding(ctx, 'finished')]);
  // A civil judgment for a debt is what bailiffs enforce: debtors with a district-court case have one.
  for (const debtor of debtors) {
    if (debtor.legalCase.number.startsWith('2-')) {
      add(debtor.fio, [
        proceeding(ctx, ctx.rng.chance(0.8) ? 'active' : 'finished', debtor.legalCase.description),
      ]);
    }
  }
  return records;
}
