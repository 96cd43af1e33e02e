import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEvidenceLines, startTestPipeline, type TestPipeline } from '../../helpers/pipeline.js';

/**
 * Listed clients whose names carry invisible characters, control characters or look-alike letters of
 * another script, through the whole pipeline against the emulator's planted records: each is still a HIT,
 * the search went upstream with the cleaned name, and the output keeps the cell exactly as read. A
 * disguised name that matches no one is REVIEW, not CLEAR.
 */
interface Case {
  readonly id: string;
  readonly name: string;
  readonly birthDate?: string;
  readonly inn?: string;
  /** The status column that must say MATCH. */
  readonly column: 'kyc_foreign_agent' | 'kyc_sanctions';
  /** The cleaned search term the evidence must show for that check. */
  readonly searched: string;
}

const FA_PERSON = { birthDate: '1975-03-14', column: 'kyc_foreign_agent', searched: 'Ковалев' } as const;
const SA_PERSON = { birthDate: '1971-02-08', column: 'kyc_sanctions', searched: 'Щербаков' } as const;

const CASES: readonly Case[] = [
  {
    id: 'FA-ORG-RLM',
    name: 'ООО "Север\u200fный ветер"',
    inn: '7701234560',
    column: 'kyc_foreign_agent',
    searched: 'Северный ветер',
  },
  { id: 'FA-RLM', name: 'Кова\u200fлев Андрей Сергеевич', ...FA_PERSON },
  { id: 'FA-SOH', name: 'Кова\u0001лев Андрей Сергеевич', ...FA_PERSON },
  { id: 'FA-LOOKALIKE', name: 'Koвaлeв Андрей Сергеевич', ...FA_PERSON },
  { id: 'SA-SOH', name: 'Щерба\u0001ков Дмитрий Юрьевич', ...SA_PERSON },
  { id: 'SA-RLM', name: 'Щер\u200fбаков Дмитрий Юрьевич', ...SA_PERSON },
  { id: 'SA-CGJ', name: 'Щербак\u034fов Дмитрий Юрьевич', ...SA_PERSON },
  { id: 'SA-LOOKALIKE', name: 'Щepбaков Дмитрий Юрьевич', ...SA_PERSON },
  { id: 'SA-ZWJ-BOM', name: 'Щер\u200dба\ufeffков Дмитрий\u00a0Юрьевич', ...SA_PERSON },
  {
    id: 'SA-LATIN-CYRILLIC-O',
    name: 'TSVETKОVA Iuliia Aleksandrovna',
    birthDate: '1988-09-30',
    column: 'kyc_sanctions',
    searched: 'TSVETKOVA',
  },
  // Letters of a third script (Greek, Armenian, small capitals) and a Latin letter with no Cyrillic twin.
  { id: 'FA-GREEK', name: 'Κοвалев Андрей Сергеевич', ...FA_PERSON },
  { id: 'FA-ARMENIAN-LATIN-V', name: 'Кօvалев Андрей Сергеевич', ...FA_PERSON },
  { id: 'SA-SMALL-CAPITAL', name: 'Щербакᴏв Дмитрий Юрьевич', ...SA_PERSON },
  // A person's surname half in each script, shaped like a brand (`ЭкоLife`): a person's name never is one.
  { id: 'FA-TWO-SCRIPT-RUNS', name: 'Ковалev Андрей Сергеевич', ...FA_PERSON },
  // The emulator's generated listed person Гусев Кирилл Антонович (seed 42).
  {
    id: 'FA-GUSEV',
    name: 'Гусev Кирилл Антонович',
    birthDate: '1989-09-20',
    column: 'kyc_foreign_agent',
    searched: 'Гусев',
  },
  // Past the binary sniff's 64 KiB (the filler rows below): a NUL is cleaned like any control character.
  { id: 'SA-NUL-LATE', name: 'Щерба\u0000ков Дмитрий Юрьевич', ...SA_PERSON },
];

