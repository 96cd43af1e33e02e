/**
 * Labelled pairs for the phenomena of names as other countries' lists and real bank exports write them:
 * letters of other scripts, Ukrainian and Belarusian forms, Turkic patronymics, double surnames, individual
 * entrepreneurs, the Latin spellings lists use, Latin-script clients, initials on the register and numbers
 * in organization names. Each category holds true matches and hard negatives (another birth date, another
 * given name or father, another number). Its own seeded stream, so the pairs generated before it keep
 * their draws; its own tables (name-forms.ts, translit-systems.ts), nothing from the matcher.
 */
import { FEMALE_NAMES, MALE_NAMES, SURNAMES } from './name-data.js';
import {
  BELARUSIAN_FEMALE,
  BELARUSIAN_MALE,
  BELARUSIAN_SURNAMES,
  DOUBLE_SURNAMES,
  LATIN_TWIN,
  LATIN_WITHOUT_TWIN,
  NUMBERED_ORGS,
  OTHER_SCRIPT_CONFUSABLES,
  TURKIC,
  UKRAINIAN_FEMALE,
  UKRAINIAN_MALE,
  UKRAINIAN_SURNAMES,
} from './name-forms.js';
import { draw, innFrom } from './random.js';
import { listSpelling, transliterateWord, ukrainianLatin, type ListStyle } from './translit-systems.js';

type Register = 'minjust_foreign_agent' | 'sanctions' | 'bankruptcy';
type Label = 'match' | 'non_match';

export interface PhenomenaContext {
  add(category: string, register: Register, client: object, record: object, label: Label): void;
  client(fields: {
    name: string;
    entityType: 'person' | 'organization' | 'individual_entrepreneur';
    birthDate?: string;
    inn?: string;
  }): object;
  foreignAgent(fields: Record<string, string>): object;
  sanctions(fields: {
    name: string;
    name_local?: string | null;
    edrpou?: string | null;
    birth_date?: string | null;
    entity_type: 'person' | 'organization';
  }): object;
}

/** The phenomenon categories, in the order they are written; every one has matches and non-matches. */
export const PHENOMENON_CATEGORIES = [
  'phenomenon_confusable_other_script',
  'phenomenon_confusable_latin_no_twin',
  'phenomenon_ukrainian_forms',
  'phenomenon_belarusian_forms',
  'phenomenon_turkic_patronymic',
  'phenomenon_double_surname',
  'phenomenon_entrepreneur_prefix',
  'phenomenon_list_spellings',
  'phenomenon_latin_client',
  'phenomenon_initials_on_record',
  'phenomenon_org_number',
] as const;

interface Person {
  surname: string;
  given: string;
  patronymic: string;
  birthDate: string;
}

const full = (p: Pick<Person, 'surname' | 'given' | 'patronymic'>): string =>
  `${p.surname} ${p.given} ${p.patronymic}`;

