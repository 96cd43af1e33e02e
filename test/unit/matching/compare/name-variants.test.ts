import { describe, expect, it } from 'vitest';
import {
  comparePersonNames,
  parsePersonName,
  scoreSanctions,
  compareOrgNames,
  parseOrgName,
} from '../../../../src/matching/index.js';
import { organization, person, sanctions } from '../fixtures.js';

/** A listed person against a client, both with the same birth date unless told otherwise. */
function decide(client: string, record: { name: string; name_local?: string }, born = '1980-05-17') {
  return scoreSanctions(
    person(client, { birthDate: '1980-05-17' }),
    sanctions({
      name: record.name,
      name_local: record.name_local ?? null,
      birth_date: born,
      edrpou: '12345678',
    }),
  );
}

const compare = (a: string, b: string) => comparePersonNames(parsePersonName(a), parsePersonName(b));
const reaches = (decision: string) => decision === 'MATCH' || decision === 'POSSIBLE_MATCH';

describe('Ukrainian and Belarusian forms of Russian names', () => {
  it('a Russian client is the person a Ukrainian list writes in Ukrainian Cyrillic and national Latin', () => {
    const hit = decide('Кравченко Алексей Игоревич', {
      name: 'KRAVCHENKO Oleksii Ihorovych',
      name_local: 'Кравченко Олексій Ігорович',
    });
    expect(hit.decision).toBe('MATCH');
    expect(decide('Кравченко Алексей Игоревич', { name: 'KRAVCHENKO Oleksii Ihorovych' }).decision).toBe(
      'MATCH',
    );
  });

  it.each([
    ['Шевчук Владимир Сергеевич', 'Шевчук Володимир Сергійович'],
    ['Шевчук Владимир Сергеевич', 'SHEVCHUK Volodymyr Serhiiovych'],
    ['Шевчук Владимир Сергеевич', 'Шаўчук Уладзімір Сяргеевіч'.replace('Шаўчук', 'Шевчук')],
    ['Шевчук Владимир Сергеевич', 'SHEVCHUK Uladzimir Siarheevich'],
    ['Бондаренко Анна Владимировна', 'Бондаренко Ганна Володимирівна'],
    ['Бондаренко Анна Владимировна', 'BONDARENKO Hanna Volodymyrivna'],
    ['Ткаченко Наталья Николаевна', 'Ткаченко Наталія Миколаївна'],
    ['Ткаченко Наталья Николаевна', 'TKACHENKO Nataliia Mykolaivna'],
    ['Мельник Евгений Дмитриевич', 'Мельник Євген Дмитрович'],
    ['Мельник Евгений Дмитриевич', 'MELNYK Yevhen Dmytrovych'],
    ['Мельник Евгений Дмитриевич', 'MELNYK Ievgen Dmytrovych'],
    ['Мельник Евгений Дмитриевич', 'Мельник Яўген Дзмітрыевіч'],
    ['Савченко Николай Александрович', 'Савченко Микола Олександрович'],
    ['Савченко Николай Александрович', 'Савченко Мікалай Аляксандравіч'],
    ['Савченко Николай Александрович', 'SAVCHENKO Mikalai Aliaksandravich'],
    ['Коваль Дмитрий Андреевич', 'Коваль Дзмітрый Андрэевіч'],
    ['Коваль Дмитрий Андреевич', 'KOVAL Dzmitry Andreevich'],
    ['Коваль Дмитрий Андреевич', 'Коваль Дмитро Андрійович'],
    ['Лысенко Михаил Петрович', 'Лисенко Михайло Петрович'],
    ['Лысенко Павел Фёдорович', 'Лисенко Павло Федорович'],
    ['Лысенко Пётр Григорьевич', 'Лисенко Петро Григорович'],
    ['Лысенко Юрий Константинович', 'Лисенко Юрій Костянтинович'],
    ['Лысенко Игорь Васильевич', 'Лисенко Ігор Васильович'],
    ['Лысенко Фёдор Иванович', 'Лисенко Федір Іванович'],
    ['Лысенко Константин Юрьевич', 'LYSENKO Kostiantyn Yuriiovych'],
    ['Лысенко Василий Игоревич', 'LYSENKO Vasyl Ihorovych'],
    ['Лысенко Григорий Павлович', 'LYSENKO Hryhorii Pavlovych'],
    ['Шевченко Елена Сергеевна', 'Шевченко Олена Сергіївна'],
    ['Шевченко Екатерина Алексеевна', 'Шевченко Катерина Олексіївна'],
    ['Шевченко Татьяна Юрьевна', 'SHEVCHENKO Tetiana Yuriivna'],
    ['Шевченко Юлия Ивановна', 'Шевченко Юлія Іванівна'],
    ['Шевченко Ирина Петровна', 'SHEVCHENKO Iryna Petrivna'],
    ['Шевченко Светлана Михайловна', 'Шевченко Світлана Михайлівна'],
    ['Шевченко Ольга Павловна', 'Шевченко Вольга Паўлаўна'],
  ])('%s = %s', (client, record) => {
    expect(decide(client, { name: record }).decision).toBe('MATCH');
  });

  it.each([
    ['Григорьев Олег Павлович', 'Григор’єв Олег Павлович'],
    ['Григорьев Олег Павлович', "Григор'єв Олег Павлович"],
    ['Григорьев Олег Павлович', 'HRYHORIEV Oleh Pavlovych'],
    ['Зайцев Олег Павлович', 'Зайцев Олег Павлович'],
    ['Гончаренко Олег Павлович', 'Ґончаренко Олег Павлович'],
    ['Ильин Олег Павлович', 'Ільїн Олег Павлович'],
    ['Ершов Олег Павлович', 'Єршов Олег Павлович'],
    ['Лукашенко Олег Павлович', 'Лукашэнка Олег Павлович'.replace('Лукашэнка', 'Лукашэнко')],
  ])('surname %s = %s', (client, record) => {
    expect(decide(client, { name: record }).decision).toBe('MATCH');
  });

  it.each([
    ['Кравченко Алексей Игоревич', 'Кравченко Олександр Ігорович', 'given name differs'],
    ['Кравченко Алексей Игоревич', 'Кравченко Олексій Олександрович', 'patronymic differs'],
    ['Кравченко Алексей Игоревич', 'Кравченко Олексія Ігорівна', ''],
    ['Кравченко Анна Игоревна', 'Кравченко Галина Ігорівна', 'given name differs'],
    ['Кравченко Елена Игоревна', 'Кравченко Алёна Игоревна', 'given name differs'],
    ['Кравченко Алёна Игоревна', 'Кравченко Олена Ігорівна', 'given name differs'],
    ['Кравченко Алёна Игоревна', 'KRAVCHENKO Olena Ihorivna', 'given name differs'],
    ['Кравченко Юлия Игоревна', 'Кравченко Юліан Ігорович', ''],
    ['Кравченко Игорь Сергеевич', 'Кравченко Ігор Сергіївна', ''],
    ['Кравченко Владимир Сергеевич', 'Кравченко Володимир Семенович', 'patronymic differs'],
  ])('%s ≠ %s', (client, record, note) => {
    const scored = decide(client, { name: record });
    expect(scored.decision).toBe('NO_MATCH');
    expect(scored.explanation).toContain(note);
  });

  it('another birth date is another person, however Ukrainian the form', () => {
    const scored = decide('Кравченко Алексей Игоревич', { name: 'Кравченко Олексій Ігорович' }, '1981-05-17');
    expect(scored.decision).toBe('NO_MATCH');
  });
});

