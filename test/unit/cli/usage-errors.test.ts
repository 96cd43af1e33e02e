import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { environmentHelp, exitCodeHelp } from '../../../src/cli-ui/help-topics.js';
import { ENVIRONMENT } from '../../../src/settings/environment.js';
import { commandPath, usageLine } from '../../../src/cli-ui/usage-error.js';
import { EXIT } from '../../../src/errors.js';

/** The CLI as a user runs it; these commands all fail before anything is started. */
function kycScreen(...args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    encoding: 'utf8',
    env: { ...process.env, REDIS_URL: 'redis://127.0.0.1:1' },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('usage errors', () => {
  it.each([
    [['run', '--frobnicate', 'clients.csv'], /unknown option '--frobnicate'; see kyc-screen run --help$/],
    [['run', '--rate', 'abc', 'clients.csv'], /--rate must be a positive number; see kyc-screen run --help$/],
    [
      ['schedule', 'add', '--input', 'x.csv'],
      /required option '--cron <pattern>' not specified; see kyc-screen schedule add --help$/,
    ],
    [['frobnicate'], /unknown command 'frobnicate'; see kyc-screen --help$/],
  ])(
    'kyc-screen %j prints one KYC_ERR_USAGE line and exits 2',
    (args, reason) => {
      const { status, stdout, stderr } = kycScreen(...args);
      expect(status).toBe(EXIT.USAGE);
      expect(stdout).toBe('');
      const lines = stderr.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('npm warn'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^KYC_ERR_USAGE: /);
      expect(lines[0]).toMatch(reason);
    },
    90_000,
  );

  it('marks required options in help and lists the environment and exit codes in the top-level help', () => {
    const sub = kycScreen('schedule', 'add', '--help');
    expect(sub.status).toBe(0);
    expect(sub.stdout).toMatch(/--input <path>[\s\S]*\(required\)/);
    const top = kycScreen('--help');
    expect(top.status).toBe(0);
    for (const { name } of ENVIRONMENT) expect(top.stdout).toContain(name);
    expect(top.stdout).toContain('Exit codes:');
    expect(top.stdout).toMatch(/\n\s+6\s+Redis missing or unreachable/);
  }, 90_000);

  it("says where the desk is and what a workbook input is in the commands' own help", () => {
    const dashboard = kycScreen('dashboard', '--help');
    expect(dashboard.status).toBe(0);
    expect(dashboard.stdout).toContain('/desk');
    expect(dashboard.stdout).toContain('KYC_API_TOKENS');
    const run = kycScreen('run', '--help');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('.xlsx');
    expect(run.stdout).toContain('--delimiter');
  }, 90_000);

  it('names the nested command the line was about, never an argument that looks like one', () => {
    const program = new Command('kyc-screen');
    program.command('schedule').command('add');
    program.command('run');
    expect(commandPath(program, ['schedule', '--x', 'add', 'list'])).toEqual(['schedule', 'add']);
    expect(commandPath(program, ['run', 'schedule'])).toEqual(['run']);
    expect(usageLine(program, ['run'], "error: unknown option '--x'")).toBe(
      "KYC_ERR_USAGE: unknown option '--x'; see kyc-screen run --help",
    );
  });
});

/** The variables of a markdown table whose rows start with a backquoted name: `| \`KYC_RATE\` | … |`. */
function tableVariables(path: string): string[] {
  const text = readFileSync(path, 'utf8');
  return [...new Set([...text.matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map((m) => m[1] ?? ''))].sort();
}

describe('help topics', () => {
  it('lists exactly the environment variables of the full table in docs/configuration.md', () => {
    const listed = ENVIRONMENT.map(({ name }) => name).sort();
    expect(listed).toEqual(tableVariables('docs/configuration.md'));
  });

  it('names in the README only environment variables that exist', () => {
    const listed = ENVIRONMENT.map(({ name }): string => name);
    const unknown = tableVariables('README.md').filter((name) => !listed.includes(name));
    expect(unknown).toEqual([]);
  });

  it('lists exactly the exit codes of the README table', () => {
    const readme = readFileSync('README.md', 'utf8');
    const start = readme.indexOf('## Exit codes');
    const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
    const documented = [...section.matchAll(/^\| (\d+) \|/gm)].map((m) => Number(m[1]));
    const codes = exitCodeHelp()
      .split('\n')
      .slice(1)
      .map((line) => Number(line.trim().split(/\s+/)[0]));
    expect(documented.sort((x, y) => x - y)).toEqual(codes.sort((x, y) => x - y));
  });

  it('lists every exit code of the catalog', () => {
    const text = exitCodeHelp();
    for (const code of Object.values(EXIT)) expect(text).toMatch(new RegExp(`\\n\\s+${code}\\s`));
    expect(environmentHelp()).toMatch(/^Environment variables/);
  });
});
