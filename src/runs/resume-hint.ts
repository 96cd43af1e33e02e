import { existsSync, readFileSync } from 'node:fs';
import { systemVariable } from '../settings/environment.js';
import { delimiter, join } from 'node:path';

/** Where to look for the command: the PATH, and the directory a checkout is used from. */
export interface CommandContext {
  readonly path: string | undefined;
  readonly cwd: string;
  /** Executable suffixes on Windows (PATHEXT); one empty suffix elsewhere. */
  readonly extensions?: readonly string[];
}

function onPath(name: string, context: CommandContext): boolean {
  const extensions = context.extensions ?? [''];
  return (context.path ?? '')
    .split(delimiter)
    .filter((dir) => dir.length > 0)
    .some((dir) => extensions.some((ext) => existsSync(join(dir, `${name}${ext}`))));
}

/** A checkout of kyc-screen itself: the directory holds its package.json and its bin script. */
function isCheckout(cwd: string): boolean {
  try {
    const manifest = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8')) as { name?: unknown };
    return manifest.name === 'kyc-screen' && existsSync(join(cwd, 'bin', 'kyc-screen.js'));
  } catch {
    return false;
  }
}

/**
 * The words that start kyc-screen where the operator is, so that a printed hint can be pasted: the
 * installed command when it is on the PATH, `node bin/kyc-screen.js` in a checkout (where it is not),
 * else `npx kyc-screen` (a project that has it as a dependency).
 */
export function kycScreenCommand(context: CommandContext = currentContext()): string {
  if (onPath('kyc-screen', context)) return 'kyc-screen';
  if (isCheckout(context.cwd)) return 'node bin/kyc-screen.js';
  return 'npx kyc-screen';
}

function currentContext(): CommandContext {
  return {
    path: systemVariable('PATH'),
    cwd: process.cwd(),
    ...(process.platform === 'win32'
      ? { extensions: (systemVariable('PATHEXT') ?? '.CMD;.EXE').split(';').map((e) => e.toLowerCase()) }
      : {}),
  };
}

/** The command that resumes a run, ready to paste. */
export function resumeHint(runId: string, context?: CommandContext): string {
  return `${kycScreenCommand(context)} run --resume ${runId}`;
}
