/**
 * The oracle's own tables of how other countries' lists write Russian names: Ukrainian and Belarusian forms
 * of given names and patronymics, Turkic patronymics, double surnames, numbered organizations, and the letters
 * of other scripts that pass for Cyrillic ones. Written from the public sources named beside each table
 * (Ukrainian and Belarusian name forms as passports of those countries write them; Unicode UTS #39
 * confusables), never from the matcher's tables: the evaluation must not share the engine's ideas.
 */

/** Russian given name, its Ukrainian form, the Russian and Ukrainian patronymics it gives (son, daughter). */
export interface UkrainianMale {
  readonly ru: string;
  readonly uk: string;
  readonly ruSon: string;
  readonly ruDaughter: string;
  readonly ukSon: string;
  readonly ukDaughter: string;
}

export const UKRAINIAN_MALE: readonly UkrainianMale[] = [
  m('Владимир', 'Володимир', 'Владимирович', 'Владимировна', 'Володимирович', 'Володимирівна'),
  m('Алексей', 'Олексій', 'Алексеевич', 'Алексеевна', 'Олексійович', 'Олексіївна'),
  m('Александр', 'Олександр', 'Александрович', 'Александровна', 'Олександрович', 'Олександрівна'),
  m('Андрей', 'Андрій', 'Андреевич', 'Андреевна', 'Андрійович', 'Андріївна'),
  m('Сергей', 'Сергій', 'Сергеевич', 'Сергеевна', 'Сергійович', 'Сергіївна'),
  m('Дмитрий', 'Дмитро', 'Дмитриевич', 'Дмитриевна', 'Дмитрович', 'Дмитрівна'),
  m('Николай', 'Микола', 'Николаевич', 'Николаевна', 'Миколайович', 'Миколаївна'),
  m('Михаил', 'Михайло', 'Михайлович', 'Михайловна', 'Михайлович', 'Михайлівна'),
  m('Павел', 'Павло', 'Павлович', 'Павловна', 'Павлович', 'Павлівна'),
  m('Пётр', 'Петро', 'Петрович', 'Петровна', 'Петрович', 'Петрівна'),
  m('Григорий', 'Григорій', 'Григорьевич', 'Григорьевна', 'Григорович', 'Григорівна'),
  m('Юрий', 'Юрій', 'Юрьевич', 'Юрьевна', 'Юрійович', 'Юріївна'),
  m('Игорь', 'Ігор', 'Игоревич', 'Игоревна', 'Ігорович', 'Ігорівна'),
  m('Евгений', 'Євген', 'Евгеньевич', 'Евгеньевна', 'Євгенович', 'Євгенівна'),
  m('Фёдор', 'Федір', 'Фёдорович', 'Фёдоровна', 'Федорович', 'Федорівна'),
  m('Константин', 'Костянтин', 'Константинович', 'Константиновна', 'Костянтинович', 'Костянтинівна'),
  m('Василий', 'Василь', 'Васильевич', 'Васильевна', 'Васильович', 'Василівна'),
  m('Иван', 'Іван', 'Иванович', 'Ивановна', 'Іванович', 'Іванівна'),
  m('Виктор', 'Віктор', 'Викторович', 'Викторовна', 'Вікторович', 'Вікторівна'),
  m('Анатолий', 'Анатолій', 'Анатольевич', 'Анатольевна', 'Анатолійович', 'Анатоліївна'),
];

function m(
  ru: string,
  uk: string,
  ruSon: string,
  ruDaughter: string,
  ukSon: string,
  ukDaughter: string,
): UkrainianMale {
  return { ru, uk, ruSon, ruDaughter, ukSon, ukDaughter };
}

/** Russian female given names and their Ukrainian forms (Анна is also Анна in Ukraine; lists write Ганна). */
export const UKRAINIAN_FEMALE: readonly (readonly [string, string])[] = [
  ['Анна', 'Ганна'],
  ['Елена', 'Олена'],
  ['Наталья', 'Наталія'],
  ['Екатерина', 'Катерина'],
  ['Татьяна', 'Тетяна'],
  ['Юлия', 'Юлія'],
  ['Ирина', 'Ірина'],
  ['Светлана', 'Світлана'],
  ['Мария', 'Марія'],
  ['Ольга', 'Ольга'],
  ['Людмила', 'Людмила'],
  ['Галина', 'Галина'],
];