describe('Turkic patronymics', () => {
  it.each([
    ['Мамедов Эльчин Рафик оглы', 'Мамедов Эльчин Рафикович'],
    ['Мамедов Эльчин Рафикович', 'MAMEDOV Elchin Rafik oglu'],
    ['Мамедов Эльчин Рафикович', 'Mamedov Elchin Rafiq oğlu'],
    ['Мамедова Лейла Рафиковна', 'Мамедова Лейла Рафик кызы'],
    ['Мамедова Лейла Рафиковна', 'MAMEDOVA Leyla Rafik kyzy'],
    ['Мамедова Лейла Рафиковна', 'MAMEDOVA Leyla Rafiq qizi'],
    ['Мамедова Лейла Рафиковна', 'MAMEDOVA Leyla Rafiq gizi'],
    ['Нурланов Серик Болат улы', 'Нурланов Серик Болатович'],
    ['Нурланова Айгерим Болатовна', 'Нурланова Айгерим Болат қызы'],
    ['Каримов Рустам Алишер угли', 'Каримов Рустам Алишерович'],
    ['Каримов Рустам Алишерович', 'Каримов Рустам Алишер ўғли'],
    ['Каримов Рустам Алишерович', "KARIMOV Rustam Alisher o'g'li"],
    ['Каримов Рустам Алишерович', 'KARIMOV Rustam Alisher ugli'],
    ['Каримова Дилноза Алишеровна', 'Каримова Дилноза Алишер қизи'],
    ['Асанов Бакыт Талант уулу', 'Асанов Бакыт Талантович'],
    ['Асанова Айпери Талантовна', 'ASANOVA Aiperi Talant kyzy'],
    ['Мамедов Эльчин Рафик оглы', 'Мамедов Эльчин Рафик оглу'],
    ['Мамедов Эльчин Рафикович', 'MAMEDOV Elchin Rafiq-oğlu'],
    ['Мамедова Лейла Рафиковна', 'Мамедова Лейла Рафик-кызы'],
  ])('%s = %s', (client, record) => {
    expect(decide(client, { name: record }).decision).toBe('MATCH');
  });

  it.each([
    ['Мамедов Эльчин Рафик оглы', 'Мамедов Эльчин Рафаэлевич'],
    ['Мамедов Эльчин Рафик оглы', 'Мамедов Эльчин Рафиковна'],
    ['Мамедова Лейла Рафик кызы', 'Мамедова Лейла Рафикович'],
    ['Мамедов Эльчин Рафик оглы', 'Мамедов Эльчин Тофик оглы'],
    ['Мамедов Эльчин Рафикович', 'Мамедов Эльчин Рафик-кызы'],
  ])('%s ≠ %s', (client, record) => {
    expect(decide(client, { name: record }).decision).toBe('NO_MATCH');
  });

  it('reads the particle as the patronymic and its gender from the particle', () => {
    const name = parsePersonName('Мамедова Лейла Рафик кызы');
    expect(name.tokens.map((t) => [t.text, t.role, t.patronymic])).toEqual([
      ['мамедова', 'surname', undefined],
      ['лейла', 'given', undefined],
      ['рафик', 'patronymic', 'female'],
    ]);
  });
});

