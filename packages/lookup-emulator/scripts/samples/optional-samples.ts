/**
 * samples/clients-optional.csv: clients with the columns of the optional checks (e-mail, card, cadastral
 * number, owner), one row per case the checks tell apart against the reference emulator. Written by
 * `npm run samples` with the other samples; its README section comes from here too.
 *
 * Names are clean (reserved surnames of packages/lookup-emulator/data/planted.json), so the core checks are CLEAR
 * and the verdict of each row is the optional checks' own. The one exception is the planted foreign agent ООО "Северный
 * ветер", whose register entry names an authorised bank: its row shows the Banks dictionary evidence.
 * Card numbers are computed (Luhn) rather than typed, so the valid ones are valid by construction.
 */
import { stringify } from 'csv-stringify/sync';
import { completeLuhn } from '../../src/check-digits.js';

export const OPTIONAL_HEADER = [
  'client_id',
  'full_name',
  'birth_date',
  'inn',
  'entity_type',
  'email',
  'card',
  'cadastral_number',
  'owner_name',
  'note',
] as const;

type Column = (typeof OPTIONAL_HEADER)[number];

export interface OptionalSampleRow {
  readonly cells: Readonly<Partial<Record<Column, string>>>;
  /** Expected verdict and statuses, default settings unless the text says otherwise. */
  readonly expect: string;
}

/** A valid 16-digit number on a BIN: the BIN, nine body digits, the Luhn check digit. */
function card(bin: string, body: string): string {
  return completeLuhn(bin + body);
}

/** The same with the check digit off by one: a number that fails Luhn. */
function badCard(bin: string, body: string): string {
  const good = card(bin, body);
  return good.slice(0, -1) + String((Number(good.at(-1)) + 1) % 10);
}

const group = (n: string) => n.replace(/(\d{4})(?=\d)/g, '$1 ');

export const MIR_SBER_CARD = card('220220', '001234567');
export const LUHN_FAILING_CARD = badCard('220220', '009876543');
export const CYPRUS_CARD = card('450875', '000011122');

const person = (
  id: string,
  name: string,
  birth: string,
  cells: OptionalSampleRow['cells'],
  expect: string,
) => ({
  cells: { client_id: id, full_name: name, birth_date: birth, entity_type: 'person', ...cells },
  expect,
});

