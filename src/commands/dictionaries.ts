import { Option, type Command } from 'commander';
import { environment } from '../settings/environment.js';
import { loadConfig } from '../config.js';
import { KycError } from '../errors.js';
import { encodeCsvRecord, type CsvFormat } from '../export/csv-format.js';
import { startLookupRuntime } from '../runs/runtime.js';
import { isRegistryError, type RegistryClient } from '../upstream/client/index.js';
import { positiveInt } from './shared-options.js';

export type DictionaryFormat = 'table' | 'csv';

export interface DictionariesOptions {
  readonly search?: string;
  readonly format: DictionaryFormat;
  readonly pageSize: number;
}

/** Where the command writes: data to `out` (stdout), notices to `err` (stderr). */
export interface DictionariesIo {
  out(text: string): void;
  err(text: string): void;
}

const CSV: CsvFormat = { encoding: 'utf-8', bom: false, delimiter: ',' };
/** Table cells longer than this are cut, so that one long address does not push every column off screen. */
const TABLE_CELL_MAX = 60;

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** Column names in order of first appearance: item shapes other than Banks' are not in the spec. */
function columnsOf(items: readonly Readonly<Record<string, unknown>>[]): string[] {
  const columns = new Set<string>();
  for (const item of items) for (const key of Object.keys(item)) columns.add(key);
  return [...columns];
}

function renderTable(columns: readonly string[], rows: readonly (readonly string[])[]): string {
  const flat = rows.map((row) =>
    row.map((cell) => {
      const one = cell.replace(/\s+/g, ' ');
      return one.length > TABLE_CELL_MAX ? `${one.slice(0, TABLE_CELL_MAX - 1)}…` : one;
    }),
  );
  const widths = columns.map((c, i) => Math.max(c.length, ...flat.map((row) => row[i]?.length ?? 0)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(columns), line(widths.map((w) => '-'.repeat(w))), ...flat.map(line)].join('\n') + '\n';
}

function render(
  columns: readonly string[],
  items: readonly Readonly<Record<string, unknown>>[],
  format: DictionaryFormat,
): string {
  const rows = items.map((item) => columns.map((column) => cellText(item[column])));
  if (format === 'table') return renderTable(columns, rows);
  // The same RFC 4180 writer as verdicts.csv, formula injection neutralised included.
  return [columns, ...rows].map((row) => encodeCsvRecord(row, CSV).toString('utf8')).join('');
}

/** The dictionaries of the service (spec 4.1); `search` filters codes and descriptions here, not upstream. */
export async function listDictionaries(
  registry: RegistryClient,
  options: DictionariesOptions,
  io: DictionariesIo,
): Promise<number> {
  const { data } = await registry.listDictionaries();
  const needle = options.search?.toLowerCase();
  const shown = needle
    ? data.filter(
        (d) => d.name.toLowerCase().includes(needle) || d.description.toLowerCase().includes(needle),
      )
    : data;
  io.out(render(['name', 'description'], shown, options.format));
  if (options.format === 'table') io.err(`${shown.length} dictionaries\n`);
  return shown.length;
}

/**
 * Every value of one dictionary (spec 4.2), paged with the client's iterator until `total`, which refuses
 * a truncated dictionary rather than printing part of it as if it were whole.
 */
export async function printDictionary(
  registry: RegistryClient,
  name: string,
  options: DictionariesOptions,
  io: DictionariesIo,
): Promise<number> {
  const items: Readonly<Record<string, unknown>>[] = [];
  try {
    for await (const item of registry.iterateDictionary(name, {
      pageSize: options.pageSize,
      ...(options.search ? { search: options.search } : {}),
    }))
      items.push(item);
  } catch (error) {
    if (isRegistryError(error) && error.status === 404) throw await unknownDictionary(registry, name, error);
    throw error;
  }
  io.out(render(columnsOf(items), items, options.format));
  if (options.format === 'table') io.err(`${items.length} values of ${name}\n`);
  return items.length;
}

/** Codes are case-sensitive (`Banks` and `banks` differ), the likeliest slip: name the code that was meant. */
async function unknownDictionary(registry: RegistryClient, name: string, cause: unknown): Promise<KycError> {
  const { data } = await registry.listDictionaries();
  const near = data.filter((d) => d.name.toLowerCase() === name.toLowerCase()).map((d) => d.name);
  const hint = near.length > 0 ? `; codes are case-sensitive: did you mean ${near.join(' or ')}?` : '';
  return new KycError(
    'KYC_ERR_USAGE',
    `unknown dictionary "${name}"${hint} (kyc-screen dictionaries lists them)`,
    {
      cause,
    },
  );
}

/** `kyc-screen dictionaries [NAME]`: against KYC_API_URL or the built-in emulator; never starts Redis. */
export async function dictionariesAction(
  name: string | undefined,
  options: DictionariesOptions,
  io: DictionariesIo,
  env: NodeJS.ProcessEnv = environment(),
): Promise<number> {
  const config = loadConfig(env);
  // Listing dictionaries screens nobody: the emulator may answer without an opt-in (loudly announced).
  const lookup = await startLookupRuntime(config, {
    announce: (message) => io.err(`${message}\n`),
    implicitEmulator: true,
  });
  try {
    return name === undefined
      ? await listDictionaries(lookup.registry, options, io)
      : await printDictionary(lookup.registry, name, options, io);
  } finally {
    await lookup.close();
  }
}

export function registerDictionariesCommand(program: Command): void {
  program
    .command('dictionaries')
    .description('list the reference dictionaries of the Lookup Service, or print every value of one')
    .argument('[name]', 'dictionary code, case-sensitive (e.g. Banks); without it, the list of dictionaries')
    .option('--search <text>', 'only values matching this text (the service’s search); filters the list too')
    .addOption(new Option('--format <format>', 'output format').choices(['table', 'csv']).default('table'))
    .option('--page-size <n>', 'values asked per page', positiveInt('--page-size'), 100)
    .action(async (name: string | undefined, options: DictionariesOptions) => {
      await dictionariesAction(name, options, {
        out: (text) => process.stdout.write(text),
        err: (text) => process.stderr.write(text),
      });
    });
}
