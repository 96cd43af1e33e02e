/**
 * The reference dictionaries. The spec lists 42 codes (some differ only in case: `Regions` and
 * `regions`) and shows the item shape of Banks only. Every other dictionary here holds a short plausible
 * list of `{code, name}` items, with a few extra fields where the subject calls for them (documented in
 * packages/lookup-emulator/README.md).
 */
import { REGIONS } from './geography.js';
import type { BankItem } from './registers/banks.js';
import { fold } from './text.js';

export type DictionaryItem = Readonly<Record<string, string | number>>;

export interface Dictionary {
  readonly name: string;
  readonly description: string;
  readonly items: readonly DictionaryItem[];
}

/** `{code, name}` items numbered from 1 in list order. */
function coded(names: readonly string[]): DictionaryItem[] {
  return names.map((name, i) => ({ code: String(i + 1), name }));
}

const CAR_BRANDS = [
  'Lada',
  'Toyota',
  'Kia',
  'Hyundai',
  'Haval',
  'Chery',
  'Geely',
  'Volkswagen',
  'Skoda',
  'Renault',
  'BMW',
  'Mercedes-Benz',
  'Nissan',
  'Mitsubishi',
  'Mazda',
  'Ford',
  'Chevrolet',
  'УАЗ',
  'ГАЗ',
  'Exeed',
  'Changan',
  'Tank',
  'Audi',
  'Lexus',
  'Omoda',
];

/** [brand, model] */
const CAR_MODELS: readonly (readonly [string, string])[] = [
  ['Lada', 'Granta'],
  ['Lada', 'Vesta'],
  ['Lada', 'Niva Travel'],
  ['Lada', 'Largus'],
  ['Toyota', 'Camry'],
  ['Toyota', 'RAV4'],
  ['Toyota', 'Land Cruiser Prado'],
  ['Kia', 'Rio'],
  ['Kia', 'Sportage'],
  ['Kia', 'K5'],
  ['Hyundai', 'Solaris'],
  ['Hyundai', 'Creta'],
  ['Hyundai', 'Tucson'],
  ['Haval', 'Jolion'],
  ['Haval', 'F7'],
  ['Chery', 'Tiggo 7 Pro'],
  ['Chery', 'Tiggo 4'],
  ['Geely', 'Coolray'],
  ['Geely', 'Monjaro'],
  ['Volkswagen', 'Polo'],
  ['Volkswagen', 'Tiguan'],
  ['Skoda', 'Octavia'],
  ['Skoda', 'Rapid'],
  ['Renault', 'Logan'],
  ['Renault', 'Duster'],
  ['BMW', 'X5'],
  ['BMW', '5 Series'],
  ['Mercedes-Benz', 'E-Class'],
  ['Nissan', 'Qashqai'],
  ['Mitsubishi', 'Outlander'],
  ['Mazda', 'CX-5'],
  ['УАЗ', 'Патриот'],
  ['ГАЗ', 'Газель Next'],
  ['Exeed', 'TXL'],
  ['Changan', 'CS55 Plus'],
  ['Tank', '300'],
  ['Audi', 'A6'],
  ['Lexus', 'RX'],
  ['Omoda', 'C5'],
];

const CURRENCIES: readonly (readonly [string, string, string, number, number])[] = [
  // [ISO numeric, alpha-3, name, nominal, rate in roubles on the reference day]
  ['643', 'RUB', 'Российский рубль', 1, 1],
  ['840', 'USD', 'Доллар США', 1, 81.54],
  ['978', 'EUR', 'Евро', 1, 95.72],
  ['156', 'CNY', 'Китайский юань', 1, 11.44],
  ['398', 'KZT', 'Казахстанский тенге', 100, 15.12],
  ['933', 'BYN', 'Белорусский рубль', 1, 27.9],
  ['949', 'TRY', 'Турецкая лира', 10, 19.61],
  ['826', 'GBP', 'Фунт стерлингов', 1, 109.63],
  ['756', 'CHF', 'Швейцарский франк', 1, 102.21],
  ['392', 'JPY', 'Японская иена', 100, 54.87],
  ['051', 'AMD', 'Армянский драм', 100, 21.29],
  ['784', 'AED', 'Дирхам ОАЭ', 1, 22.2],
];
const RATES_DATE = '2025-10-01';

const FSSP_DEPARTMENTS = REGIONS.map((region, i) => ({
  code: `${region.code}0${String((i % 9) + 1).padStart(2, '0')}`,
  name: `ОСП № ${(i % 9) + 1} ГУФССП России (${region.registerName})`,
  address: `г. ${region.cities[0] ?? ''}`,
}));

