/**
 * One given name in its Russian, Ukrainian and Belarusian forms: a group is one name, the way the
 * OpenSanctions person-name corpus (rigour `names`, built from Wikidata: one group per name with its
 * aliases in every script) ties `Volodymyr`, `Vladimir` and `Uladzimir` to one symbol that the
 * nomenklatura `logic_v2` matcher then compares instead of the letters. Forms are written in Cyrillic;
 * the matcher compares them through skeletons, so every Latin spelling of a form (ICAO, BGN, KMU 55,
 * Belarusian passports: `Oleksii`, `Aliaksei`, `Siarhei`, `Dzmitry`, `Mikalai`, `Yevhen`, `Ievgen`) joins
 * the group by itself. `latin` holds spellings that no transliteration of a form gives.
 *
 * Sources: the Ukrainian and Belarusian official forms of the names as passports and the Ukrainian and
 * Belarusian sanctions lists write them (Latin per KMU 55 of 2010 and the Belarusian national
 * instruction), checked against the Wikidata given-name items the rigour corpus is built from.
 *
 * `stems` are the father's-name stems patronymics are built on when they differ from the name
 * (Яков → Яковлевич, Лев → Львович). A form that is another name in a neighbouring language is kept apart
 * in `beHomonyms`: the Belarusian `Алена` is Елена, but the Russian `Алёна` (written `Алена` without ё) is
 * another name, so such a form counts as this name only in a name not written by Russian rules and with an
 * equal full birth date (person-name.ts).
 */
export interface GivenNameGroup {
  readonly ru: readonly string[];
  readonly uk?: readonly string[];
  readonly be?: readonly string[];
  readonly latin?: readonly string[];
  readonly stems?: readonly string[];
  /** Belarusian forms that are another name in Russian (Алена: Елена in Belarusian, Алёна in Russian). */
  readonly beHomonyms?: readonly string[];
}