export function appendPhenomena(ctx: PhenomenaContext, seed = 20261125): void {
  const d = draw(seed);
  const date = (): string =>
    `${d.int(1955, 2001)}-${String(d.int(1, 12)).padStart(2, '0')}-${String(d.int(1, 28)).padStart(2, '0')}`;
  /** Another year: a namesake, never the same person with a slip in the date. */
  const otherDate = (iso: string): string => {
    for (;;) {
      const o = date();
      if (o.slice(0, 4) !== iso.slice(0, 4)) return o;
    }
  };
  const russian = (female = d.chance(0.5), surnames = SURNAMES): Person & { female: boolean } => {
    const father = d.pick(MALE_NAMES);
    const s = d.pick(surnames);
    return {
      female,
      surname: female ? s[1] : s[0],
      given: female ? d.pick(FEMALE_NAMES) : d.pick(MALE_NAMES)[0],
      patronymic: female ? father[2] : father[1],
      birthDate: date(),
    };
  };
  const person = (name: string, birthDate: string, extra: { inn?: string } = {}): object =>
    ctx.client({ name, entityType: 'person', birthDate, ...extra });
  const fa = (name: string, birthDate: string): object =>
    ctx.foreignAgent({ name, birth_date: birthDate, agent_type: 'Физическое лицо' });
  /** `n` matches from `make(true)` and `k` hard negatives from `make(false)`. */
  const category = (name: string, n: number, k: number, make: (match: boolean, i: number) => void): void => {
    for (let i = 0; i < n; i++) make(true, i);
    for (let i = 0; i < k; i++) make(false, i);
    void name;
  };

  // 1. A letter of another script (Greek, Armenian, Latin small capital, Cyrillic Extended-B) in the name.
  category('phenomenon_confusable_other_script', 16, 8, (match, i) => {
    for (;;) {
      const p = russian();
      const part = (['surname', 'given', 'patronymic'] as const)[i % 3] ?? 'surname';
      const chars = [...p[part]];
      const spots = chars.flatMap((ch, at) => (OTHER_SCRIPT_CONFUSABLES[ch] ? [at] : []));
      if (spots.length === 0) continue;
      const at = d.pick(spots);
      chars[at] = d.pick(OTHER_SCRIPT_CONFUSABLES[chars[at] ?? ''] ?? []).ch;
      const dirty = full({ ...p, [part]: chars.join('') });
      const onClient = i % 2 === 0;
      const born = match ? p.birthDate : otherDate(p.birthDate);
      ctx.add(
        'phenomenon_confusable_other_script',
        'minjust_foreign_agent',
        person(onClient ? dirty : full(p), p.birthDate),
        fa(onClient ? full(p) : dirty, born),
        match ? 'match' : 'non_match',
      );
      return;
    }
  });

  // 2. Latin letters without a Cyrillic twin (v for в, u for и, n for п, m for т), alone or with twins.
  category('phenomenon_confusable_latin_no_twin', 16, 8, (match, i) => {
    for (;;) {
      const p = russian();
      const chars = [...p.surname];
      const spots = chars.flatMap((ch, at) => (LATIN_WITHOUT_TWIN[ch] ? [at] : []));
      if (spots.length === 0) continue;
      const at = d.pick(spots);
      chars[at] = LATIN_WITHOUT_TWIN[chars[at] ?? ''] ?? '';
      if (i % 2 === 1) {
        const twins = chars.flatMap((ch, t) => (LATIN_TWIN[ch] ? [t] : []));
        if (twins.length > 0) {
          const t = d.pick(twins);
          chars[t] = LATIN_TWIN[chars[t] ?? ''] ?? '';
        }
      }
      const dirty = full({ ...p, surname: chars.join('') });
      ctx.add(
        'phenomenon_confusable_latin_no_twin',
        'minjust_foreign_agent',
        person(dirty, p.birthDate),
        fa(full(p), match ? p.birthDate : otherDate(p.birthDate)),
        match ? 'match' : 'non_match',
      );
      return;
    }
  });

  // 3. A Ukrainian list: edrpou, Ukrainian Cyrillic name_local, national Latin name (or the Latin alone).
  const ukrainian = (): { ru: Person; uk: Person; latin: string; female: boolean } => {
    const female = d.chance(0.4);
    const father = d.pick(UKRAINIAN_MALE);
    const s = d.pick(UKRAINIAN_SURNAMES);
    const given = female ? d.pick(UKRAINIAN_FEMALE) : ((g) => [g.ru, g.uk] as const)(d.pick(UKRAINIAN_MALE));
    const birthDate = date();
    const ru = {
      surname: female ? s[1] : s[0],
      given: given[0],
      patronymic: female ? father.ruDaughter : father.ruSon,
      birthDate,
    };
    const uk = {
      surname: female ? s[3] : s[2],
      given: given[1],
      patronymic: female ? father.ukDaughter : father.ukSon,
      birthDate,
    };
    const latin = `${ukrainianLatin(uk.surname, 'upper')} ${ukrainianLatin(uk.given, 'title')} ${ukrainianLatin(uk.patronymic, 'title')}`;
    return { ru, uk, latin, female };
  };
  category('phenomenon_ukrainian_forms', 20, 10, (match, i) => {
    const u = ukrainian();
    let client = u.ru;
    if (!match && i % 2 === 0) client = { ...u.ru, birthDate: otherDate(u.ru.birthDate) };
    if (!match && i % 2 === 1) {
      // Same surname and father, another given name of the same sex.
      let other = ukrainian();
      while (other.female !== u.female || other.ru.given === u.ru.given) other = ukrainian();
      client = { ...u.ru, given: other.ru.given };
    }
    ctx.add(
      'phenomenon_ukrainian_forms',
      'sanctions',
      person(full(client), client.birthDate),
      ctx.sanctions({
        name: u.latin,
        name_local: i % 3 === 2 ? null : full(u.uk),
        edrpou: d.digits(10),
        birth_date: u.ru.birthDate,
        entity_type: 'person',
      }),
      match ? 'match' : 'non_match',
    );
  });

  // 4. Belarusian: Belarusian Latin (the national system on EU lists), Belarusian Cyrillic beside it or not.
  category('phenomenon_belarusian_forms', 16, 8, (match, i) => {
    const female = d.chance(0.35);
    const father = d.pick(BELARUSIAN_MALE);
    const s = d.pick(BELARUSIAN_SURNAMES);
    const pickGiven = (): readonly [string, string, string] =>
      female ? d.pick(BELARUSIAN_FEMALE) : ((x) => [x.ru, x.by, x.lat] as const)(d.pick(BELARUSIAN_MALE));
    const given = pickGiven();
    const birthDate = date();
    let clientGiven = given[0];
    let clientDate = birthDate;
    if (!match && i % 2 === 0) clientDate = otherDate(birthDate);
    if (!match && i % 2 === 1) {
      let g = pickGiven();
      while (g[0] === given[0]) g = pickGiven();
      clientGiven = g[0];
    }
    const ru = {
      surname: female ? s[1] : s[0],
      given: clientGiven,
      patronymic: female ? father.ruDaughter : father.ruSon,
    };
    const by = { surname: female ? s[3] : s[2], given: given[1], patronymic: female ? father.byDaughter : father.bySon };
    ctx.add(
      'phenomenon_belarusian_forms',
      'sanctions',
      person(full(ru), clientDate),
      ctx.sanctions({
        name: `${female ? s[5] : s[4]} ${given[2]} ${female ? father.latDaughter : father.latSon}`,
        name_local: i % 2 === 0 ? full(by) : null,
        birth_date: birthDate,
        entity_type: 'person',
      }),
      match ? 'match' : 'non_match',
    );
  });

  // 5. Turkic patronymics: оглы/кызы, улы/қызы, угли/қизи against -ович/-овна; Latin particles on lists.
  category('phenomenon_turkic_patronymic', 18, 9, (match, i) => {
    const people = d.pick(TURKIC);
    const female = d.chance(0.35);
    const s = d.pick(people.surnames);
    const given = d.pick(female ? people.daughters : people.sons);
    const father = d.pick(people.fathers);
    let otherFather = d.pick(people.fathers);
    while (otherFather === father) otherFather = d.pick(people.fathers);
    const particle = d.pick(female ? people.daughter : people.son);
    const surname = female ? s[1] : s[0];
    const birthDate = date();
    const clientFather = !match && i % 2 === 1 ? otherFather : father;
    const clientDate = !match && i % 2 === 0 ? otherDate(birthDate) : birthDate;
    const russian = (f: typeof father): string => `${surname} ${given[0]} ${female ? f[3] : f[2]}`;
    const turkic = (f: typeof father): string => `${surname} ${given[0]} ${f[0]} ${particle[0]}`;
    if (i % 3 === 2) {
      ctx.add(
        'phenomenon_turkic_patronymic',
        'sanctions',
        person(i % 2 === 0 ? russian(clientFather) : turkic(clientFather), clientDate),
        ctx.sanctions({
          name: `${female ? `${s[2]}A` : s[2]} ${given[1]} ${father[1]} ${particle[1]}`,
          birth_date: birthDate,
          entity_type: 'person',
        }),
        match ? 'match' : 'non_match',
      );
      return;
    }
    const [record, mine] = i % 3 === 0 ? [turkic(father), russian(clientFather)] : [russian(father), turkic(clientFather)];
    ctx.add(
      'phenomenon_turkic_patronymic',
      'minjust_foreign_agent',
      person(mine, clientDate),
      fa(record, birthDate),
      match ? 'match' : 'non_match',
    );
  });

  // 6. Double surnames: hyphen on one side, a space or one part only on the other.
  category('phenomenon_double_surname', 18, 9, (match, i) => {
    const p = russian();
    const pair = d.pick(DOUBLE_SURNAMES);
    const double = p.female ? pair[1] : pair[0];
    const [first, second] = double.split('-') as [string, string];
    const other = [`${first} ${second}`, first, second][i % 3] ?? first;
    const [record, mine] = i % 2 === 0 ? [double, other] : [other, double];
    let client: Person = { ...p, surname: mine };
    if (!match && i % 2 === 0) client = { ...client, birthDate: otherDate(p.birthDate) };
    if (!match && i % 2 === 1) {
      let q = russian(p.female);
      while (q.given === p.given) q = russian(p.female);
      client = { ...client, given: q.given };
    }
    ctx.add(
      'phenomenon_double_surname',
      'minjust_foreign_agent',
      person(full(client), client.birthDate),
      fa(full({ ...p, surname: record }), p.birthDate),
      match ? 'match' : 'non_match',
    );
  });

  // 7. Individual entrepreneurs: `ИП …` / `Индивидуальный предприниматель …`; the register lists the person.
  category('phenomenon_entrepreneur_prefix', 16, 8, (match, i) => {
    const p = russian();
    const prefix = i % 2 === 0 ? 'ИП' : 'Индивидуальный предприниматель';
    const inn = innFrom(String(d.int(1, 9)) + d.digits(9));
    let client: Person = p;
    if (!match) {
      let q = russian(p.female);
      while (q.given === p.given) q = russian(p.female);
      client = i % 2 === 0 ? { ...p, birthDate: otherDate(p.birthDate) } : { ...p, given: q.given };
    }
    ctx.add(
      'phenomenon_entrepreneur_prefix',
      'minjust_foreign_agent',
      ctx.client({
        name: `${prefix} ${full(client)}`,
        entityType: 'individual_entrepreneur',
        birthDate: client.birthDate,
        inn,
      }),
      fa(full(p), p.birthDate),
      match ? 'match' : 'non_match',
    );
  });

  // 8. The Latin spellings lists use beyond the standards: tz/c, sch, j, h, French style, apostrophes, yo.
  const styles: readonly ListStyle[] = ['tz', 'c', 'sch', 'j', 'h', 'french', 'apostrophe', 'yo'];
  category('phenomenon_list_spellings', 24, 12, (match, i) => {
    const style = styles[i % styles.length] ?? 'tz';
    const p = russian(undefined, STYLE_SURNAMES[style]);
    let client: Person = p;
    if (!match) {
      let q = russian(p.female);
      while (q.given === p.given) q = russian(p.female);
      client = i % 2 === 0 ? { ...p, birthDate: otherDate(p.birthDate) } : { ...p, given: q.given };
    }
    ctx.add(
      'phenomenon_list_spellings',
      'sanctions',
      person(full(client), client.birthDate),
      ctx.sanctions({
        name: `${listSpelling(p.surname, style, 'upper')} ${listSpelling(p.given, style, 'title')} ${listSpelling(p.patronymic, style, 'title')}`,
        birth_date: p.birthDate,
        entity_type: 'person',
      }),
      match ? 'match' : 'non_match',
    );
  });

  // 9. A bank writes the client in Latin (Vorobyov), the register in Cyrillic (Воробьёв).
  category('phenomenon_latin_client', 16, 8, (match, i) => {
    const p = russian(undefined, LATIN_CLIENT_SURNAMES);
    const style = (['yo', 'j', 'apostrophe'] as const)[i % 3] ?? 'yo';
    const latin =
      style === 'yo'
        ? `${listSpelling(p.surname, 'yo', 'title')} ${transliterateWord('legacy', p.given, 'title')} ${transliterateWord('legacy', p.patronymic, 'title')}`
        : `${listSpelling(p.surname, style, 'title')} ${listSpelling(p.given, style, 'title')} ${listSpelling(p.patronymic, style, 'title')}`;
    ctx.add(
      'phenomenon_latin_client',
      'minjust_foreign_agent',
      person(latin, p.birthDate),
      fa(full(p), match ? p.birthDate : otherDate(p.birthDate)),
      match ? 'match' : 'non_match',
    );
  });

  // 10. The register writes initials; the initial is the first letter of the name as written (К. for Ксения).
  category('phenomenon_initials_on_record', 16, 8, (match, i) => {
    const givenFirst = INITIAL_NAMES[i % INITIAL_NAMES.length] ?? 'Ксения';
    const female = FEMALE_NAMES.includes(givenFirst);
    const real: Person = { ...russian(female), given: givenFirst };
    const initials = `${givenFirst[0] ?? ''}.${i % 2 === 0 ? ' ' : ''}${real.patronymic[0] ?? ''}.`;
    const written = `${real.surname} ${initials}`;
    let client: Person = real;
    if (!match && i % 2 === 0) client = { ...real, birthDate: otherDate(real.birthDate) };
    if (!match && i % 2 === 1) {
      // Another given name with another first letter.
      let g = female ? d.pick(FEMALE_NAMES) : d.pick(MALE_NAMES)[0];
      while (g[0] === givenFirst[0]) g = female ? d.pick(FEMALE_NAMES) : d.pick(MALE_NAMES)[0];
      client = { ...real, given: g };
    }
    ctx.add(
      'phenomenon_initials_on_record',
      'minjust_foreign_agent',
      person(full(client), client.birthDate),
      fa(written, real.birthDate),
      match ? 'match' : 'non_match',
    );
  });

  // 11. Numbers in organization names: another notation is the same body, another number is another body.
  category('phenomenon_org_number', 16, 12, (match, i) => {
    const kind = d.pick(NUMBERED_ORGS);
    const n = d.int(2, 400);
    const form = d.pick(['АО', 'ООО', 'ФГУП']);
    const notations = (x: number): string[] => [`№${x}`, `N ${x}`, `No. ${x}`, `№ ${x}`, `N${x}`, `No${x}`];
    const reversed = Number([...String(n)].reverse().join(''));
    const other = [n + 1, n - 1, reversed === n ? n + 10 : reversed, n * 10][i % 4] ?? n + 1;
    const clientNumber = match ? (notations(n)[i % 6] ?? `№${n}`) : (notations(other)[i % 6] ?? `№ ${other}`);
    ctx.add(
      'phenomenon_org_number',
      'minjust_foreign_agent',
      ctx.client({ name: `${form} «${kind} ${clientNumber}»`, entityType: 'organization' }),
      ctx.foreignAgent({ name: `${form} «${kind} № ${n}»`, agent_type: 'Юридическое лицо' }),
      match ? 'match' : 'non_match',
    );
  });
}

