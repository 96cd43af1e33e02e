/**
 * The federal bankruptcy register (law 127-FZ). Companies go through наблюдение, финансовое оздоровление,
 * внешнее управление, конкурсное производство or мировое соглашение; citizens through реструктуризация
 * долгов, реализация имущества or мировое соглашение; citizens may also go bankrupt out of court through
 * an МФЦ (since 1 Sep 2020), which lasts six months and has no court case.
 */
import type { BankruptcyEntry } from '@kyc-screen/lookup-contract';
import { REFERENCE_DAY, dayOf, localDateTime, officeSecond } from '../dates.js';
import { pickRegion, streetAddress, type Region } from '../geography.js';
import { fullName } from '../names.js';
import { brandStem, organizationName, type LegalForm } from '../organizations.js';
import { allowedName, allowedPerson, type GeneratorContext } from './context.js';
import type { Planted } from './planted.js';

export const CATEGORY_COMPANY = 'Юридическое лицо';
export const CATEGORY_CITIZEN = 'Гражданин';
export const CATEGORY_ENTREPRENEUR = 'Индивидуальный предприниматель';

export interface Procedure {
  /** lastLegalCase.status.code */
  readonly code: string;
  /** lastLegalCase.status.description */
  readonly description: string;
  /** The entry's `status` text. */
  readonly status: string;
  readonly active: boolean;
}

const procedure = (code: string, status: string, active: boolean, description = status): Procedure => ({
  code,
  description,
  status,
  active,
});

export const COMPANY_PROCEDURES: readonly Procedure[] = [
  procedure('nablyudenie', 'Наблюдение', true),
  procedure('finozdorovlenie', 'Финансовое оздоровление', true),
  procedure('vneshnee', 'Внешнее управление', true),
  procedure('konkurs', 'Конкурсное производство', true),
  procedure('mirovoe', 'Мировое соглашение', true),
];

export const CITIZEN_PROCEDURES: readonly Procedure[] = [
  procedure('restrukturizaciya', 'Реструктуризация долгов гражданина', true),
  procedure('realizaciya', 'Реализация имущества гражданина', true),
  procedure('mirovoe', 'Мировое соглашение', true),
];

export const FINISHED_PROCEDURES: readonly Procedure[] = [
  procedure('completed', 'Завершено', false, 'Процедура завершена'),
  procedure('terminated', 'Прекращено', false, 'Производство по делу прекращено'),
];

export const EXTRAJUDICIAL_ACTIVE = procedure('vnesudebnoe', 'Внесудебное банкротство гражданина', true);
export const EXTRAJUDICIAL_FINISHED = procedure(
  'vnesudebnoe_completed',
  'Завершено',
  false,
  'Внесудебное банкротство гражданина завершено',
);

/** Out-of-court bankruptcy runs six months from its publication. */
const EXTRAJUDICIAL_DAYS = 183;
const EXTRAJUDICIAL_START = dayOf('2020-09-01');

type Kind = 'company' | 'citizen' | 'entrepreneur';

function caseNumber(ctx: GeneratorContext, region: Region, year: number): string {
  return ctx.ids.unique(() => `${region.court}-${ctx.rng.int(1000, 99999)}/${year}`);
}

function debtorName(ctx: GeneratorContext, kind: Kind): string {
  if (kind !== 'company') return fullName(allowedPerson(ctx));
  const form = ctx.rng.weighted<LegalForm>([
    ['ООО', 80],
    ['АО', 15],
    ['ПАО', 5],
  ]);
  return allowedName(
    ctx,
    () => organizationName(form, brandStem(ctx.rng), ctx.rng.chance(0.15)),
    (n) => n,
  );
}

function generateOne(ctx: GeneratorContext): BankruptcyEntry {
  const { rng, ids } = ctx;
  const kind = rng.weighted<Kind>([
    ['company', 45],
    ['citizen', 45],
    ['entrepreneur', 10],
  ]);
  const region = pickRegion(rng);
  const name = debtorName(ctx, kind);
  const registrationYear = rng.int(1998, 2020);
  const inn = kind === 'company' ? ids.inn10(region.code) : rng.chance(0.95) ? ids.inn12(region.code) : '';
  const ogrn =
    kind === 'company'
      ? ids.ogrn(region.code, registrationYear)
      : kind === 'entrepreneur'
        ? ids.ogrnip(region.code, registrationYear)
        : '';
  const category =
    kind === 'company' ? CATEGORY_COMPANY : kind === 'citizen' ? CATEGORY_CITIZEN : CATEGORY_ENTREPRENEUR;
  const address =
    kind === 'company'
      ? streetAddress(rng, region, false)
      : rng.chance(0.5)
        ? `г. ${rng.pick(region.cities)}`
        : streetAddress(rng, region, true);

  const extrajudicial = kind === 'citizen' && rng.chance(0.12);
  let number = '';
  let manager = '';
  let chosen: Procedure;
  let statusDay: number;
  if (extrajudicial) {
    const start = rng.int(EXTRAJUDICIAL_START, REFERENCE_DAY);
    const finished = REFERENCE_DAY - start > EXTRAJUDICIAL_DAYS;
    chosen = finished ? EXTRAJUDICIAL_FINISHED : EXTRAJUDICIAL_ACTIVE;
    statusDay = finished ? start + EXTRAJUDICIAL_DAYS : start;
  } else {
    const startDay = rng.int(dayOf('2015-01-01'), REFERENCE_DAY - 30);
    const year = new Date(startDay * 86_400_000).getUTCFullYear();
    number = caseNumber(ctx, region, year);
    manager = fullName(allowedPerson(ctx));
    const active = rng.chance(0.65);
    chosen = active
      ? rng.pick(kind === 'company' ? COMPANY_PROCEDURES : CITIZEN_PROCEDURES)
      : rng.weighted([
          [FINISHED_PROCEDURES[0] as Procedure, 80],
          [FINISHED_PROCEDURES[1] as Procedure, 20],
        ]);
    statusDay = Math.min(startDay + rng.int(30, 900), REFERENCE_DAY);
  }
  const stamp = localDateTime(statusDay, officeSecond(rng));
  return {
    category,
    region: region.registerName,
    address,
    lastLegalCase: {
      number,
      arbitrManagerFio: manager,
      status: { code: chosen.code, description: chosen.description, date: stamp },
    },
    guid: ids.unique(() => rng.uuid()),
    name,
    ogrn,
    inn,
    statusUpdateDate: stamp,
    status: chosen.status,
    isActive: chosen.active,
  };
}

/** Planted entries first, then generated ones. */
export function generateBankruptcy(
  ctx: GeneratorContext,
  planted: readonly Planted<BankruptcyEntry>[],
  count: number,
): BankruptcyEntry[] {
  return [...planted.map((p) => p.data), ...Array.from({ length: count }, () => generateOne(ctx))];
}
