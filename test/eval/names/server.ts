/**
 * An independent mini Lookup Service, written from the published contract only (the operations a screening
 * run calls): foreign-agent, sanctions and bankruptcy searches, the debtor check, and the dictionaries the
 * preflight reads. Its open points are its own: a `{"status":"error","reason":…}` body for every error, 401
 * for a missing or unknown key, a debtor "not found" worded its own way, and how a name search matches:
 *   loose       case-insensitive substring, across scripts through its own simple transliteration;
 *   whole-word  case-insensitive whole words, in the script of the query only.
 * Every answer is cut at `pageSize` records, as real services do without saying so.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BankruptcyRecord, Dataset, FaRecord, SanctionsRecord } from './dataset.js';

export type SearchMode = 'loose' | 'whole-word';

export interface ServerOptions {
  readonly mode: SearchMode;
  readonly pageSize: number;
  readonly apiKey: string;
}

export interface RunningServer {
  readonly url: string;
  readonly requests: () => number;
  close(): Promise<void>;
}

const SIMPLE_LATIN: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  ґ: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  є: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  і: 'i',
  ї: 'i',
  й: 'i',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ў: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'iu',
  я: 'ia',
  "'": '',
  '’': '',
  ʼ: '',
};

/** Lower case folded to Latin letter by letter (the service's own idea of "cross-script"). */
export function foldLoose(text: string): string {
  let out = '';
  for (const ch of text.toLowerCase()) out += SIMPLE_LATIN[ch] ?? ch;
  return out;
}

const words = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{M}\p{N}'’ʼ"]+/gu) ?? [];

export function nameMatches(mode: SearchMode, query: string, field: string | null | undefined): boolean {
  if (field === null || field === undefined || field === '') return false;
  if (mode === 'loose') {
    const q = query.toLowerCase().trim();
    return field.toLowerCase().includes(q) || foldLoose(field).includes(foldLoose(q));
  }
  const own = new Set(words(field));
  const asked = words(query);
  return asked.length > 0 && asked.every((w) => own.has(w));
}

const FA_PARAMS = new Set([
  'name',
  'address',
  'added',
  'birth_date',
  'inn',
  'ogrn',
  'violated_act',
  'source_domen_names',
  'agent_type',
  'registration_number',
  'snils',
  'participants_full_name',
  'decision_publication_date',
  'special_account_number',
  'bank_name',
  'bik',
  'correspondent_account_number',
  'special_account_open_date',
  'date_of_bank_agreement',
]);
const SANCTIONS_PARAMS = new Set([
  'name',
  'name_local',
  'edrpou',
  'address',
  'birth_date',
  'birth_place',
  'entity_type',
]);
const NAME_PARAMS = new Set([
  'name',
  'name_local',
  'address',
  'participants_full_name',
  'violated_act',
  'bank_name',
]);

class BadRequest extends Error {}

function filterBy<T>(
  mode: SearchMode,
  params: URLSearchParams,
  allowed: Set<string>,
  records: readonly T[],
  field: (r: T, key: string) => string | null,
): T[] {
  const keys = [...params.keys()];
  if (keys.length === 0) throw new BadRequest('at least one search parameter is required');
  const unknown = keys.find((k) => !allowed.has(k));
  if (unknown !== undefined) throw new BadRequest(`unknown parameter ${unknown}`);
  return records.filter((r) =>
    keys.every((k) => {
      const asked = params.get(k) ?? '';
      const value = field(r, k);
      return NAME_PARAMS.has(k)
        ? nameMatches(mode, asked, value)
        : (value ?? '').toLowerCase() === asked.toLowerCase();
    }),
  );
}

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

const DICTIONARIES = [
  { name: 'Banks', description: 'Справочник банков' },
  { name: 'Regions', description: 'Регионы' },
  { name: 'Currency', description: 'Валюты' },
];

function route(data: Dataset, options: ServerOptions, url: URL): [number, unknown] {
  const p = url.searchParams;
  const cut = <T>(items: T[]): T[] => items.slice(0, options.pageSize);
  switch (url.pathname) {
    case '/reg2/dictionary':
      return [200, DICTIONARIES];
    case '/lists/search/minjust_foreign_agent':
      return [
        200,
        cut(filterBy(options.mode, p, FA_PARAMS, data.foreignAgents, (r: FaRecord, k) => r.data[k] ?? '')),
      ];
    case '/lists/search/sanctions':
      return [
        200,
        cut(
          filterBy(options.mode, p, SANCTIONS_PARAMS, data.sanctions, (r: SanctionsRecord, k) => {
            const v = (r.data as Record<string, string | null>)[k];
            return v ?? null;
          }),
        ),
      ];
    case '/lists/search-data/bankruptcy': {
      const s = p.get('search_string');
      if (s === null || s.trim() === '') throw new BadRequest('search_string is required');
      const found = data.bankruptcy.filter(
        (r: BankruptcyRecord) => r.inn === s.trim() || nameMatches(options.mode, s, r.name),
      );
      return [200, cut(found)];
    }
    case '/reg2/client/debt': {
      const inn = p.get('inn') ?? '';
      if (!/^\d{12}$/u.test(inn)) throw new BadRequest('inn must be 12 digits');
      return [
        200,
        {
          snils: '',
          category: '',
          region: '',
          address: '',
          fio: '',
          inn: '',
          extrajudicialBankruptcy: '',
          legalCase: { number: '', managerFio: '', description: '', date: '' },
          message: 'Клиент в базе должников не найден',
        },
      ];
    }
  }
  const dictionary = /^\/reg2\/dictionary\/([^/]+)$/u.exec(url.pathname);
  if (dictionary !== null) {
    const name = decodeURIComponent(dictionary[1] ?? '');
    if (!DICTIONARIES.some((d) => d.name === name))
      return [404, { status: 'error', reason: 'no such dictionary' }];
    const limit = Number(p.get('limit') ?? 20);
    const offset = Number(p.get('offset') ?? 0);
    return [200, { success: true, data: { name, total: 0, limit, offset, items: [] } }];
  }
  return [404, { status: 'error', reason: 'no such operation' }];
}

export async function startServer(data: Dataset, options: ServerOptions): Promise<RunningServer> {
  let requests = 0;
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    requests += 1;
    if (req.method !== 'GET') return json(res, 405, { status: 'error', reason: 'method not allowed' });
    if (req.headers['x-api-key'] !== options.apiKey)
      return json(res, 401, { status: 'error', reason: 'bad api key' });
    try {
      const [status, body] = route(data, options, new URL(req.url ?? '/', 'http://localhost'));
      json(res, status, body);
    } catch (error) {
      if (error instanceof BadRequest) json(res, 400, { status: 'error', reason: error.message });
      else json(res, 500, { status: 'error', reason: 'internal' });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => requests,
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
