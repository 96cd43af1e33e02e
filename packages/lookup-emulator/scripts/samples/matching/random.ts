/**
 * The oracle's own seeded randomness (mulberry32), kept here so that the evaluation generators import
 * nothing from the emulator or the matcher.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Draw {
  readonly random: () => number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  digits(n: number): string;
  shuffle<T>(items: readonly T[]): T[];
}

export function draw(seed: number): Draw {
  const random = mulberry32(seed);
  const int = (min: number, max: number): number => min + Math.floor(random() * (max - min + 1));
  return {
    random,
    int,
    pick<T>(items: readonly T[]): T {
      const item = items[Math.floor(random() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    chance: (p) => random() < p,
    digits: (n) => Array.from({ length: n }, () => String(int(0, 9))).join(''),
    shuffle<T>(items: readonly T[]): T[] {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(0, i);
        [out[i], out[j]] = [out[j] as T, out[i] as T];
      }
      return out;
    },
  };
}

const INN10 = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN11 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN12 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const check = (d: string, w: readonly number[]): string =>
  String((w.reduce((s, k, i) => s + k * Number(d[i]), 0) % 11) % 10);

/** A valid INN (checksums of the Federal Tax Service) from 9 (legal entity) or 10 (person) leading digits. */
export function innFrom(prefix: string): string {
  if (prefix.length === 9) return prefix + check(prefix, INN10);
  const eleven = prefix + check(prefix, INN11);
  return eleven + check(eleven, INN12);
}
