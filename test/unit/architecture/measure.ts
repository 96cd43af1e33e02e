import { edges, fileCycles, mutualPairs, partOf, upward } from './imports.js';

// Prints the figures of the order: `npx tsx test/unit/architecture/measure.ts`.
const all = edges();
const cross = all.filter((e) => partOf(e.from) !== partOf(e.to));
const up = upward(all);
console.log(`relative imports ${all.length}, across parts ${cross.length}, against the order ${up.length}`);
for (const e of up) console.log(`  ${e.from} → ${e.to}`);
const pairs = mutualPairs(all);
console.log(`parts importing each other ${pairs.length}`);
for (const p of pairs) console.log(`  ${p}`);
const cycles = fileCycles(all);
console.log(`file cycles ${cycles.length}`);
for (const c of cycles) console.log(`  ${c}`);