/** Countries of birth in three code systems, one per dictionary the spec names. */
const COUNTRIES: readonly (readonly [string, string, string, string])[] = [
  // [OKSM numeric, alpha-3, alpha-2, name]
  ['643', 'RUS', 'RU', 'Россия'],
  ['112', 'BLR', 'BY', 'Беларусь'],
  ['398', 'KAZ', 'KZ', 'Казахстан'],
  ['804', 'UKR', 'UA', 'Украина'],
  ['860', 'UZB', 'UZ', 'Узбекистан'],
  ['762', 'TJK', 'TJ', 'Таджикистан'],
  ['417', 'KGZ', 'KG', 'Киргизия'],
  ['051', 'ARM', 'AM', 'Армения'],
  ['031', 'AZE', 'AZ', 'Азербайджан'],
  ['268', 'GEO', 'GE', 'Грузия'],
  ['498', 'MDA', 'MD', 'Молдова'],
  ['276', 'DEU', 'DE', 'Германия'],
  ['376', 'ISR', 'IL', 'Израиль'],
  ['792', 'TUR', 'TR', 'Турция'],
  ['156', 'CHN', 'CN', 'Китай'],
  ['840', 'USA', 'US', 'США'],
];

const CALL_STATUSES = [
  'Дозвонились',
  'Не дозвонились',
  'Перезвонить позже',
  'Неверный номер',
  'Отказ от разговора',
  'Абонент недоступен',
];
const EMPLOYMENT = [
  'Работа по найму',
  'Индивидуальный предприниматель',
  'Самозанятый',
  'Пенсионер',
  'Студент',
  'Не работаю',
];
const PERIODICITY = ['Ежемесячно', 'Раз в две недели', 'Еженедельно', 'Ежеквартально', 'Единовременно'];

const OKOPF: readonly (readonly [string, string])[] = [
  ['12300', 'Общества с ограниченной ответственностью'],
  ['12247', 'Публичные акционерные общества'],
  ['12267', 'Непубличные акционерные общества'],
  ['50102', 'Индивидуальные предприниматели'],
  ['71400', 'Автономные некоммерческие организации'],
  ['70400', 'Фонды'],
  ['20100', 'Потребительские кооперативы'],
  ['75403', 'Муниципальные бюджетные учреждения'],
];

function bankItem(bank: BankItem): DictionaryItem {
  return {
    bik: bank.bik,
    name: bank.name,
    corrAccount: bank.corrAccount,
    city: bank.city,
    address: bank.address,
  };
}

