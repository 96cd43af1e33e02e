import { posix } from 'node:path';
import { KycError } from '../../errors.js';
import { readXml } from './xml.js';
import type { ZipArchive } from './zip-archive.js';

/** Small parts are read whole: 16 MiB is far beyond any real workbook.xml, styles.xml or relationships. */
const SMALL_PART_BYTES = 16 * 1024 * 1024;
const OFFICE_DOCUMENT = /\/officeDocument$/u;

export interface SheetRef {
  readonly name: string;
  /** Its part in the archive, e.g. `xl/worksheets/sheet1.xml`. */
  readonly part: string;
  readonly hidden: boolean;
}

async function text(zip: ZipArchive, part: string): Promise<string> {
  return (await zip.read(part, SMALL_PART_BYTES)).toString('utf8');
}

/** A part's relationships: id → target part, resolved against the part's folder. */
async function relationships(
  zip: ZipArchive,
  part: string,
): Promise<Map<string, { type: string; part: string }>> {
  const relsPart = posix.join(posix.dirname(part), '_rels', `${posix.basename(part)}.rels`);
  const out = new Map<string, { type: string; part: string }>();
  if (!zip.names.has(relsPart)) return out;
  readXml(relsPart, await text(zip, relsPart), {
    open(name, attributes) {
      const { Id: id, Target: target, Type: type = '' } = attributes;
      if (name !== 'Relationship' || !id || !target) return;
      const resolved = target.startsWith('/') ? target.slice(1) : posix.join(posix.dirname(part), target);
      out.set(id, { type, part: posix.normalize(resolved) });
    },
  });
  return out;
}

export async function workbookPart(zip: ZipArchive): Promise<string> {
  for (const rel of (await relationships(zip, '')).values())
    if (OFFICE_DOCUMENT.test(rel.type) && zip.names.has(rel.part)) return rel.part;
  if (zip.names.has('xl/workbook.xml')) return 'xl/workbook.xml';
  throw new KycError('KYC_ERR_INPUT_XLSX', 'the ZIP archive holds no Excel workbook (no xl/workbook.xml)');
}

/** The sheets in the workbook's own order, with the parts that hold them. */
export async function sheetsOf(zip: ZipArchive, workbook: string): Promise<SheetRef[]> {
  const rels = await relationships(zip, workbook);
  const sheets: SheetRef[] = [];
  readXml(workbook, await text(zip, workbook), {
    open(name, attributes) {
      const target = name === 'sheet' && attributes.id ? rels.get(attributes.id) : undefined;
      if (target && zip.names.has(target.part))
        sheets.push({
          name: attributes.name ?? target.part,
          part: target.part,
          hidden: attributes.state !== undefined && attributes.state !== 'visible',
        });
    },
  });
  if (sheets.length === 0) throw new KycError('KYC_ERR_INPUT_XLSX', 'the workbook has no worksheet');
  return sheets;
}

/** The related part of a given type (sharedStrings, styles), if the workbook has one. */
export async function relatedPart(
  zip: ZipArchive,
  workbook: string,
  type: RegExp,
): Promise<string | undefined> {
  for (const rel of (await relationships(zip, workbook)).values())
    if (type.test(rel.type) && zip.names.has(rel.part)) return rel.part;
  return undefined;
}
