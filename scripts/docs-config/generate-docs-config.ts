/**
 * Writes the environment table of docs/configuration.md from the settings table
 * (src/settings/environment.ts). Run: `npm run docs:config`. A unit test fails while the page differs.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { environmentTableMarkdown, withEnvironmentTable } from '../../src/settings/environment-docs.js';

const PAGE = fileURLToPath(new URL('../../docs/configuration.md', import.meta.url));

const before = readFileSync(PAGE, 'utf8');
const after = withEnvironmentTable(before, environmentTableMarkdown());
if (after === before) process.stdout.write('docs/configuration.md: environment table up to date\n');
else {
  writeFileSync(PAGE, after);
  process.stdout.write('docs/configuration.md: environment table rewritten\n');
}