// eslint-disable-next-line max-lines-per-function -- a data table: every dictionary as the service lists it
function definitions(banks: readonly BankItem[]): Dictionary[] {
  const d = (name: string, description: string, items: readonly DictionaryItem[]): Dictionary => ({
    name,
    description,
    items,
  });
  return [
    d(
      'CarModels',
      'Модели автомобилей',
      CAR_MODELS.map(([brand, model], i) => ({ code: String(i + 1), name: model, brand })),
    ),
    d('Banks', 'Справочник банков (БИК, наименование, корреспондентский счёт)', banks.map(bankItem)),
    d('FsspDepartments', 'Подразделения ФССП России', FSSP_DEPARTMENTS),
    d(
      'FsspPositions',
      'Должности сотрудников ФССП России',
      coded([
        'Судебный пристав-исполнитель',
        'Ведущий судебный пристав-исполнитель',
        'Старший судебный пристав',
        'Заместитель старшего судебного пристава',
        'Судебный пристав по ОУПДС',
        'Дознаватель',
      ]),
    ),
    d('CarBrands', 'Марки автомобилей', coded(CAR_BRANDS)),
    d(
      'CurrencyRates',
      'Курсы валют ЦБ РФ',
      CURRENCIES.filter(([, a]) => a !== 'RUB').map(([, alpha3, name, nominal, rate]) => ({
        code: alpha3,
        name,
        nominal,
        rate,
        date: RATES_DATE,
      })),
    ),
    d(
      'Currency',
      'Валюты (ОКВ)',
      CURRENCIES.map(([numeric, alpha3, name]) => ({ code: numeric, alpha3, name })),
    ),
    d(
      'Region_incomes',
      'Среднедушевые доходы по регионам',
      REGIONS.map((r) => ({ code: r.code, name: r.name, averageIncome: r.averageIncome })),
    ),
    d(
      'Regions',
      'Регионы Российской Федерации',
      REGIONS.map((r) => ({ code: r.code, name: r.name, federalDistrict: r.federalDistrict })),
    ),
    d(
      'OperationTypes',
      'Типы операций',
      coded([
        'Пополнение счёта',
        'Снятие наличных',
        'Перевод',
        'Оплата товаров и услуг',
        'Погашение кредита',
        'Выдача кредита',
      ]),
    ),
    d(
      'regions',
      'Регионы (коды ОКАТО)',
      REGIONS.map((r) => ({ code: r.okato, name: r.registerName })),
    ),
    d('lkLoanCallStatus', 'Статусы звонка по займу (личный кабинет)', coded(CALL_STATUSES)),
    d('lkEmployeeCallStatus', 'Статусы звонка работодателю (личный кабинет)', coded(CALL_STATUSES)),
    d(
      'departmentSignOnLending',
      'Признак подразделения, выдавшего заём',
      coded(['Головной офис', 'Филиал', 'Дополнительный офис', 'Онлайн']),
    ),
    d(
      'countryBirth',
      'Страна рождения (ОКСМ)',
      COUNTRIES.map(([oksm, , , name]) => ({ code: oksm, name })),
    ),
    d(
      'seniority',
      'Стаж на последнем месте работы',
      coded([
        'Менее 3 месяцев',
        'От 3 до 6 месяцев',
        'От 6 до 12 месяцев',
        'От 1 года до 3 лет',
        'Более 3 лет',
      ]),
    ),
    d(
      'intendedNatureBusinessRelationship',
      'Предполагаемый характер деловых отношений',
      coded(['Краткосрочный', 'Долгосрочный']),
    ),
    d('financialSituation', 'Финансовое положение', coded(['Хорошее', 'Среднее', 'Плохое'])),
    d(
      'goalFinancialAndEconomicActivity',
      'Цели финансово-хозяйственной деятельности',
      coded(['Получение прибыли', 'Некоммерческая деятельность', 'Инвестиционная деятельность', 'Иное']),
    ),
    d('businessReputation', 'Деловая репутация', coded(['Положительная', 'Отрицательная', 'Нет сведений'])),
    d(
      'statusFamilyPublic',
      'Отношение к публичным должностным лицам',
      coded(['Является ПДЛ', 'Является супругом или родственником ПДЛ', 'Не является ПДЛ']),
    ),
    d(
      'typePDL',
      'Тип публичного должностного лица',
      coded([
        'Иностранное публичное должностное лицо',
        'Должностное лицо публичной международной организации',
        'Российское публичное должностное лицо',
      ]),
    ),
    d(
      'typeBeneficiaryContact',
      'Тип контакта бенефициара',
      coded(['Телефон', 'Электронная почта', 'Почтовый адрес']),
    ),
    d(
      'incomeSource',
      'Источник дохода',
      coded([
        'Заработная плата',
        'Пенсия',
        'Доход от предпринимательской деятельности',
        'Доход от сдачи имущества в аренду',
        'Стипендия',
        'Иное',
      ]),
    ),
    d(
      'recipientType',
      'Тип получателя',
      coded(['Физическое лицо', 'Юридическое лицо', 'Индивидуальный предприниматель']),
    ),
    d('kidsNumber', 'Количество детей', coded(['Нет', '1', '2', '3', '4 и более'])),
    d(
      'monetaryObligations',
      'Денежные обязательства',
      coded(['Нет', 'Кредиты', 'Ипотека', 'Алименты', 'Займы в МФО']),
    ),
    d(
      'birthCountries',
      'Страны рождения (alpha-3)',
      COUNTRIES.map(([, alpha3, , name]) => ({ code: alpha3, name })),
    ),
    d('employmentType', 'Тип занятости', coded(EMPLOYMENT)),
    d(
      'beneficiaryPublics',
      'Бенефициарные владельцы — публичные должностные лица',
      coded(['Не является ПДЛ', 'Является ПДЛ', 'Является родственником ПДЛ']),
    ),
    d(
      'otherIncomeSources',
      'Иные источники дохода',
      coded(['Подработка', 'Доход от вкладов', 'Доход от ценных бумаг', 'Помощь родственников', 'Иное']),
    ),
    d('periodicity', 'Периодичность', coded(PERIODICITY)),
    d(
      'loanPurpose',
      'Цель займа',
      coded([
        'Потребительские нужды',
        'Ремонт',
        'Лечение',
        'Образование',
        'Покупка автомобиля',
        'Рефинансирование',
      ]),
    ),
    d(
      'legalEntities',
      'Организационно-правовые формы (ОКОПФ)',
      OKOPF.map(([code, name]) => ({ code, name })),
    ),
    d(
      'familyStatuses',
      'Семейное положение',
      coded([
        'Холост / не замужем',
        'Женат / замужем',
        'Разведён / разведена',
        'Вдовец / вдова',
        'Гражданский брак',
      ]),
    ),
    d('genders', 'Пол', [
      { code: 'M', name: 'Мужской' },
      { code: 'F', name: 'Женский' },
    ]),
    d('frequencyPayments', 'Частота платежей', coded(PERIODICITY)),
    d('employmentTypes', 'Типы занятости', coded(EMPLOYMENT)),
    d(
      'education',
      'Образование',
      coded([
        'Среднее общее',
        'Среднее профессиональное',
        'Неполное высшее',
        'Высшее',
        'Два и более высших',
        'Учёная степень',
      ]),
    ),
    d(
      'countriesBirth',
      'Страны рождения (alpha-2)',
      COUNTRIES.map(([, , alpha2, name]) => ({ code: alpha2, name })),
    ),
    d('loanCallStatus', 'Статусы звонка по займу', coded(CALL_STATUSES)),
    d('employeeCallStatus', 'Статусы звонка работодателю', coded(CALL_STATUSES)),
  ];
}

