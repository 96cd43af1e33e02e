import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { afterEach, describe, expect, it } from 'vitest';
import { environmentHelp } from '../../../src/cli-ui/help-topics.js';
import { registerCommands } from '../../../src/commands/index.js';
import { environmentTableMarkdown, withEnvironmentTable } from '../../../src/settings/environment-docs.js';
import { ENVIRONMENT, type EnvironmentSetting } from '../../../src/settings/environment.js';

const SRC = fileURLToPath(new URL('../../../src/', import.meta.url));
/** The one module that may read the process's environment. */
const SETTINGS_MODULE = join('settings', 'environment.ts');
const SYSTEM_VARIABLES = ['PATH', 'PATHEXT'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

/** `file:line` of every read of the process's environment under `root` but in the settings module. */
function environmentReads(root: string): string[] {
  const read =
    /\bprocess\s*(?:\.\s*env\b|\[\s*['"]env['"]\s*\])|\bimport\s*\{[^}]*\benv\b[^}]*\}\s*from\s*['"](?:node:)?process['"]/u;
  return sources(root)
    .filter((file) => relative(root, file) !== SETTINGS_MODULE)
    .flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (read.test(line) ? [`${relative(root, file)}:${i + 1}`] : [])),
    );
}

/** Names src/ reads from an environment: quoted KYC_ names, `env.NAME`, `env['NAME']`, `env: 'NAME'`. */
function namesRead(): Set<string> {
  const patterns = [
    /'(KYC_(?!ERR_)[A-Z0-9_]*[A-Z0-9])'/gu,
    /\benv\.([A-Z][A-Z0-9_]+)/gu,
    /\benv\[\s*'([A-Z][A-Z0-9_]+)'\s*\]/gu,
    /\benv:\s*'([A-Z][A-Z0-9_]+)'/gu,
    /\bplain\(\s*'([A-Z][A-Z0-9_]+)'/gu,
  ];
  const names = new Set<string>();
  for (const file of sources(SRC)) {
    if (relative(SRC, file) === SETTINGS_MODULE) continue;
    const text = readFileSync(file, 'utf8');
    for (const pattern of patterns) for (const m of text.matchAll(pattern)) if (m[1]) names.add(m[1]);
  }
  return names;
}

const declared = new Set<string>(ENVIRONMENT.map((setting: EnvironmentSetting) => setting.name));

describe('the settings table (src/settings/environment.ts)', () => {
  let scratch: string | undefined;
  afterEach(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
    scratch = undefined;
  });

  it('is the only module of src/ that reads process.env', () => {
    expect(environmentReads(SRC)).toEqual([]);
  });

  it('finds a read of process.env added anywhere else', () => {
    scratch = mkdtempSync(join(tmpdir(), 'kyc-env-reads-'));
    writeFileSync(join(scratch, 'a.ts'), "const url = process.env.KYC_API_URL;\nconst e = process['env'];\n");
    writeFileSync(join(scratch, 'b.ts'), "import { env } from 'node:process';\n");
    expect(environmentReads(scratch)).toEqual(['a.ts:1', 'a.ts:2', 'b.ts:1']);
  });

  it('declares every variable src/ reads, and src/ reads every variable it declares', () => {
    const read = namesRead();
    const allowed = (name: string) =>
      declared.has(name) ||
      SYSTEM_VARIABLES.includes(name) ||
      ENVIRONMENT.some((setting: EnvironmentSetting) => setting.secret && name === `${setting.name}_FILE`);
    expect([...read].filter((name) => !allowed(name)).sort()).toEqual([]);
    expect([...declared].filter((name) => !read.has(name)).sort()).toEqual([]);
  });

  it('names each variable once', () => {
    expect(declared.size).toBe(ENVIRONMENT.length);
  });

  it('names parsers that exist', async () => {
    const missing: string[] = [];
    for (const setting of ENVIRONMENT as readonly EnvironmentSetting[]) {
      const [file = '', exported = ''] = setting.parser.split('#');
      const module = (await import(join(SRC, file))) as Record<string, unknown>;
      if (typeof module[exported] !== 'function') missing.push(`${setting.name}: ${setting.parser}`);
    }
    expect(missing).toEqual([]);
  });

  it('names flags that some command has', () => {
    const program = new Command('kyc-screen');
    registerCommands(program);
    const longs = new Set<string>();
    const walk = (command: Command): void => {
      for (const option of command.options) if (option.long) longs.add(option.long);
      command.commands.forEach(walk);
    };
    walk(program);
    const flags = ENVIRONMENT.flatMap((setting: EnvironmentSetting) => setting.flags ?? []);
    expect(flags.length).toBeGreaterThan(0);
    expect(flags.filter((flag) => !longs.has(flag))).toEqual([]);
  });

  it('is what docs/configuration.md lists, row for row (npm run docs:config rewrites it)', () => {
    const page = readFileSync('docs/configuration.md', 'utf8');
    const table = environmentTableMarkdown();
    expect(withEnvironmentTable(page, table)).toBe(page);
    expect(table.split('\n')).toHaveLength(ENVIRONMENT.length + 2);
  });

  it("is what --help's environment section lists, line for line", () => {
    const lines = environmentHelp().split('\n').slice(1);
    expect(lines).toHaveLength(ENVIRONMENT.length);
    ENVIRONMENT.forEach((setting: EnvironmentSetting, i) => {
      expect(lines[i]).toMatch(new RegExp(`^  ${setting.name} +`, 'u'));
      expect(lines[i]).toContain(setting.help);
      for (const flag of setting.flags ?? []) expect(lines[i]).toContain(flag);
    });
  });
});
