import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { rewriteCode, rewriteMarkdown, rewriteMentions } from '../../../scripts/move-files.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const MOVES = new Map([
  ['src/pipeline/free-port.ts', 'src/infra/free-port.ts'],
  ['samples/generate-samples.ts', 'scripts/samples/generate-samples.ts'],
  ['samples/registers/planted.json', 'src/emulator/registers/planted.json'],
]);

describe('move-files rewriting', () => {
  it('points an import of a moved file at its new place, keeping .js', () => {
    const text = "import { freePort } from './free-port.js';\n";
    expect(rewriteCode(text, 'src/pipeline/x.ts', 'src/pipeline/x.ts', ROOT, MOVES)).toBe(
      "import { freePort } from '../infra/free-port.js';\n",
    );
  });

  it('re-relativises the imports of a moved file, to moved and unmoved targets', () => {
    const text = [
      "import { completeInn } from '../src/identifiers/index.js';",
      "const planted = new URL('./registers/planted.json', import.meta.url);",
    ].join('\n');
    expect(
      rewriteCode(text, 'samples/generate-samples.ts', 'scripts/samples/generate-samples.ts', ROOT, MOVES),
    ).toBe(
      [
        "import { completeInn } from '../../src/identifiers/index.js';",
        "const planted = new URL('../../src/emulator/registers/planted.json', import.meta.url);",
      ].join('\n'),
    );
  });

  it('leaves unrelated specifiers and packages alone', () => {
    const text = "import { Queue } from 'bullmq';\nimport { x } from './not-there.js';\n";
    expect(rewriteCode(text, 'src/pipeline/x.ts', 'src/pipeline/x.ts', ROOT, MOVES)).toBe(text);
  });

  it('rewrites whole repository paths only, not longer paths that contain them', () => {
    expect(rewriteMentions('see `samples/registers/planted.json`.', MOVES)).toBe(
      'see `src/emulator/registers/planted.json`.',
    );
    expect(
      rewriteMentions('old/samples/registers/planted.json and samples/registers/planted.jsonl', MOVES),
    ).toBe('old/samples/registers/planted.json and samples/registers/planted.jsonl');
  });

  it('rewrites relative Markdown links', () => {
    expect(
      rewriteMarkdown('[gen](../samples/generate-samples.ts)', 'docs/a.md', 'docs/a.md', ROOT, MOVES),
    ).toBe('[gen](../scripts/samples/generate-samples.ts)');
  });
});
