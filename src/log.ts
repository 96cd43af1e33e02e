import { isIP } from 'node:net';
import { pino, type Logger, type DestinationStream } from 'pino';
import { maskUrlCredentials, type LogLevel } from './config.js';
import { openGuardedAppend } from './infra/guarded-file.js';
import { PRIVATE_FILE_MODE } from './infra/private-files.js';
import { REDACTED, redactPaths, scrubSecrets } from './redaction.js';

export type { Logger } from 'pino';

export interface LogOptions {
  readonly level: LogLevel;
  /** Values that must never appear in any log line (the API key). */
  readonly secrets?: readonly string[];
  /** A file path, or undefined for stderr; stdout is kept for the progress display and results. */
  readonly file?: string;
  readonly destination?: DestinationStream;
}

/**
 * `address` is a client's postal address in the domain, but the IP address of a Node.js connection error
 * (`connect ECONNREFUSED`): without it an operator cannot tell which Redis or service did not answer. An IP
 * address is never personal data of a client, so only that form is kept.
 */
function keepNetworkAddress(value: unknown, path: string[]): unknown {
  return path.at(-1) === 'address' && typeof value === 'string' && isIP(value) !== 0 ? value : REDACTED;
}

function scrubText(text: string, secrets: readonly string[]): string {
  return maskUrlCredentials(scrubSecrets(text, secrets));
}

/** The stack repeats the message as it was when the error was made: both are scrubbed. */
function scrubError(error: Error, secrets: readonly string[]): void {
  error.message = scrubText(error.message, secrets);
  if (error.stack) error.stack = scrubText(error.stack, secrets);
}

/** JSON logs to stderr or a file, with the API key and personal fields redacted. */
export function createLogger(options: LogOptions): Logger {
  const secrets = options.secrets ?? [];
  const destination =
    options.destination ??
    pino.destination({
      // A log file is opened by the guarded writer: appended to, never through a symlink, created 0600.
      dest: options.file === undefined ? 2 : openGuardedAppend(options.file),
      sync: options.file === undefined,
      mkdir: true,
      // Log lines name runs, files and errors: readable by the user running kyc-screen only.
      mode: PRIVATE_FILE_MODE,
    });
  return pino(
    {
      level: options.level,
      base: { pid: process.pid },
      redact: { paths: redactPaths(), censor: keepNetworkAddress },
      hooks: {
        logMethod(args, method) {
          // Message strings and error texts can carry the key or a URL's password; scrub them.
          for (let i = 0; i < args.length; i++) {
            const arg: unknown = args[i];
            if (typeof arg === 'string') args[i] = scrubText(arg, secrets);
            else if (arg instanceof Error) scrubError(arg, secrets);
            else if (arg !== null && typeof arg === 'object') {
              const { err, error } = arg as { err?: unknown; error?: unknown };
              for (const e of [err, error]) if (e instanceof Error) scrubError(e, secrets);
            }
          }
          method.apply(this, args);
        },
      },
    },
    destination,
  );
}

/** A logger that writes nothing, for tests and library use. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
