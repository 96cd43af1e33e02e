import { ENVIRONMENT, type EnvironmentSetting } from './environment.js';

/**
 * The environment table of docs/configuration.md, made from ENVIRONMENT: `npm run docs:config` writes it
 * into the page and a unit test checks the page holds it as made, row for row.
 */

export const ENVIRONMENT_TABLE_HEADER = '| variable | default | meaning |';

function defaultCell(setting: EnvironmentSetting): string {
  if (setting.docDefault !== undefined) return setting.docDefault;
  return setting.default !== undefined ? `\`${setting.default}\`` : 'none';
}

function meaningCell(setting: EnvironmentSetting): string {
  const flags = setting.flags?.filter((flag) => !setting.doc.includes(flag)) ?? [];
  return flags.length === 0
    ? setting.doc
    : `${setting.doc}; flag: ${flags.map((f) => `\`${f}\``).join(', ')}`;
}

export function environmentTableMarkdown(): string {
  const rows = ENVIRONMENT.map(
    (setting: EnvironmentSetting) =>
      `| \`${setting.name}\` | ${defaultCell(setting)} | ${meaningCell(setting)} |`,
  );
  return [ENVIRONMENT_TABLE_HEADER, '|---|---|---|', ...rows].join('\n');
}

/** The page with its environment table replaced by `table`; the table runs to the first blank line. */
export function withEnvironmentTable(page: string, table: string): string {
  const start = page.indexOf(ENVIRONMENT_TABLE_HEADER);
  if (start < 0) throw new Error(`no "${ENVIRONMENT_TABLE_HEADER}" line in the page`);
  const end = page.indexOf('\n\n', start);
  return `${page.slice(0, start)}${table}${end < 0 ? '\n' : page.slice(end)}`;
}
