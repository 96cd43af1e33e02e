import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { Random } from '../../../packages/lookup-emulator/src/random.js';
import { completeInn } from '../../../src/identifiers/index.js';

/**
 * Client files for the pipeline benchmarks: persons and organizations with realistic Russian names and
 * valid INNs, deterministic for a seed. `repeatShare` of the rows repeat an earlier row's INN or name (a
 * portfolio holds relatives, joint accounts and re-registered clients), which the run's request cache
 * must turn into zero extra calls.
 */
const SURNAMES = [
  'Смирнов',
  'Кузнецов',
  'Попов',
  'Васильев',
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
  'Жуков',
  'Баранов',
];
const MALE = [
  'Александр',
  'Дмитрий',
  'Максим',
  'Сергей',
  'Андрей',
  'Алексей',
  'Артём',
  'Илья',
  'Кирилл',
  'Михаил',
];
const FEMALE = [
  'Анна',
  'Мария',
  'Елена',
  'Ольга',
  'Наталья',
  'Татьяна',
  'Ирина',
  'Светлана',
  'Юлия',
  'Екатерина',
];
const FATHERS = [
  'Александров',
  'Дмитриев',
  'Сергеев',
  'Андреев',
  'Алексеев',
  'Николаев',
  'Иванов',
  'Петров',
  'Михайлов',
  'Владимиров',
];
const ORG_WORDS = [
  'Альфа',
  'Вектор',
  'Северный',
  'Ветер',
  'Строй',
  'Инвест',
  'Торг',
  'Сервис',
  'Техно',
  'Гранит',
  'Меридиан',
  'Восход',
  'Прогресс',
  'Система',
  'Лидер',
];
const FORMS = ['ООО', 'АО', 'ПАО'];

export interface ClientsFileOptions {
  readonly rows: number;
  readonly seed?: number;
  /** Share of rows that repeat an earlier row's INN or name, 0..1. */
  readonly repeatShare?: number;
}

export async function writeClientsFile(path: string, options: ClientsFileOptions): Promise<void> {
  const rng = new Random(options.seed ?? 1);
  const random = () => rng.next();
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
  const out = createWriteStream(path);
  const write = async (line: string) => {
    if (!out.write(line)) await once(out, 'drain');
  };
  await write('client_id,full_name,birth_date,inn,entity_type\n');
  const earlier: { name: string; inn: string; birth: string; type: string }[] = [];
  for (let row = 1; row <= options.rows; row++) {
    let name: string;
    let inn: string;
    let birth = '';
    let type: string;
    if (earlier.length > 0 && random() < (options.repeatShare ?? 0)) {
      const twin = earlier[Math.floor(random() * earlier.length)]!;
      // Half repeat the INN (the same client twice), half the name (a namesake with another INN).
      if (random() < 0.5) ({ name, inn, birth, type } = twin);
      else {
        ({ name, birth, type } = twin);
        inn = completeInn(type === 'organization' ? `77${digits(7)}` : `77${digits(8)}`);
      }
    } else if (random() < 0.8) {
      const female = random() < 0.5;
      const surname = pick(SURNAMES);
      name = `${female ? `${surname}а` : surname} ${pick(female ? FEMALE : MALE)} ${pick(FATHERS)}${female ? 'на' : 'ич'}`;
      inn = completeInn(`77${digits(8)}`);
      birth = `${1940 + Math.floor(random() * 65)}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`;
      type = 'person';
    } else {
      name = `${pick(FORMS)} «${pick(ORG_WORDS)} ${pick(ORG_WORDS)} ${digits(3)}»`;
      inn = completeInn(`77${digits(7)}`);
      type = 'organization';
    }
    if (earlier.length < 50_000) earlier.push({ name, inn, birth, type });
    await write(`C${row},"${name.replace(/"/g, '""')}",${birth},${inn},${type}\n`);
  }
  out.end();
  await once(out, 'finish');
}
