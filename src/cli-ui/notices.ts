import type { Logger } from '../log.js';

/**
 * Where a command's notices go (the embedded Redis, the emulator warning, "Run … submitted", resume hints).
 * One rule for every command that logs (docs/operations.md, "Logs"): on a terminal stderr is for people,
 * so notices are text there and the JSON log goes to a file; without one (cron, a container) stderr is for
 * machines, so notices become JSON log lines like any other and no text is mixed in.
 */
export type { Announce, NoticeLevel } from '../runs/announce.js';
import type { Announce, NoticeLevel } from '../runs/announce.js';

/** The emulator's banner marks its lines `!!!`: as a log line it is a warning, never hidden by LOG_LEVEL=warn. */
const LOUD = /^!!!\s?/u;

/** A notice as one log line: its lines joined, the banner marks dropped, and the level it deserves. */
export function noticeLine(
  message: string,
  level: NoticeLevel = 'info',
): { level: NoticeLevel; text: string } {
  const lines = message.split('\n').map((line) => line.trim());
  const loud = lines.some((line) => LOUD.test(line));
  const text = lines
    .map((line) => line.replace(LOUD, ''))
    .filter((line) => line !== '')
    .join(' ');
  return { level: loud ? 'warn' : level, text };
}

/** Whether the human side of a command (banners, the progress bar) is drawn on stderr. */
export function stderrIsTerminal(stream: { isTTY?: boolean } = process.stderr): boolean {
  return stream.isTTY === true;
}

/** Notices as text on a terminal, as log lines otherwise. */
export function noticeChannel(
  log: Logger,
  stream: NodeJS.WritableStream & { isTTY?: boolean } = process.stderr,
): Announce {
  if (stderrIsTerminal(stream)) return (message) => stream.write(`${message}\n`);
  return logNotices(log);
}

/** Notices as log lines only (a host process such as the schedules worker). */
export function logNotices(log: Logger): Announce {
  return (message, level) => {
    const line = noticeLine(message, level);
    log[line.level]({ notice: true }, line.text);
  };
}
