import { pino, type Logger, type DestinationStream } from 'pino';
import type { LogLevel } from './config.js';
import { PRIVATE_FILE_MODE } from './pipeline/private-files.js';
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

/** JSON logs to stderr or a file, with the API key and personal fields redacted. */
export function createLogger(options: LogOptions): Logger {
  const secrets = options.secrets ?? [];
  const destination =
    options.destination ??
    pino.destination({
      dest: options.file ?? 2,
      sync: options.file === undefined,
      mkdir: true,
      // Log lines name runs, files and errors: readable by the user running kyc-screen only.
      mode: PRIVATE_FILE_MODE,
    });
  return pino(
    {
      level: options.level,
      base: { pid: process.pid },
      redact: { paths: redactPaths(), censor: REDACTED },
      hooks: {
        logMethod(args, method) {
          // Message strings and error texts can carry the key (a URL, an echoed header); scrub them.
          if (secrets.length > 0) {
            for (let i = 0; i < args.length; i++) {
              const arg: unknown = args[i];
              if (typeof arg === 'string') args[i] = scrubSecrets(arg, secrets);
              else if (arg instanceof Error) arg.message = scrubSecrets(arg.message, secrets);
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