/**
 * Surnames a Russian document and a Ukrainian list write differently (and the same -енко names, whose Latin
 * still differs from the Russian systems: KRAVCHENKO is the same, HRYHORIEV is not GRIGORIEV). Masculine,
 * feminine Russian; masculine, feminine Ukrainian.
 */
export const UKRAINIAN_SURNAMES: readonly (readonly [string, string, string, string])[] = [
  ['Григорьев', 'Григорьева', "Григор'єв", "Григор'єва"],
  ['Васильев', 'Васильева', 'Васильєв', 'Васильєва'],
  ['Кравченко', 'Кравченко', 'Кравченко', 'Кравченко'],
  ['Бондаренко', 'Бондаренко', 'Бондаренко', 'Бондаренко'],
  ['Ткаченко', 'Ткаченко', 'Ткаченко', 'Ткаченко'],
  ['Коваленко', 'Коваленко', 'Коваленко', 'Коваленко'],
  ['Олейник', 'Олейник', 'Олійник', 'Олійник'],
  ['Иванов', 'Иванова', 'Іванов', 'Іванова'],
  ['Никитин', 'Никитина', 'Нікітін', 'Нікітіна'],
  ['Ильин', 'Ильина', 'Ільїн', 'Ільїна'],
  ['Кузнецов', 'Кузнецова', 'Кузнєцов', 'Кузнєцова'],
  ['Медведев', 'Медведева', 'Медведєв', 'Медведєва'],
  ['Лебедев', 'Лебедева', 'Лебедєв', 'Лебедєва'],
  ['Николаев', 'Николаева', 'Ніколаєв', 'Ніколаєва'],
  ['Соловьёв', 'Соловьёва', 'Соловйов', 'Соловйова'],
  ['Воробьёв', 'Воробьёва', "Вороб'йов", "Вороб'йова"],
  ['Киселёв', 'Киселёва', 'Кисельов', 'Кисельова'],
  ['Королёв', 'Королёва', 'Корольов', 'Корольова'],
  ['Егоров', 'Егорова', 'Єгоров', 'Єгорова'],
  ['Ершов', 'Ершова', 'Єршов', 'Єршова'],
  ['Дмитриев', 'Дмитриева', 'Дмитрієв', 'Дмитрієва'],
  ['Яковлев', 'Яковлева', 'Яковлєв', 'Яковлєва'],
  ['Шевчук', 'Шевчук', 'Шевчук', 'Шевчук'],
  ['Мельник', 'Мельник', 'Мельник', 'Мельник'],
  ['Литвиненко', 'Литвиненко', 'Литвиненко', 'Литвиненко'],
];

/** Belarusian forms: Russian given name, Belarusian Cyrillic, Belarusian Latin (the national system) and patronymics. */
export interface BelarusianMale {
  readonly ru: string;
  readonly ruSon: string;
  readonly ruDaughter: string;
  readonly by: string;
  readonly bySon: string;
  readonly byDaughter: string;
  readonly lat: string;
  readonly latSon: string;
  readonly latDaughter: string;
}