describe('double surnames', () => {
  it.each([
    ['Мусина Ахметова Лейла Ринатовна', 'Мусина-Ахметова Лейла Ринатовна'],
    ['Мусина-Ахметова Лейла Ринатовна', 'Мусина Ахметова Лейла Ринатовна'],
    ['Мусина Ахметова Лейла Ринатовна', 'MUSINA-AKHMETOVA Leila Rinatovna'],
  ])('%s = %s', (client, record) => {
    expect(decide(client, { name: record }).decision).toBe('MATCH');
  });

  it.each([
    ['Соколова Ирина Петровна', 'Соколова-Ланская Ирина Петровна'],
    ['Соколова-Ланская Ирина Петровна', 'Соколова Ирина Петровна'],
    ['Ланская Ирина Петровна', 'Соколова-Ланская Ирина Петровна'],
  ])('one part of a double surname goes to a reviewer: %s ~ %s', (client, record) => {
    const scored = decide(client, { name: record });
    expect(reaches(scored.decision)).toBe(true);
    expect(scored.explanation).toContain('one part of a double surname');
  });

  it.each([
    ['Соколова Ирина Петровна', 'Соколова-Ланская Ирина Петровна'],
    ['Соколова-Ланская Ирина Петровна', 'Соколова Ирина Петровна'],
    ['Ланская Ирина Петровна', 'Соколова-Ланская Ирина Петровна'],
    ['Ланская Ирина Петровна', 'SOKOLOVA-LANSKAYA Irina Petrovna'],
  ])(
    'one part of a double surname with the same given names and full birth date is a MATCH: %s ~ %s',
    (client, record) => {
      expect(decide(client, { name: record }).decision).toBe('MATCH');
    },
  );

  it('one part of a double surname without a birth date on the record is a POSSIBLE_MATCH', () => {
    const scored = scoreSanctions(
      person('Соколова Ирина Петровна', { birthDate: '1980-05-17' }),
      sanctions({ name: 'Соколова-Ланская Ирина Петровна', birth_date: null }),
    );
    expect(scored.decision).toBe('POSSIBLE_MATCH');
  });

  it.each([
    ['Соколова Анна Петровна', 'Соколова-Ланская Ирина Петровна'],
    ['Соколов Иван Петрович', 'Соколова-Ланская Ирина Петровна'],
    ['Ланская Ирина Петровна', 'Соколова-Ланская Ирина Петровна', '1990-01-02'],
  ])('%s ≠ %s', (client, record, born = '1980-05-17') => {
    expect(decide(client, { name: record }, born).decision).toBe('NO_MATCH');
  });
});

