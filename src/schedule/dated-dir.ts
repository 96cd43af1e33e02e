import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';

/** `YYYY-MM-DD_HHMM` of an instant in a time zone: the name of a scheduled run's output directory. */
export function datedName(at: number, tz: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(at));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('year')}-${part('month')}-${part('day')}_${part('hour')}${part('minute')}`;
}

/**
 * Creates the run's own directory under the base and returns it. Earlier runs are never touched: when the
 * name is taken (two firings in one minute) the next free `_2`, `_3`, … is used; mkdir is atomic, so two
 * workers never get the same one.
 */
export async function claimDatedDir(base: string, at: number, tz: string): Promise<string> {
  await mkdir(base, { recursive: true });
  const name = datedName(at, tz);
  for (let n = 1; ; n++) {
    const dir = join(base, n === 1 ? name : `${name}_${n}`);
    try {
      await mkdir(dir);
      return dir;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}