export const BELARUSIAN_MALE: readonly BelarusianMale[] = [
  b('Владимир', 'Владимирович', 'Владимировна', 'Уладзімір', 'Уладзіміравіч', 'Уладзіміраўна', 'Uladzimir', 'Uladzimiravich', 'Uladzimirauna'),
  b('Александр', 'Александрович', 'Александровна', 'Аляксандр', 'Аляксандравіч', 'Аляксандраўна', 'Aliaksandr', 'Aliaksandravich', 'Aliaksandrauna'),
  b('Алексей', 'Алексеевич', 'Алексеевна', 'Аляксей', 'Аляксеевіч', 'Аляксееўна', 'Aliaksei', 'Aliakseevich', 'Aliakseeuna'),
  b('Сергей', 'Сергеевич', 'Сергеевна', 'Сяргей', 'Сяргеевіч', 'Сяргееўна', 'Siarhei', 'Siarheevich', 'Siarheeuna'),
  b('Дмитрий', 'Дмитриевич', 'Дмитриевна', 'Дзмітрый', 'Дзмітрыевіч', 'Дзмітрыеўна', 'Dzmitry', 'Dzmitryevich', 'Dzmitryeuna'),
  b('Николай', 'Николаевич', 'Николаевна', 'Мікалай', 'Мікалаевіч', 'Мікалаеўна', 'Mikalai', 'Mikalaevich', 'Mikalaeuna'),
  b('Андрей', 'Андреевич', 'Андреевна', 'Андрэй', 'Андрэевіч', 'Андрэеўна', 'Andrei', 'Andreevich', 'Andreeuna'),
  b('Юрий', 'Юрьевич', 'Юрьевна', 'Юрый', "Юр'евіч", "Юр'еўна", 'Yury', 'Yurevich', 'Yureuna'),
  b('Игорь', 'Игоревич', 'Игоревна', 'Ігар', 'Ігаравіч', 'Ігараўна', 'Ihar', 'Iharavich', 'Iharauna'),
  b('Евгений', 'Евгеньевич', 'Евгеньевна', 'Яўген', 'Яўгенавіч', 'Яўгенаўна', 'Yauhen', 'Yauhenavich', 'Yauhenauna'),
  b('Виктор', 'Викторович', 'Викторовна', 'Віктар', 'Віктаравіч', 'Віктараўна', 'Viktar', 'Viktaravich', 'Viktarauna'),
  b('Иван', 'Иванович', 'Ивановна', 'Іван', 'Іванавіч', 'Іванаўна', 'Ivan', 'Ivanavich', 'Ivanauna'),
];

function b(
  ru: string,
  ruSon: string,
  ruDaughter: string,
  by: string,
  bySon: string,
  byDaughter: string,
  lat: string,
  latSon: string,
  latDaughter: string,
): BelarusianMale {
  return { ru, ruSon, ruDaughter, by, bySon, byDaughter, lat, latSon, latDaughter };
}

/** Russian male given names of Belarusian persons (the Belarusian form is in BELARUSIAN_MALE). */
export const BELARUSIAN_FEMALE: readonly (readonly [string, string, string])[] = [
  ['Елена', 'Алена', 'Alena'],
  ['Наталья', 'Наталля', 'Natallia'],
  ['Татьяна', 'Таццяна', 'Tatsiana'],
  ['Ольга', 'Вольга', 'Volha'],
  ['Ирина', 'Ірына', 'Iryna'],
  ['Светлана', 'Святлана', 'Sviatlana'],
];

/** Surnames: Russian masculine, feminine; Belarusian masculine, feminine; Latin masculine, feminine. */
export const BELARUSIAN_SURNAMES: readonly (readonly [string, string, string, string, string, string])[] = [
  ['Макаров', 'Макарова', 'Макараў', 'Макарава', 'MAKARAU', 'MAKARAVA'],
  ['Козлов', 'Козлова', 'Казлоў', 'Казлова', 'KAZLOU', 'KAZLOVA'],
  ['Соколов', 'Соколова', 'Сакалоў', 'Сакалова', 'SAKALOU', 'SAKALOVA'],
  ['Петров', 'Петрова', 'Пятроў', 'Пятрова', 'PIATROU', 'PIATROVA'],
  ['Иванов', 'Иванова', 'Іваноў', 'Іванова', 'IVANOU', 'IVANOVA'],
  ['Кузнецов', 'Кузнецова', 'Кузняцоў', 'Кузняцова', 'KUZNIATSOU', 'KUZNIATSOVA'],
  ['Карпенко', 'Карпенко', 'Карпенка', 'Карпенка', 'KARPENKA', 'KARPENKA'],
  ['Вакульчик', 'Вакульчик', 'Вакульчык', 'Вакульчык', 'VAKULCHYK', 'VAKULCHYK'],
  ['Шейман', 'Шейман', 'Шэйман', 'Шэйман', 'SHEIMAN', 'SHEIMAN'],
  ['Макей', 'Макей', 'Макей', 'Макей', 'MAKEI', 'MAKEI'],
  ['Волков', 'Волкова', 'Ваўкоў', 'Ваўкова', 'VAUKOU', 'VAUKOVA'],
];