export const OPTIONAL_ROWS: readonly OptionalSampleRow[] = [
  person(
    'OPT-EMAIL-CLEAN',
    'Белоусов Андрей Петрович',
    '1979-06-02',
    { email: 'andrey.belousov@mail.ru', note: 'ordinary address' },
    'CLEAR (email CLEAR; with --smtp: ALLOW)',
  ),
  person(
    'OPT-EMAIL-DISPOSABLE',
    'Воронцова Ирина Сергеевна',
    '1990-01-17',
    { email: 'irina.v@mailinator.com', note: 'disposable mail service' },
    'REVIEW (email FLAG EMAIL_DISPOSABLE)',
  ),
  person(
    'OPT-EMAIL-NOT-ADDRESS',
    'Гончаров Павел Ильич',
    '1985-12-30',
    { email: 'pavel.goncharov(at)mail.ru', note: 'not an address: flagged without a call' },
    'REVIEW (email FLAG EMAIL_INVALID), warning KYC_ERR_ROW_EMAIL_FORMAT',
  ),
  person(
    'OPT-EMAIL-NO-MX',
    'Дорофеева Мария Олеговна',
    '1993-04-08',
    { email: 'maria@no-mx-here.ru', note: 'domain without mail exchangers' },
    'CLEAR without --smtp; REVIEW with --smtp (EMAIL_INVALID, EMAIL_RECOMMENDATION_DECLINE)',
  ),
  person(
    'OPT-CARD-MIR',
    'Ефремов Олег Викторович',
    '1969-08-21',
    { card: group(MIR_SBER_CARD), note: 'MIR card of a Russian bank, full number' },
    'CLEAR (card CLEAR: MIR, ПАО Сбербанк, RUS)',
  ),
  person(
    'OPT-CARD-LUHN',
    'Журавлёва Анна Денисовна',
    '1997-02-14',
    { card: LUHN_FAILING_CARD, note: 'full number failing the Luhn check' },
    'REVIEW (card FLAG CARD_LUHN_FAILED), warning KYC_ERR_ROW_CARD_FORMAT',
  ),
  person(
    'OPT-CARD-FOREIGN',
    'Зиновьев Артур Маратович',
    '1981-10-03',
    { card: CYPRUS_CARD, note: 'VISA of a Cypriot bank' },
    'CLEAR by default; REVIEW with --card-risk-countries CYP (CARD_RISK_COUNTRY)',
  ),
  person(
    'OPT-CARD-MASKED',
    'Калашникова Вера Андреевна',
    '1975-05-25',
    { card: '2200 24** **** 7788', note: 'masked in the export: looked up by its BIN' },
    'CLEAR (card CLEAR: MIR, Банк ВТБ), warning KYC_ERR_ROW_CARD_FORMAT',
  ),
  person(
    'OPT-CARD-UNREADABLE',
    'Лаврентьев Семён Юрьевич',
    '1988-07-11',
    { card: '1234 56', note: 'too short to be a card' },
    'CLEAR (card SKIPPED CARD_SKIPPED_UNREADABLE), warning KYC_ERR_ROW_CARD_FORMAT',
  ),
  person(
    'OPT-CAD-ENCUMBERED',
    'Мещеряков Глеб Романович',
    '1972-03-19',
    { cadastral_number: '77:01:0001057:1024', note: 'flat with a mortgage' },
    'REVIEW (cadastral FLAG CADASTRAL_ENCUMBRANCES)',
  ),
  person(
    'OPT-CAD-CLEAN',
    'Нестерова Алла Борисовна',
    '1966-11-29',
    { cadastral_number: '77:01:0001057:1025', note: 'clean flat, no owner: bailiff check skipped' },
    'CLEAR (cadastral CLEAR, CADASTRAL_FSSP_SKIPPED)',
  ),
  person(
    'OPT-CAD-UNKNOWN-REF',
    'Овчинников Тимур Львович',
    '1983-09-09',
    { cadastral_number: '50:21:0140105:2277', note: 'the reference service does not know it' },
    'REVIEW (cadastral FLAG CADASTRAL_SOURCE_ERROR_ROSREESTR_SPRAV)',
  ),
  person(
    'OPT-CAD-NOWHERE',
    'Прохорова Инна Кирилловна',
    '1991-06-06',
    { cadastral_number: '77:01:0000001:99999', note: 'no source knows it: null, not false' },
    'REVIEW (cadastral FLAG CADASTRAL_UNKNOWN, CADASTRAL_SOURCE_ERROR_NSPD, CADASTRAL_SOURCE_ERROR_ROSREESTR_SPRAV)',
  ),
  person(
    'OPT-CAD-OWNER-ACTIVE',
    'Рыбаков Антон Ильич',
    '1977-01-31',
    {
      cadastral_number: '77:01:0001057:1025',
      owner_name: 'Кравченко Максим Олегович',
      note: 'owner with two active bailiff proceedings (POST form)',
    },
    'REVIEW (cadastral FLAG CADASTRAL_ACTIVE_FSSP)',
  ),
  person(
    'OPT-CAD-OWNER-FINISHED',
    'Тихомирова Елена Павловна',
    '1970-12-12',
    {
      cadastral_number: '77:01:0001057:1025',
      owner_name: 'Гусев Илья Романович',
      note: 'owner with a finished proceeding only',
    },
    'CLEAR (cadastral CLEAR, bailiff check ran)',
  ),
  person(
    'OPT-CAD-OWNER-ONE-WORD',
    'Уваров Роман Сергеевич',
    '1986-04-22',
    {
      cadastral_number: '77:01:0001057:1025',
      owner_name: 'Зуева',
      note: 'a surname alone: the bailiff source fails',
    },
    'REVIEW (cadastral FLAG CADASTRAL_SOURCE_ERROR_FSSP)',
  ),
  person(
    'OPT-CAD-MALFORMED',
    'Филатова Ксения Игоревна',
    '1995-08-15',
    { cadastral_number: '77:01:ABC', note: 'malformed cadastral number' },
    'CLEAR (cadastral SKIPPED CADASTRAL_SKIPPED_UNREADABLE), warning KYC_ERR_ROW_CADASTRAL_FORMAT',
  ),
  person(
    'OPT-ALL-CLEAN',
    'Харитонов Денис Аркадьевич',
    '1980-02-02',
    {
      email: 'd.kharitonov@yandex.ru',
      card: group(card('220070', '000055511')),
      cadastral_number: '77:01:0001057:1025',
      owner_name: 'Харитонов Денис Аркадьевич',
      note: 'every optional check, all clean',
    },
    'CLEAR (email, card and cadastral CLEAR)',
  ),
  person(
    'OPT-NONE',
    'Шубина Дарья Максимовна',
    '1999-09-19',
    { note: 'no optional cell: every optional check SKIPPED' },
    'CLEAR (email, card, cadastral SKIPPED)',
  ),
  {
    cells: {
      client_id: 'OPT-FA-BANK',
      full_name: 'ООО "Северный ветер"',
      inn: '7701234560',
      entity_type: 'organization',
      email: 'info@veter.example',
      note: 'planted foreign agent FA-ORG-INN: its bank (BIK 044525225) from the Banks dictionary',
    },
    expect: 'HIT (foreign_agent MATCH FA-0002, bank evidence; email CLEAR)',
  },
];

export interface OptionalSample {
  readonly csv: string;
  readonly readme: string;
}

export function buildOptionalSample(): OptionalSample {
  const records = [
    [...OPTIONAL_HEADER],
    ...OPTIONAL_ROWS.map((row) => OPTIONAL_HEADER.map((column) => row.cells[column] ?? '')),
  ];
  const csv = stringify(records, { record_delimiter: '\n' });
  const table = OPTIONAL_ROWS.map(
    (row, i) => `| ${i + 1} | ${row.cells.client_id ?? ''} | ${row.cells.note ?? ''} | ${row.expect} |`,
  );
  const readme = `
## clients-optional.csv

UTF-8, \`,\`, LF. Clients with the columns of the optional checks (\`email\`, \`card\`, \`cadastral_number\`,
\`owner_name\`; see docs/optional-checks.md), one row per case they tell apart; \`note\` is passed through.
By default a run of this file adds the e-mail, card and cadastral checks to the four core ones. Names are
clean, so the core checks are CLEAR except on the last row. Card numbers are masked in verdicts.csv. Written
by \`packages/lookup-emulator/scripts/samples/optional-samples.ts\` (called from the generator). ${OPTIONAL_ROWS.length} data rows.

| row | id | case | expected |
|---:|---|---|---|
${table.join('\n')}
`;
  return { csv, readme };
}
