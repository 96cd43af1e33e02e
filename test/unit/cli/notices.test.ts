import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { noticeChannel, noticeLine } from '../../../src/cli-ui/notices.js';
import { createLogger } from '../../../src/log.js';

const BANNER = [
  '',
  '!!! Screening against the BUILT-IN EMULATOR of the Lookup Service',
  '!!! at http://127.0.0.1:4000. Its registers are SYNTHETIC.',
  '',
].join('\n');

function stream(isTTY: boolean) {
  const s = Object.assign(new PassThrough(), { isTTY });
  let text = '';
  s.on('data', (d: Buffer) => (text += d.toString()));
  return { s, text: () => text };
}

function logger(level: 'info' | 'warn') {
  const lines: string[] = [];
  return { log: createLogger({ level, destination: { write: (l: string) => void lines.push(l) } }), lines };
}

describe('notices', () => {
  it('become one line: the banner marks dropped, and the banner is a warning', () => {
    expect(noticeLine(BANNER)).toEqual({
      level: 'warn',
      text: 'Screening against the BUILT-IN EMULATOR of the Lookup Service at http://127.0.0.1:4000. Its registers are SYNTHETIC.',
    });
    expect(noticeLine('Run r1 submitted')).toEqual({ level: 'info', text: 'Run r1 submitted' });
    expect(noticeLine('Interrupted', 'warn').level).toBe('warn');
  });

  it('without a terminal are JSON log lines, and the emulator warning survives LOG_LEVEL=warn', () => {
    const out = stream(false);
    const { log, lines } = logger('warn');
    const announce = noticeChannel(log, out.s);
    announce(BANNER);
    announce('Run r1 submitted');
    expect(out.text()).toBe('');
    expect(lines).toHaveLength(1);
    const record = JSON.parse(lines[0] ?? '') as { level: number; msg: string; notice: boolean };
    expect(record).toMatchObject({ level: 40, notice: true });
    expect(record.msg).toContain('BUILT-IN EMULATOR');
  });

  it('on a terminal are text for people, and nothing goes to the log', () => {
    const out = stream(true);
    const { log, lines } = logger('info');
    noticeChannel(log, out.s)(BANNER);
    expect(out.text()).toBe(`${BANNER}\n`);
    expect(lines).toEqual([]);
  });
});