/**
 * Turkic patronymics: the father's name and a particle (son, daughter), in Cyrillic and in the Latin that
 * lists use. A Russian document writes the same person with -ович/-овна instead.
 */
export interface TurkicPeople {
  readonly people: 'azerbaijani' | 'kazakh' | 'uzbek';
  readonly surnames: readonly (readonly [string, string, string])[];
  readonly sons: readonly (readonly [string, string])[];
  readonly daughters: readonly (readonly [string, string])[];
  readonly fathers: readonly (readonly [string, string, string, string])[];
  readonly son: readonly (readonly [string, string])[];
  readonly daughter: readonly (readonly [string, string])[];
}

export const TURKIC: readonly TurkicPeople[] = [
  {
    people: 'azerbaijani',
    // masculine, feminine, Latin stem
    surnames: [
      ['Мамедов', 'Мамедова', 'MAMEDOV'],
      ['Алиев', 'Алиева', 'ALIEV'],
      ['Гасанов', 'Гасанова', 'GASANOV'],
      ['Гусейнов', 'Гусейнова', 'GUSEINOV'],
      ['Исмаилов', 'Исмаилова', 'ISMAILOV'],
    ],
    sons: [
      ['Эльчин', 'Elchin'],
      ['Рашид', 'Rashid'],
      ['Фарид', 'Farid'],
      ['Самир', 'Samir'],
    ],
    daughters: [
      ['Лейла', 'Leyla'],
      ['Севиль', 'Sevil'],
      ['Гюнель', 'Gyunel'],
    ],
    // father, Latin, Russian son's patronymic, Russian daughter's
    fathers: [
      ['Рафик', 'Rafik', 'Рафикович', 'Рафиковна'],
      ['Ильхам', 'Ilham', 'Ильхамович', 'Ильхамовна'],
      ['Тофик', 'Tofik', 'Тофикович', 'Тофиковна'],
      ['Вагиф', 'Vagif', 'Вагифович', 'Вагифовна'],
    ],
    son: [
      ['оглы', 'oglu'],
      ['оглы', 'ogly'],
    ],
    daughter: [
      ['кызы', 'kyzy'],
      ['кызы', 'gizi'],
    ],
  },
  {
    people: 'kazakh',
    surnames: [
      ['Ахметов', 'Ахметова', 'AKHMETOV'],
      ['Жумабаев', 'Жумабаева', 'ZHUMABAEV'],
      ['Касымов', 'Касымова', 'KASYMOV'],
      ['Нурланов', 'Нурланова', 'NURLANOV'],
    ],
    sons: [
      ['Серик', 'Serik'],
      ['Асхат', 'Askhat'],
      ['Ерлан', 'Yerlan'],
    ],
    daughters: [
      ['Айгуль', 'Aigul'],
      ['Динара', 'Dinara'],
      ['Гульнара', 'Gulnara'],
    ],
    fathers: [
      ['Болат', 'Bolat', 'Болатович', 'Болатовна'],
      ['Нурлан', 'Nurlan', 'Нурланович', 'Нурлановна'],
      ['Ержан', 'Yerzhan', 'Ержанович', 'Ержановна'],
    ],
    son: [['улы', 'uly']],
    daughter: [['қызы', 'kyzy']],
  },
  {
    people: 'uzbek',
    surnames: [
      ['Каримов', 'Каримова', 'KARIMOV'],
      ['Рахимов', 'Рахимова', 'RAKHIMOV'],
      ['Усманов', 'Усманова', 'USMANOV'],
      ['Турсунов', 'Турсунова', 'TURSUNOV'],
    ],
    sons: [
      ['Шерзод', 'Sherzod'],
      ['Алишер', 'Alisher'],
      ['Улугбек', 'Ulugbek'],
    ],
    daughters: [
      ['Дилноза', 'Dilnoza'],
      ['Мадина', 'Madina'],
      ['Нигора', 'Nigora'],
    ],
    fathers: [
      ['Баходир', 'Bakhodir', 'Баходирович', 'Баходировна'],
      ['Рустам', 'Rustam', 'Рустамович', 'Рустамовна'],
      ['Шухрат', 'Shukhrat', 'Шухратович', 'Шухратовна'],
    ],
    son: [
      ['угли', 'ugli'],
      ['угли', 'ogli'],
    ],
    daughter: [['қизи', 'qizi']],
  },
];