/** Rows with neither name nor identifier (INVALID, no calls) whose comment cells push the file past 64 KiB. */
/** Disguised names of no listed person: REVIEW for the disguise alone. */
const UNLISTED = [
  ['UNLISTED-GREEK', 'Пeтρов Иван Иванович'],
  ['UNLISTED-RLM', 'Сидо\u200fров Пётр Ильич'],
] as const;

const FILLER = Array.from({ length: 3 }, (_, i) => ['FILL-' + String(i), '', '', '', 'x'.repeat(30_000)]);

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

describe('obfuscated names of listed clients, end to end', () => {
  let pipeline: TestPipeline;
  let header: string[];
  let rows: string[][];
  let evidence: { row: number; warnings: { code: string }[]; checks: Record<string, unknown> }[];

  beforeAll(async () => {
    pipeline = await startTestPipeline();
    const dir = mkdtempSync(join(tmpdir(), 'kyc-obfuscated-'));
    const input = join(dir, 'clients.csv');
    const late = CASES.filter((c) => c.id.endsWith('-LATE'));
    const early = CASES.filter((c) => !c.id.endsWith('-LATE'));
    const line = (c: Case) => [c.id, c.name, c.birthDate ?? '', c.inn ?? '', ''];
    const lines = [
      ['client_id', 'full_name', 'birth_date', 'inn', 'comment'],
      ...early.map(line),
      ...UNLISTED.map(([id, name]) => [id, name, '', '', '']),
      ...FILLER,
      ...late.map(line),
    ];
    writeFileSync(input, lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n');
    const runId = await pipeline.submit(input, { outDir: dir });
    const { run } = await pipeline.finish(runId);
    [header = [], ...rows] = parse(readFileSync(run.out), { bom: true });
    evidence = readEvidenceLines(run.evidence);
  }, 180_000);

  afterAll(async () => {
    await pipeline.close();
  });

  const rowOf = (id: string) => rows.find((r) => r[0] === id);
  const col = (name: string) => header.indexOf(name);

  it.each(CASES.map((c) => [c.id, c] as const))('%s is a HIT with a MATCH', (_, c) => {
    const row = rowOf(c.id);
    expect(row, c.id).toBeDefined();
    expect(row?.[col('kyc_verdict')]).toBe('HIT');
    expect(row?.[col(c.column)]).toMatch(/^MATCH: /);
    expect(row?.[col('kyc_reasons')]).toContain('ROW_WARNING_NAME_OBFUSCATED');
    expect(row?.[col('kyc_reasons')]?.split('; ')).toContain('NAME_OBFUSCATED');
  });

  it.each(UNLISTED)('%s, a disguised name of no listed person, is REVIEW', (id) => {
    const row = rowOf(id);
    expect(row?.[col('kyc_verdict')]).toBe('REVIEW');
    expect(row?.[col('kyc_reasons')]?.split('; ')[0]).toBe('NAME_OBFUSCATED');
  });

  it('keeps every input cell exactly as read', () => {
    for (const c of CASES) {
      const row = rowOf(c.id);
      expect(row?.slice(0, 4), c.id).toEqual([c.id, c.name, c.birthDate ?? '', c.inn ?? '']);
    }
  });

  it('sent the cleaned name upstream, and nothing invisible at all', () => {
    for (const c of CASES) {
      const index = rows.findIndex((r) => r[0] === c.id);
      const line = evidence.find((e) => e.row === index + 1);
      expect(line?.warnings.map((w) => w.code)).toContain('KYC_ERR_ROW_NAME_OBFUSCATED');
      const kind = c.column === 'kyc_sanctions' ? 'sanctions' : 'foreign_agent';
      expect(JSON.stringify(line?.checks[kind]), c.id).toContain(`"name":"${c.searched}"`);
    }
    const requests = JSON.stringify(evidence.map((e) => e.checks));
    // JSON escapes control characters as \u00XX; the invisible ones would be there as they are.
    expect(requests).not.toMatch(/\\u00[01][0-9a-f]|[\u200b-\u200f\ufeff]|\u034f/);
  });
});
