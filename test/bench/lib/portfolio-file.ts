import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { Random } from '../../../packages/lookup-emulator/src/random.js';
import { completeInn } from '../../../src/identifiers/index.js';

/**
 * A bank's person portfolio as a nightly rescreening sees it: surnames follow a Zipf law (rank r drawn
 * with weight 1/r over SURNAME_RANKS surnames: a few very common ones, a long tail met once), given names
 * and patronymics from short lists, every client with a valid 12-digit INN and a birth date. Deterministic
 * for a seed. The head of the ranking is the real list of the most frequent Russian surnames; the tail is
 * built from stems and suffixes, so that its letters (ц, -ев, -ский, ё) occur as in real surnames.
 */
const HEAD = [
  'Иванов',
  'Смирнов',
  'Кузнецов',
  'Попов',
  'Васильев',
  'Петров',
  'Соколов',
  'Михайлов',
  'Новиков',
  'Фёдоров',
  'Морозов',
  'Волков',
  'Алексеев',
  'Лебедев',
  'Семёнов',
  'Егоров',
  'Павлов',
  'Козлов',
  'Степанов',
  'Николаев',
  'Орлов',
  'Андреев',
  'Макаров',
  'Никитин',
  'Захаров',
  'Зайцев',
  'Соловьёв',
  'Борисов',
  'Яковлев',
  'Григорьев',
  'Романов',
  'Воробьёв',
  'Сергеев',
  'Кузьмин',
  'Фролов',
  'Александров',
  'Дмитриев',
  'Королёв',
  'Гусев',
  'Киселёв',
  'Ильин',
  'Максимов',
  'Поляков',
  'Сорокин',
  'Виноградов',
  'Ковалёв',
  'Белов',
  'Медведев',
  'Антонов',
  'Тарасов',
];
const STEMS = [
  'Бел',
  'Сух',
  'Цвет',
  'Кудр',
  'Жук',
  'Щеглов',
  'Лис',
  'Гор',
  'Бор',
  'Чер',
  'Мал',
  'Крас',
  'Зим',
  'Лет',
  'Дуб',
  'Ряб',
  'Шапк',
  'Хлеб',
  'Ерём',
  'Юдин',
  'Тих',
  'Мяс',
  'Пташ',
  'Цар',
  'Грач',
  'Добр',
  'Кремн',
  'Овс',
  'Поп',
  'Шум',
];
const MIDDLES = ['', 'ин', 'он', 'ен', 'ар', 'уш', 'ик', 'ец', 'ял', 'ёр', 'оль', 'ан'];
const SUFFIXES = ['ов', 'ев', 'ин', 'ский', 'цкий', 'ых', 'енко', 'ёв', 'ский'];
const SURNAME_RANKS = 30_000;

const MALE = ['Александр', 'Сергей', 'Дмитрий', 'Андрей', 'Алексей', 'Максим', 'Евгений', 'Иван', 'Юрий'];
const FEMALE = ['Елена', 'Ольга', 'Наталья', 'Татьяна', 'Ирина', 'Светлана', 'Анна', 'Юлия', 'Мария'];
const FATHERS = ['Александров', 'Сергеев', 'Викторов', 'Николаев', 'Владимиров', 'Петров', 'Юрьев'];

/** The surname of a rank: the head list first, then stem × middle × suffix combinations. */
function surnameOfRank(rank: number): string {
  if (rank < HEAD.length) return HEAD[rank] as string;
  const i = rank - HEAD.length;
  const stem = STEMS[i % STEMS.length] as string;
  const middle = MIDDLES[Math.floor(i / STEMS.length) % MIDDLES.length] as string;
  const suffix = SUFFIXES[Math.floor(i / (STEMS.length * MIDDLES.length)) % SUFFIXES.length] as string;
  const cycle = Math.floor(i / (STEMS.length * MIDDLES.length * SUFFIXES.length));
  // Past the combinations, a doubled middle keeps every rank a distinct surname.
  return (
    stem + middle + (cycle > 0 ? (MIDDLES[cycle % MIDDLES.length] ?? '') + 'ак'.repeat(cycle) : '') + suffix
  );
}

function feminine(surname: string): string {
  if (/(ов|ев|ёв|ин)$/.test(surname)) return `${surname}а`;
  if (/(ский|цкий)$/.test(surname)) return `${surname.slice(0, -2)}ая`;
  return surname;
}

/** Cumulative Zipf weights (s = 1) over the ranks, for drawing by binary search. */
function zipfTable(ranks: number): Float64Array {
  const cumulative = new Float64Array(ranks);
  let total = 0;
  for (let r = 0; r < ranks; r++) {
    total += 1 / (r + 1);
    cumulative[r] = total;
  }
  for (let r = 0; r < ranks; r++) cumulative[r] = (cumulative[r] as number) / total;
  return cumulative;
}

function draw(table: Float64Array, u: number): number {
  let lo = 0;
  let hi = table.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((table[mid] as number) < u) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export interface PortfolioOptions {
  readonly rows: number;
  readonly seed?: number;
}

export async function writePortfolioFile(path: string, options: PortfolioOptions): Promise<void> {
  const rng = new Random(options.seed ?? 1);
  const random = () => rng.next();
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
  const table = zipfTable(SURNAME_RANKS);
  const out = createWriteStream(path);
  const write = async (line: string) => {
    if (!out.write(line)) await once(out, 'drain');
  };
  await write('client_id,full_name,birth_date,inn,entity_type\n');
  for (let row = 1; row <= options.rows; row++) {
    const female = random() < 0.5;
    const surname = surnameOfRank(draw(table, random()));
    const name = female
      ? `${feminine(surname)} ${pick(FEMALE)} ${pick(FATHERS)}на`
      : `${surname} ${pick(MALE)} ${pick(FATHERS)}ич`;
    const inn = completeInn(`${pick(['77', '50', '78', '54', '66'])}${digits(8)}`);
    const birth = `${1940 + Math.floor(random() * 65)}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`;
    await write(`P${row},"${name}",${birth},${inn},person\n`);
  }
  out.end();
  await once(out, 'finish');
}