describe('Latin spellings lists use', () => {
  it.each([
    ['Кузнецов Игорь Петрович', 'KUZNETZOV Igor Petrovich'],
    ['Царёв Игорь Петрович', 'CARYOV Igor Petrovich'],
    ['Щеглов Игорь Петрович', 'SCHEGLOV Igor Petrovich'],
    ['Щеглов Игорь Петрович', 'SHHEGLOV Igor Petrovich'],
    ['Егоров Игорь Петрович', 'JEGOROV Igor Petrovich'],
    ['Майоров Игорь Петрович', 'MAJOROV Igor Petrovich'],
    ['Харитонов Игорь Петрович', 'HARITONOV Igor Petrovich'],
    ['Жуков Юрий Петрович', 'JOUKOV Iouri Petrovitch'],
    ['Чуйков Юрий Петрович', 'TCHOUIKOV Iouri Petrovitch'],
    ['Шишкин Юрий Петрович', 'CHICHKINE Iouri Petrovitch'],
    ['Васильев Игорь Петрович', "VASIL'EV Igor Petrovich"],
    ['Объедков Игорь Петрович', 'OB"EDKOV Igor Petrovich'],
    ['Воробьёв Игорь Петрович', 'Vorobyov Igor Petrovich'],
    ['Ющенко Юрий Петрович', 'JUSCHENKO Jurij Petrowitsch'],
    ['Хрущёв Юрий Петрович', 'CHRUSCHTSCHOW Juri Petrowitsch'],
    ['Зайцева Яна Петровна', 'ZAITSEVA Jana Petrovna'],
    ['Зайцева Юлия Петровна', 'ZAITSEVA Iulia Petrovna'],
  ])('%s = %s', (client, record) => {
    expect(decide(client, { name: record }).decision).toBe('MATCH');
  });

  it.each([
    ['Харитонов Игорь Петрович', 'HARITONOVA Igor Petrovich'],
    ['Щеглов Игорь Петрович', 'SCHEGOLEV Igor Petrovich'],
    ['Жуков Юрий Петрович', 'JOUKOV Iouri Pavlovitch'],
    ['Жуков Юрий Петрович', 'ZHUKOVA Iouri Petrovitch'],
  ])('%s ≠ %s', (client, record) => {
    expect(decide(client, { name: record }).decision).not.toBe('MATCH');
  });
});

