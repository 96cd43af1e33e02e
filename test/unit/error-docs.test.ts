import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CATALOG, isErrorCode } from '../../src/errors.js';

/** The rows of docs/errors.md: `| \`KYC_ERR_X\` | exit | message | what to do |`. */
function documentedRows(): { readonly code: string; readonly exit: string; readonly todo: string }[] {
  const page = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');
  return [...page.matchAll(/^\| `(KYC_ERR_[A-Z0-9_]+)` \| ([^|]*) \|(.*)\| ([^|]*) \|$/gm)].map((m) => ({
    code: m[1] ?? '',
    exit: (m[2] ?? '').trim(),
    todo: (m[4] ?? '').trim(),
  }));
}

describe('docs/errors.md', () => {
  const rows = documentedRows();
  const documented = rows.map((row) => row.code);

  it('documents every code of the catalog', () => {
    const undocumented = Object.keys(CATALOG).filter((code) => !documented.includes(code));
    expect(undocumented, `codes of src/errors.ts without a row in docs/errors.md`).toEqual([]);
  });

  it('documents no code that the catalog lacks, and each code once', () => {
    expect(documented.filter((code) => !isErrorCode(code))).toEqual([]);
    expect(documented.filter((code, index) => documented.indexOf(code) !== index)).toEqual([]);
  });

  it("gives each code the catalog's exit status (— for row codes, which never stop a run) and what to do", () => {
    const wrong = rows.flatMap(({ code, exit, todo }) => {
      if (!isErrorCode(code)) return [];
      const expected = code.startsWith('KYC_ERR_ROW_') ? '—' : String(CATALOG[code].exit);
      const problems = [];
      if (exit !== expected) problems.push(`${code}: exit ${exit}, catalog ${expected}`);
      if (todo.length < 10) problems.push(`${code}: no advice`);
      return problems;
    });
    expect(wrong).toEqual([]);
  });
});
