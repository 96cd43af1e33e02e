/**
 * Organization names: a brand stem ("Вектор", "Альфа-Строй") in quotes after a legal form. Stems are
 * composed from two small lists so thousands of distinct names exist without a long word list.
 */
import type { Random } from './random.js';

const ROOTS: readonly string[] = [
  'Альфа',
  'Вектор',
  'Гелиос',
  'Дельта',
  'Енисей',
  'Заря',
  'Импульс',
  'Каскад',
  'Лидер',
  'Магистраль',
  'Нева',
  'Омега',
  'Парус',
  'Ракурс',
  'Сигма',
  'Терра',
  'Урал',
  'Феникс',
  'Хорда',
  'Циркон',
  'Эталон',
  'Юпитер',
  'Янтарь',
  'Волга',
  'Сибирь',
  'Байкал',
  'Алтай',
  'Амур',
  'Ладога',
  'Онега',
  'Вега',
  'Атлант',
  'Кристалл',
  'Рубин',
  'Сапфир',
  'Изумруд',
  'Олимп',
  'Титан',
  'Аврора',
  'Рассвет',
  'Спектр',
  'Квант',
  'Интеграл',
  'Орион',
  'Пульсар',
  'Стимул',
  'Фрегат',
  'Бастион',
  'Континент',
  'Прометей',
  'Академия',
  'Держава',
];

const SUFFIXES: readonly string[] = [
  'Строй',
  'Пром',
  'Трейд',
  'Инвест',
  'Групп',
  'Логистик',
  'Агро',
  'Энерго',
  'Техно',
  'Финанс',
  'Консалт',
  'Девелопмент',
  'Снаб',
  'Маркет',
  'Медиа',
  'Транс',
  'Проект',
  'Ресурс',
  'Холдинг',
  'Капитал',
];

/** "Вектор", "Вектор-Строй" or "ВекторСтрой": the three spellings registers actually hold. */
export function brandStem(rng: Random): string {
  const root = rng.pick(ROOTS);
  const shape = rng.int(0, 3);
  if (shape === 0) return root;
  const suffix = rng.pick(SUFFIXES);
  return shape === 1 ? `${root}-${suffix}` : `${root}${suffix}`;
}

export type LegalForm = 'ООО' | 'АО' | 'ПАО' | 'ЗАО' | 'АНО' | 'Фонд';

const FULL_FORMS: Readonly<Record<LegalForm, string>> = {
  ООО: 'Общество с ограниченной ответственностью',
  АО: 'Акционерное общество',
  ПАО: 'Публичное акционерное общество',
  ЗАО: 'Закрытое акционерное общество',
  АНО: 'Автономная некоммерческая организация',
  Фонд: 'Фонд',
};

/** `ООО «Вектор»` or, spelled out, `Общество с ограниченной ответственностью «Вектор»`. */
export function organizationName(form: LegalForm, stem: string, spelledOut: boolean): string {
  return `${spelledOut ? FULL_FORMS[form] : form} «${stem}»`;
}

/** Latin legal form as sanctions lists write it. */
export const LATIN_FORMS: Readonly<Record<LegalForm, string>> = {
  ООО: 'LLC',
  АО: 'JSC',
  ПАО: 'PJSC',
  ЗАО: 'CJSC',
  АНО: 'ANO',
  Фонд: 'FOUNDATION',
};
