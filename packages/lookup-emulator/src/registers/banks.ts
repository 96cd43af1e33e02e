/**
 * The Banks dictionary. Names are real Russian banks for plausibility; apart from ПАО Сбербанк (whose
 * BIK and correspondent account the planted records and the sample clients use) the BIKs, correspondent
 * accounts and addresses are synthetic. Each BIK has the Bank of Russia shape 04 + OKATO + division + bank
 * number, and each correspondent account passes the key check against its BIK.
 */
import { withAccountKey } from '../check-digits.js';
import { REGIONS, STREETS, type Region } from '../geography.js';
import type { Random } from '../random.js';

export interface BankItem {
  readonly bik: string;
  readonly name: string;
  readonly corrAccount: string;
  readonly city: string;
  readonly address: string;
}

export const SBERBANK: BankItem = {
  bik: '044525225',
  name: 'ПАО Сбербанк',
  corrAccount: '30101810400000000225',
  city: 'Москва',
  address: 'г. Москва, ул. Вавилова, д. 19',
};

/** [name, tax region code of the head office] */
const BANKS: readonly (readonly [string, string])[] = [
  ['Банк ВТБ (ПАО)', '77'],
  ['АО «Альфа-Банк»', '77'],
  ['Банк ГПБ (АО)', '77'],
  ['АО «ТБанк»', '77'],
  ['АО «Райффайзенбанк»', '77'],
  ['АО «Россельхозбанк»', '77'],
  ['ПАО «Совкомбанк»', '77'],
  ['ПАО «Промсвязьбанк»', '77'],
  ['АО «Почта Банк»', '77'],
  ['ПАО «МКБ»', '77'],
  ['ПАО РОСБАНК', '77'],
  ['АО «ЮниКредит Банк»', '77'],
  ['ПАО «Банк «Санкт-Петербург»', '78'],
  ['ПАО «Банк Уралсиб»', '02'],
  ['ПАО «АК БАРС» БАНК', '16'],
  ['ООО «ХКФ Банк»', '77'],
  ['КБ «Ренессанс Кредит» (ООО)', '77'],
  ['ПАО «МТС-Банк»', '77'],
  ['АО «Банк Русский Стандарт»', '77'],
  ['АО «ОТП Банк»', '77'],
  ['ПАО «Банк Зенит»', '77'],
  ['АО «Экспобанк»', '77'],
  ['ПАО «АКБ «Абсолют Банк»', '77'],
  ['АО «Банк ДОМ.РФ»', '77'],
  ['ПАО «Новикомбанк»', '77'],
  ['АО «Газэнергобанк»', '39'],
  ['ПАО «Транскапиталбанк»', '77'],
  ['АО «Кредит Европа Банк (Россия)»', '77'],
  ['ООО «Банк Точка»', '77'],
  ['АО «СМП Банк»', '77'],
  ['ПАО «Московский Кредитный Банк»', '77'],
  ['АО «Банк Финсервис»', '77'],
  ['ПАО «Челябинвестбанк»', '74'],
  ['ПАО «Челиндбанк»', '74'],
  ['ПАО «Сургутнефтегазбанк»', '72'],
  ['АО «Банк Интеза»', '77'],
  ['ПАО «Кузнецкбизнесбанк»', '54'],
  ['АО «Солидарность»', '63'],
  ['ПАО «Примсоцбанк»', '25'],
  ['ПАО «Дальневосточный банк»', '25'],
  ['АО «БКС Банк»', '54'],
  ['ООО «Хакасский муниципальный банк»', '24'],
  ['ПАО «Норвик Банк»', '77'],
  ['АО «Банк Акцепт»', '54'],
  ['ПАО «Энергомашбанк»', '78'],
  ['АО «Кубань Кредит»', '23'],
  ['ПАО «Центр-инвест»', '61'],
  ['АО «Экономбанк»', '36'],
  ['ПАО «Саровбизнесбанк»', '52'],
  ['АО «Банк Оренбург»', '66'],
  ['ООО «Банк Аверс»', '16'],
  ['АО «Ижкомбанк»', '59'],
  ['ПАО «Уральский банк реконструкции и развития»', '66'],
  ['АО «Таврический Банк»', '78'],
  ['ПАО «Левобережный»', '54'],
  ['АО «Сибсоцбанк»', '38'],
];

function regionOf(code: string): Region {
  const region = REGIONS.find((r) => r.code === code);
  if (region === undefined) throw new Error(`bank region ${code} is not in the geography table`);
  return region;
}

export function generateBanks(rng: Random): BankItem[] {
  const banks: BankItem[] = [SBERBANK];
  const taken = new Set([SBERBANK.bik]);
  for (const [name, code] of BANKS) {
    const region = regionOf(code);
    let bik: string;
    do {
      bik = `04${region.okato}${region.bikDivision}${String(rng.int(100, 999))}`;
    } while (taken.has(bik));
    taken.add(bik);
    // Two correspondent account layouts are in use: 30101810K00000000NNN (older) and
    // 30101810K<OKATO+division>0000NNN (issued since the 2010s, e.g. 30101810145250000974).
    const middle = rng.chance(0.5) ? '00000000' : `${bik.slice(2, 6)}0000`;
    const corrAccount = withAccountKey(`301018100${middle}${bik.slice(6)}`, bik, 'correspondent');
    const city = region.cities[0] as string;
    banks.push({
      bik,
      name,
      corrAccount,
      city,
      address: `г. ${city}, ${rng.pick(STREETS)}, д. ${rng.int(1, 120)}`,
    });
  }
  return banks;
}
