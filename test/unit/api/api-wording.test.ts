import { describe, expect, it } from 'vitest';
import { apiWording } from '../../../src/api/api-wording.js';
import { errorResponse } from '../../../src/api/errors.js';
import { KycError } from '../../../src/errors.js';

/** An API caller is told what to change in its request or file, never a CLI flag it does not have. */
describe('API errors in API terms', () => {
  it('a missing name column does not tell the caller to use --columns', () => {
    const error = new KycError(
      'KYC_ERR_INPUT_NO_KEY_COLUMN',
      'none of the columns "a", "b" is a name, ИНН, ОГРН, ОГРНИП or СНИЛС column; name them with the ' +
        'columns option (--columns name=…,inn=…)',
    );
    const { status, body } = errorResponse(error, 'req-1');
    expect(status).toBe(400);
    expect(body.code).toBe('KYC_ERR_INPUT_NO_KEY_COLUMN');
    expect(body.message).not.toMatch(/--|columns option/u);
    expect(body.message).toContain('none of the columns "a", "b"');
    expect(body.message).toContain('header line');
    expect(body.message).toContain('full_name');
  });

  it('an encoding problem names the charset of the Content-Type, not --encoding', () => {
    for (const detail of [
      'the file looks like UTF-16LE without a byte order mark; pass the encoding utf-16le',
      'the file looks like UTF-16LE without a byte order mark; give the encoding: --encoding utf-16le',
    ]) {
      const message = apiWording(new KycError('KYC_ERR_INPUT_ENCODING', detail).message);
      expect(message).not.toContain('--');
      expect(message).toContain('Content-Type: text/csv; charset=utf-16le');
    }
    const unknown = apiWording(
      'the file is neither UTF-8 nor Windows-1251 (Cyrillic); pass the encoding explicitly or save it as UTF-8',
    );
    expect(unknown).toContain('charset=…');
    expect(unknown).not.toContain('explicitly');
  });

  it('a check without its column and an unknown check speak of the checks parameter', () => {
    const noColumn = apiWording('--checks email: the input has no e-mail column (map one with --columns)');
    expect(noColumn).not.toContain('--');
    expect(noColumn).toMatch(
      /^the checks parameter email: the input has no e-mail column \(the API takes no column mapping/u,
    );
    expect(apiWording('--checks: unknown check "horoscope"')).toBe(
      'the checks parameter: unknown check "horoscope"',
    );
    expect(apiWording("give the delimiter: --delimiter ':'")).toBe(
      'the API takes no delimiter: save the file separated by ; , tab or |',
    );
  });

  it('leaves a message without CLI advice as it is', () => {
    expect(apiWording('The input file is empty: the file holds only blank lines')).toBe(
      'The input file is empty: the file holds only blank lines',
    );
  });
});