describe('initials', () => {
  it.each([
    ['Ефимова Ксения Олеговна', 'Ефимова К. О.'],
    ['Ефимова Ксения Олеговна', 'EFIMOVA K. O.'],
    ['Чернова Юлия Олеговна', 'CHERNOVA Ch. O.'.replace('Ch.', 'Yu.')],
    ['Чернов Чеслав Олегович', 'CHERNOV Ch. O.'],
    ['Щукин Щеслав Олегович', 'Щукин Щ. О.'],
    ['Ефимова Ксения Олеговна', 'Ефимова К.О.'],
    ['YEFIMOVA Yelena Olegovna', 'Ефимова Е. О.'],
    ['Ефимова Елена Олеговна', 'YEFIMOVA Ye. O.'],
    ['Грищенко Григорий Олегович', 'HRYSHCHENKO H. O.'],
  ])('%s ~ %s', (client, record) => {
    expect(reaches(decide(client, { name: record }).decision)).toBe(true);
  });

  it.each([
    ['Ефимова Ксения Олеговна', 'Ефимова Х. О.'],
    ['Ефимова Ксения Олеговна', 'Ефимова К. А.'],
    ['Ефимова Ксения Олеговна', 'Ефимова Т. О.'],
  ])('%s ≠ %s', (client, record) => {
    expect(decide(client, { name: record }).decision).toBe('NO_MATCH');
  });
});

describe('numbers in organization names', () => {
  const org = (a: string, b: string) => compareOrgNames(parseOrgName(a), parseOrgName(b));

  it.each([
    ['АО «Завод № 158»', 'АО «Завод № 157»'],
    ['ООО «Автобаза N 12»', 'ООО «Автобаза N 21»'],
    ['ООО «Школа 5»', 'ООО «Школа 15»'],
    ['ООО «Депо № 3»', 'ООО «Депо»'],
  ])('%s ≠ %s', (a, b) => {
    const cmp = org(a, b);
    expect(cmp.score).toBeLessThan(0.8);
    expect(cmp.notes.join('; ')).toContain('number differs');
  });

  it.each([
    ['АО «Завод № 57»', 'АО «Завод №57»'],
    ['АО «Завод № 57»', 'АО «Завод N 57»'],
    ['АО «Завод № 57»', 'АО «Завод No. 57»'],
    ['АО «Завод № 57»', 'АО «Завод N57»'],
    ['АО «Завод № 57»', 'JSC «Zavod No 57»'],
    ['АО «Завод № 57»', 'АО «Завод № 57»'],
  ])('%s = %s', (a, b) => {
    expect(org(a, b).score).toBe(1);
  });

  it('a listed plant with another number is no match for the client', () => {
    const scored = scoreSanctions(
      organization('АО «Завод № 158»'),
      sanctions({ name: 'Завод № 157', entity_type: 'organization' }),
    );
    expect(scored.decision).toBe('NO_MATCH');
  });
});

describe('comparison notes', () => {
  it('says which form was equated', () => {
    const cmp = compare('Кравченко Алексей Игоревич', 'Кравченко Олексій Ігорович');
    expect(cmp.notes).toEqual([
      'given name in another language (алексей ~ олексій)',
      'patronymic of the same name in another form (игоревич ~ ігорович)',
    ]);
    expect(cmp.score).toBeCloseTo(0.96);
  });

  it('a one-letter slip in a Russian patronymic is still a slip', () => {
    const cmp = compare('Гусев Валерий Борисоович', 'Гусев Валерий Борисович');
    expect(cmp.notes).toEqual(['one-letter difference in patronymic (борисоович ~ борисович)']);
  });
});
