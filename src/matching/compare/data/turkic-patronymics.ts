/**
 * Turkic patronymics are written with a separate word after the father's name, "son of" or "daughter of":
 * `Мамедов Эльчин Рафик оглы` is `Эльчин Рафикович`, `Лейла Рафик кызы` is `Лейла Рафиковна`. The particle
 * gives the gender; the word before it is the father's name. Words as Russian documents, Central Asian
 * passports and lists write them, in Cyrillic and Latin (apostrophes are dropped before comparison, so
 * `o'g'li` is `ogli`).
 *
 * Sources: Azerbaijani oğlu / qızı (Russian documents: оглы / кызы, also оглу, гызы); Kazakh ұлы / қызы
 * (улы, кызы); Uzbek o'g'li / qizi (ўғли / қизи, угли, огли, кизи); Kyrgyz уулу / кызы (uulu, kyzy);
 * Turkmen ogly / gyzy; Tatar and Bashkir улы / кызы. Kept as data apart from the code, the way
 * OpenSanctions' rigour keeps its name symbols (resources/names/symbols.yml).
 */
export const TURKIC_PATRONYMIC_PARTICLES: Readonly<Record<'male' | 'female', readonly string[]>> = {
  male: [
    'оглы',
    'оглу',
    'огли',
    'улы',
    'ұлы',
    'уулу',
    'угли',
    'ўғли',
    'ўгли',
    'oglu',
    'ogly',
    'ogli',
    'oğlu',
    'oghlu',
    'uly',
    'ulu',
    'uulu',
    'ugli',
    "o'g'li",
  ],
  female: [
    'кызы',
    'кизи',
    'қызы',
    'қизи',
    'гызы',
    'гизи',
    'kyzy',
    'kyzi',
    'kizi',
    'qizi',
    'qyzy',
    'qızı',
    'gizi',
    'gyzy',
    'kizy',
  ],
};