/** The 42 codes, in the order of spec 2.1. */
export const DICTIONARY_NAMES: readonly string[] = [
  'CarModels',
  'Banks',
  'FsspDepartments',
  'FsspPositions',
  'CarBrands',
  'CurrencyRates',
  'Currency',
  'Region_incomes',
  'Regions',
  'OperationTypes',
  'regions',
  'lkLoanCallStatus',
  'lkEmployeeCallStatus',
  'departmentSignOnLending',
  'countryBirth',
  'seniority',
  'intendedNatureBusinessRelationship',
  'financialSituation',
  'goalFinancialAndEconomicActivity',
  'businessReputation',
  'statusFamilyPublic',
  'typePDL',
  'typeBeneficiaryContact',
  'incomeSource',
  'recipientType',
  'kidsNumber',
  'monetaryObligations',
  'birthCountries',
  'employmentType',
  'beneficiaryPublics',
  'otherIncomeSources',
  'periodicity',
  'loanPurpose',
  'legalEntities',
  'familyStatuses',
  'genders',
  'frequencyPayments',
  'employmentTypes',
  'education',
  'countriesBirth',
  'loanCallStatus',
  'employeeCallStatus',
];

/** Page size when `limit` is absent (spec 4.2) and the largest page served (the spec sets none). */
export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 1000;

export interface DictionaryPage {
  readonly name: string;
  readonly total: number;
  readonly limit: number;
  readonly offset: number;
  /** Items of the page, each already serialised. */
  readonly items: readonly string[];
}

interface Prepared {
  readonly dictionary: Dictionary;
  readonly json: readonly string[];
  /** Folded values of each item joined by a separator that no query can contain, for substring search. */
  readonly haystacks: readonly string[];
}

const SEPARATOR = '\u0000';

export class DictionaryCatalog {
  private readonly byName: ReadonlyMap<string, Prepared>;
  /** The list answer (spec 4.1), serialised once. */
  readonly listJson: string;

  /** @param view how an item is written (a variant may write the unpublished shapes otherwise) */
  constructor(
    banks: readonly BankItem[],
    view: (dictionary: string, item: DictionaryItem) => unknown = (_, item) => item,
  ) {
    const all = definitions(banks);
    this.byName = new Map(
      all.map((dictionary) => [
        dictionary.name,
        {
          dictionary,
          json: dictionary.items.map((item) => JSON.stringify(view(dictionary.name, item))),
          haystacks: dictionary.items.map((item) => fold(Object.values(item).join(SEPARATOR))),
        },
      ]),
    );
    this.listJson = JSON.stringify(all.map(({ name, description }) => ({ name, description })));
  }

  get names(): readonly string[] {
    return [...this.byName.keys()];
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  /** Case-insensitive substring search over every value of an item (ё ≡ е), then the page. */
  page(name: string, search: string | undefined, limit: number, offset: number): DictionaryPage | undefined {
    const prepared = this.byName.get(name);
    if (prepared === undefined) return undefined;
    const needle = search === undefined ? '' : fold(search.trim());
    const matching: string[] = [];
    prepared.haystacks.forEach((haystack, i) => {
      if (needle === '' || haystack.includes(needle)) matching.push(prepared.json[i] as string);
    });
    return { name, total: matching.length, limit, offset, items: matching.slice(offset, offset + limit) };
  }
}
