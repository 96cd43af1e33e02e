import { crc32, deflateRawSync } from 'node:zlib';

/**
 * A minimal .xlsx writer for tests, written from ECMA-376 independently of the reader: text cells go to the
 * shared strings table (or inline, on request), numbers are written as numbers, dates as day serials with a
 * date style, as Excel itself stores them.
 */
export type TestCell =
  | string
  | number
  | null
  | { readonly date: string }
  | { readonly inline: string }
  | { readonly bool: boolean }
  | { readonly error: string };

export interface TestSheet {
  readonly name: string;
  readonly rows: readonly (readonly TestCell[])[];
  readonly hidden?: boolean;
  /** Written after the rows, inside <sheetData>, as is: rows a writer of bombs crafts by hand. */
  readonly rawRows?: string;
}

/** Parts written as given instead of the writer's own (a crafted shared strings table). */
export interface RawParts {
  readonly sharedStrings?: string;
}

function escapeXml(text: string): string {
  return text
    .replace(/&/gu, '&amp;')
    .replace(/</gu, '&lt;')
    .replace(/>/gu, '&gt;')
    .replace(/"/gu, '&quot;')
    .replace(
      // eslint-disable-next-line no-control-regex -- exactly the characters OOXML escapes as _xHHHH_
      /[\u0000-\u0008\u000b\u000c\u000d\u000e-\u001f]/gu,
      (c) => `_x${c.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}_`,
    );
}

function column(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    out = String.fromCharCode(65 + rem) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** Days since 1899-12-30, as Excel counts from 1900-03-01 on. */
function serialOf(iso: string): number {
  return Math.round((Date.parse(`${iso}T00:00:00Z`) - Date.UTC(1899, 11, 30)) / 86_400_000);
}

function sheetXml(sheet: TestSheet, strings: Map<string, number>): string {
  const rows = sheet.rows.map((cells, r) => {
    const xml = cells.map((cell, c) => {
      const ref = `${column(c)}${r + 1}`;
      if (cell === null) return '';
      if (typeof cell === 'number') return `<c r="${ref}"><v>${cell}</v></c>`;
      if (typeof cell === 'string') {
        if (!strings.has(cell)) strings.set(cell, strings.size);
        return `<c r="${ref}" t="s"><v>${strings.get(cell)}</v></c>`;
      }
      if ('date' in cell) return `<c r="${ref}" s="1"><v>${serialOf(cell.date)}</v></c>`;
      if ('inline' in cell)
        return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(cell.inline)}</t></is></c>`;
      if ('bool' in cell) return `<c r="${ref}" t="b"><v>${cell.bool ? 1 : 0}</v></c>`;
      return `<c r="${ref}" t="e"><v>${escapeXml(cell.error)}</v></c>`;
    });
    return `<row r="${r + 1}">${xml.join('')}</row>`;
  });
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows.join('')}${sheet.rawRows ?? ''}</sheetData></worksheet>`;
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

function parts(sheets: readonly TestSheet[], raw: RawParts): [string, string][] {
  const strings = new Map<string, number>();
  const sheetParts = sheets.map((s, i): [string, string] => [
    `xl/worksheets/sheet${i + 1}.xml`,
    sheetXml(s, strings),
  ]);
  const sst = [...strings.keys()].map((s) => `<si><t xml:space="preserve">${escapeXml(s)}</t></si>`).join('');
  return [
    [
      '[Content_Types].xml',
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>`,
    ],
    [
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets>${sheets
        .map(
          (s, i) =>
            `<sheet name="${escapeXml(s.name)}" sheetId="${i + 1}"${s.hidden ? ' state="hidden"' : ''} r:id="rId${i + 1}"/>`,
        )
        .join('')}</sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets
        .map(
          (_, i) =>
            `<Relationship Id="rId${i + 1}" Type="${REL}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
        )
        .join(
          '',
        )}<Relationship Id="rIdS" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rIdY" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    ],
    [
      'xl/styles.xml',
      `<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="${MAIN}"><numFmts count="1"><numFmt numFmtId="164" formatCode="dd\\.mm\\.yyyy"/></numFmts><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="164" applyNumberFormat="1"/></cellXfs></styleSheet>`,
    ],
    [
      'xl/sharedStrings.xml',
      raw.sharedStrings ??
        `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}" count="${strings.size}" uniqueCount="${strings.size}">${sst}</sst>`,
    ],
    ...sheetParts,
  ];
}

/** The workbook as ZIP bytes (deflated entries, local headers then the central directory). */
export function xlsxBytes(sheets: readonly TestSheet[], raw: RawParts = {}): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of parts(sheets, raw)) {
    const data = Buffer.from(text, 'utf8');
    const packed = deflateRawSync(data);
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0x0800, 8);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(packed.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(nameBytes.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    central.push(entry, nameBytes);
    offset += 30 + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(central.length / 2, 8);
  end.writeUInt16LE(central.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