const pairs = (names: readonly string[]): (readonly [string, string])[] =>
  names.map((n) => [n, n.endsWith('ой') ? `${n.slice(0, -2)}ая` : `${n}а`] as const);

/** Surnames that carry the letters each list style writes its own way. */
export const STYLE_SURNAMES: Record<ListStyle, readonly (readonly [string, string])[]> = {
  tz: pairs(['Кузнецов', 'Цветков', 'Зайцев', 'Шевцов', 'Кудрявцев', 'Песцов']),
  c: pairs(['Царёв', 'Цветков', 'Кузнецов', 'Цыганов', 'Рябцев']),
  sch: pairs(['Щеглов', 'Щербаков', 'Щукин', 'Хрущёв', 'Лещенков', 'Борщёв']),
  j: pairs(['Егоров', 'Майоров', 'Ершов', 'Ежов', 'Яковлев', 'Емельянов', 'Юдин']),
  h: pairs(['Харитонов', 'Хасанов', 'Тихонов', 'Хабибуллин', 'Махов', 'Хромов']),
  french: pairs(['Жуков', 'Шувалов', 'Чуйков', 'Журавлёв', 'Шукшин', 'Чумаков']),
  apostrophe: pairs(['Васильев', 'Объедков', 'Подъячев', 'Григорьев', 'Ильин', 'Гурьев']),
  yo: pairs(['Воробьёв', 'Королёв', 'Соловьёв', 'Киселёв', 'Сычёв', 'Журавлёв']),
};

/** Surnames a Latin-script client file writes with ё, ь and й. */
export const LATIN_CLIENT_SURNAMES = pairs([
  'Воробьёв',
  'Соловьёв',
  'Муравьёв',
  'Григорьев',
  'Васильев',
  'Королёв',
  'Зайцев',
  'Яковлев',
]);

/** Given names whose first letter a phonetic code would rewrite (кс, х, ц, щ, э, е, ю, я). */
const INITIAL_NAMES: readonly string[] = [
  'Ксения',
  'Юлия',
  'Евгений',
  'Эдуард',
  'Яна',
  'Екатерина',
  'Юрий',
  'Эльвира',
  'Константин',
  'Ярослав',
  'Захар',
  'Елена',
];
