import type { Command } from 'commander';
import { encodeFailure } from '../failure.js';

/** The subcommand path a command line names (`schedule add`), following only real command names. */
export function commandPath(program: Command, args: readonly string[]): string[] {
  const path: string[] = [];
  let current = program;
  for (const arg of args) {
    if (arg.startsWith('-')) continue;
    const next = current.commands.find((c) => c.name() === arg || c.aliases().includes(arg));
    if (!next) break;
    path.push(next.name());
    current = next;
  }
  return path;
}

/**
 * One line for a command line commander refused: the stable code, commander's reason without its
 * `error:` prefix, and where the full usage is.
 */
export function usageLine(program: Command, args: readonly string[], message: string): string {
  const reason = message
    .replace(/^error:\s*/i, '')
    .replace(/\s+/g, ' ')
    .trim();
  const help = [program.name(), ...commandPath(program, args), '--help'].join(' ');
  return encodeFailure({ code: 'KYC_ERR_USAGE', message: `${reason}; see ${help}` });
}