export const GIVEN_NAME_GROUPS: readonly GivenNameGroup[] = [
  // men
  { ru: ['Владимир'], uk: ['Володимир'], be: ['Уладзімір'], latin: ['Wladimir'] },
  { ru: ['Алексей', 'Алексий'], uk: ['Олексій'], be: ['Аляксей'] },
  { ru: ['Александр'], uk: ['Олександр'], be: ['Аляксандр'], latin: ['Alexander', 'Aleksander'] },
  { ru: ['Андрей'], uk: ['Андрій'], be: ['Андрэй'] },
  { ru: ['Сергей'], uk: ['Сергій'], be: ['Сяргей'] },
  { ru: ['Дмитрий'], uk: ['Дмитро'], be: ['Дзмітрый'] },
  { ru: ['Николай'], uk: ['Микола'], be: ['Мікалай'] },
  { ru: ['Михаил'], uk: ['Михайло'], be: ['Міхаіл', 'Міхал'], latin: ['Michail'] },
  { ru: ['Павел'], uk: ['Павло'], be: ['Павел'], stems: ['Павл', 'Паўл'] },
  { ru: ['Пётр'], uk: ['Петро'], be: ['Пятро'], stems: ['Петр'] },
  { ru: ['Григорий'], uk: ['Григорій'], be: ['Рыгор'] },
  { ru: ['Юрий'], uk: ['Юрій'], be: ['Юрый'] },
  { ru: ['Игорь'], uk: ['Ігор'], be: ['Ігар'] },
  { ru: ['Евгений'], uk: ['Євген', 'Євгеній'], be: ['Яўген', 'Яўгеній'] },
  { ru: ['Фёдор'], uk: ['Федір'], be: ['Фёдар', 'Хведар'], stems: ['Федор'] },
  { ru: ['Константин'], uk: ['Костянтин'], be: ['Канстанцін'] },
  { ru: ['Василий'], uk: ['Василь'], be: ['Васіль'] },
  { ru: ['Иван'], uk: ['Іван'], be: ['Іван'] },
  { ru: ['Анатолий'], uk: ['Анатолій'], be: ['Анатоль'] },
  { ru: ['Виталий'], uk: ['Віталій'], be: ['Віталь'] },
  { ru: ['Виктор'], uk: ['Віктор'], be: ['Віктар'] },
  { ru: ['Вячеслав'], uk: ['Вячеслав'], be: ['Вячаслаў'] },
  { ru: ['Геннадий'], uk: ['Геннадій'], be: ['Генадзь'] },
  { ru: ['Георгий'], uk: ['Георгій'], be: ['Георгій'] },
  { ru: ['Леонид'], uk: ['Леонід'], be: ['Леанід'] },
  { ru: ['Олег'], uk: ['Олег'], be: ['Алег'] },
  { ru: ['Валерий'], uk: ['Валерій'], be: ['Валерый'] },
  { ru: ['Валентин'], uk: ['Валентин'], be: ['Валянцін'] },
  { ru: ['Семён'], uk: ['Семен'], be: ['Сямён'] },
  { ru: ['Степан'], uk: ['Степан'], be: ['Сцяпан'] },
  { ru: ['Тимофей'], uk: ['Тимофій'], be: ['Цімафей'] },
  { ru: ['Матвей'], uk: ['Матвій'], be: ['Мацвей'] },
  { ru: ['Яков'], uk: ['Яків'], be: ['Якаў'], stems: ['Яковл', 'Яков'] },
  { ru: ['Илья'], uk: ['Ілля'], be: ['Ілья'], stems: ['Иль', 'Ілл'] },
  { ru: ['Лев'], uk: ['Лев'], be: ['Леў'], stems: ['Льв'] },
  { ru: ['Кирилл'], uk: ['Кирило'], be: ['Кірыл'] },
  { ru: ['Максим'], uk: ['Максим'], be: ['Максім'] },
  { ru: ['Денис'], uk: ['Денис'], be: ['Дзяніс'] },
  { ru: ['Станислав'], uk: ['Станіслав'], be: ['Станіслаў'] },
  { ru: ['Ярослав'], uk: ['Ярослав'], be: ['Яраслаў'] },
  { ru: ['Владислав'], uk: ['Владислав'], be: ['Уладзіслаў'] },
  { ru: ['Вадим'], uk: ['Вадим'], be: ['Вадзім'] },
  { ru: ['Аркадий'], uk: ['Аркадій'], be: ['Аркадзь'] },
  { ru: ['Борис'], uk: ['Борис'], be: ['Барыс'] },
  { ru: ['Эдуард'], uk: ['Едуард'], be: ['Эдуард'] },
  { ru: ['Арсений'], uk: ['Арсеній'], be: ['Арсеній'] },
  { ru: ['Даниил', 'Данила'], uk: ['Данило'], be: ['Данііл'] },
  { ru: ['Артём'], uk: ['Артем'], be: ['Арцём'] },
  { ru: ['Всеволод'], uk: ['Всеволод'], be: ['Усевалад'] },
  { ru: ['Ростислав'], uk: ['Ростислав'], be: ['Расціслаў'] },
  { ru: ['Святослав'], uk: ['Святослав'], be: ['Святаслаў'] },
  { ru: ['Филипп'], uk: ['Пилип'], be: ['Піліп'] },
  { ru: ['Никита'], uk: ['Микита'], be: ['Мікіта'] },
  { ru: ['Роман'], uk: ['Роман'], be: ['Раман'] },
  { ru: ['Богдан'], uk: ['Богдан'], be: ['Багдан'] },
  { ru: ['Антон'], uk: ['Антон'], be: ['Антон'] },
  { ru: ['Тарас'], uk: ['Тарас'], be: ['Тарас'] },
  { ru: ['Захар'], uk: ['Захар'], be: ['Захар'] },
  { ru: ['Назар'], uk: ['Назар'], be: ['Назар'] },
  { ru: ['Макар'], uk: ['Макар'], be: ['Макар'] },
  { ru: ['Егор'], uk: ['Єгор'], be: ['Ягор'] },
  { ru: ['Тимур'], uk: ['Тимур'], be: ['Цімур'] },
  // women
  { ru: ['Анна'], uk: ['Ганна', 'Анна'], be: ['Ганна'] },
  { ru: ['Елена'], uk: ['Олена'], beHomonyms: ['Алена'] },
  { ru: ['Алёна'], uk: ['Альона'] },
  { ru: ['Наталья', 'Наталия'], uk: ['Наталія', 'Наталя'], be: ['Наталля'] },
  { ru: ['Екатерина'], uk: ['Катерина'], be: ['Кацярына'] },
  { ru: ['Татьяна'], uk: ['Тетяна'], be: ['Таццяна', 'Тацяна'] },
  { ru: ['Юлия'], uk: ['Юлія'], be: ['Юлія'] },
  { ru: ['Ольга'], uk: ['Ольга'], be: ['Вольга'] },
  { ru: ['Ирина'], uk: ['Ірина'], be: ['Ірына'] },
  { ru: ['Оксана'], uk: ['Оксана'], be: ['Аксана'] },
  { ru: ['Людмила'], uk: ['Людмила'], be: ['Людміла'] },
  { ru: ['Светлана'], uk: ['Світлана'], be: ['Святлана'] },
  { ru: ['Мария'], uk: ['Марія'], be: ['Марыя'] },
  { ru: ['Галина'], uk: ['Галина'], be: ['Галіна'] },
  { ru: ['Надежда'], uk: ['Надія'], be: ['Надзея'] },
  { ru: ['Любовь'], uk: ['Любов'], be: ['Любоў'] },
  { ru: ['Вера'], uk: ['Віра'], be: ['Вера'] },
  { ru: ['Валентина'], uk: ['Валентина'], be: ['Валянціна'] },
  { ru: ['Анастасия'], uk: ['Анастасія'], be: ['Анастасія'] },
  { ru: ['Александра'], uk: ['Олександра'], be: ['Аляксандра'] },
  { ru: ['Евгения'], uk: ['Євгенія'], be: ['Яўгенія'] },
  { ru: ['Виктория'], uk: ['Вікторія'], be: ['Вікторыя'] },
  { ru: ['Ксения'], uk: ['Ксенія'], be: ['Ксенія'] },
  { ru: ['Марина'], uk: ['Марина'], be: ['Марына'] },
  { ru: ['Лариса'], uk: ['Лариса'], be: ['Ларыса'] },
  { ru: ['Лидия'], uk: ['Лідія'], be: ['Лідзія'] },
  { ru: ['Раиса'], uk: ['Раїса'], be: ['Раіса'] },
  { ru: ['Нина'], uk: ['Ніна'], be: ['Ніна'] },
  { ru: ['Зинаида'], uk: ['Зінаїда'], be: ['Зінаіда'] },
  { ru: ['Антонина'], uk: ['Антоніна'], be: ['Антаніна'] },
  { ru: ['Дарья'], uk: ['Дарія', 'Дар’я'], be: ['Дар’я'] },
  { ru: ['Софья', 'София'], uk: ['Софія'], be: ['Сафія'] },
  { ru: ['Валерия'], uk: ['Валерія'], be: ['Валерыя'] },
  { ru: ['Полина'], uk: ['Поліна'], be: ['Паліна'] },
  { ru: ['Кристина'], uk: ['Христина', 'Крістіна'], be: ['Крысціна'] },
  { ru: ['Ульяна'], uk: ['Уляна'], be: ['Ульяна'] },
  { ru: ['Елизавета'], uk: ['Єлизавета'], be: ['Лізавета'] },
  { ru: ['Маргарита'], uk: ['Маргарита'], be: ['Маргарыта'] },
  { ru: ['Диана'], uk: ['Діана'], be: ['Дзіяна'] },
  { ru: ['Алина'], uk: ['Аліна'], be: ['Аліна'] },
  { ru: ['Вероника'], uk: ['Вероніка'], be: ['Вераніка'] },
  { ru: ['Карина'], uk: ['Карина'], be: ['Карына'] },
  { ru: ['Олеся'], uk: ['Олеся'], be: ['Алеся'] },
  { ru: ['Евдокия'], uk: ['Євдокія'], be: ['Аўдоцця'] },
  { ru: ['Тамара'], uk: ['Тамара'], be: ['Тамара'] },
  { ru: ['Инна'], uk: ['Інна'], be: ['Іна'] },
  { ru: ['Алла'], uk: ['Алла'], be: ['Ала'] },
];