/** Double surnames: masculine and feminine, each part a surname of its own. */
export const DOUBLE_SURNAMES: readonly (readonly [string, string])[] = [
  ['Мусин-Ахметов', 'Мусина-Ахметова'],
  ['Соколов-Ланской', 'Соколова-Ланская'],
  ['Петров-Водкин', 'Петрова-Водкина'],
  ['Римский-Корсаков', 'Римская-Корсакова'],
  ['Соколов-Микитов', 'Соколова-Микитова'],
  ['Семёнов-Тянский', 'Семёнова-Тянская'],
  ['Бонч-Бруевич', 'Бонч-Бруевич'],
  ['Мамин-Сибиряк', 'Мамина-Сибиряк'],
  ['Лебедев-Кумач', 'Лебедева-Кумач'],
  ['Грум-Гржимайло', 'Грум-Гржимайло'],
];

/** Numbered organizations: the kind of body, and the name written with `№`. */
export const NUMBERED_ORGS: readonly string[] = [
  'Завод',
  'Депо',
  'Автобаза',
  'Типография',
  'Комбинат',
  'Автоколонна',
  'Трест',
  'Управление механизации',
  'Строительное управление',
  'Мостоотряд',
];

/**
 * Letters of other scripts that pass for a Cyrillic letter, by the Cyrillic letter they pass for: Greek,
 * Armenian and Latin small capitals that share the Cyrillic letter's skeleton in UTS #39 (confusables.txt),
 * and ꙩ (Cyrillic Extended-B, monocular o), a variant of о that the data does not pair with it. None of them
 * is in Windows-1251.
 */
export const OTHER_SCRIPT_CONFUSABLES: Readonly<Record<string, readonly { ch: string; script: string }[]>> = {
  К: [{ ch: 'Κ', script: 'greek' }],
  о: [
    { ch: 'ο', script: 'greek' },
    { ch: 'օ', script: 'armenian' },
    { ch: 'ᴏ', script: 'small_capital' },
    { ch: 'ꙩ', script: 'cyrillic_extended' },
  ],
  а: [{ ch: 'α', script: 'greek' }],
  О: [
    { ch: 'Ο', script: 'greek' },
    { ch: 'Օ', script: 'armenian' },
  ],
  А: [{ ch: 'Α', script: 'greek' }],
  Е: [{ ch: 'Ε', script: 'greek' }],
  М: [{ ch: 'Μ', script: 'greek' }],
  Т: [{ ch: 'Τ', script: 'greek' }],
  Н: [{ ch: 'Η', script: 'greek' }],
  Р: [{ ch: 'Ρ', script: 'greek' }],
  Х: [{ ch: 'Χ', script: 'greek' }],
  в: [{ ch: 'ʙ', script: 'small_capital' }],
  н: [{ ch: 'ʜ', script: 'small_capital' }],
  к: [{ ch: 'ᴋ', script: 'small_capital' }],
  м: [{ ch: 'ᴍ', script: 'small_capital' }],
  т: [{ ch: 'ᴛ', script: 'small_capital' }],
  с: [{ ch: 'ᴄ', script: 'small_capital' }],
};

/**
 * Latin letters a typist puts for a Cyrillic letter they resemble in handwriting or italics, though UTS #39
 * has no pair for them: v for в, u for и, n for п, m for т. All are in Windows-1251.
 */
export const LATIN_WITHOUT_TWIN: Readonly<Record<string, string>> = { в: 'v', и: 'u', п: 'n', т: 'm' };

/** Latin letters that have a Cyrillic twin (UTS #39), mixed with the ones above by an obfuscating typist. */
export const LATIN_TWIN: Readonly<Record<string, string>> = {
  а: 'a',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  х: 'x',
  у: 'y',
};
