/**
 * Seeded pseudo-random numbers. Every register and every fault decision of the emulator comes from here,
 * never from Math.random, so that one seed reproduces the same registers and the same fault sequence.
 */

/**
 * mulberry32: one stream of uniform numbers in [0, 1) from a seed. The sample files and the ingest
 * benchmark's files are drawn from it; moving them to Random would rewrite every committed sample.
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

/** FNV-1a over a label: derives independent streams from one seed (`registers/sanctions`, `faults`, …). */
function hashLabel(label: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** splitmix32: spreads nearby seeds (42, 43) into unrelated generator states. */
function splitmix32(state: number): () => number {
  let s = state >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** sfc32: small state, fast, passes PractRand far beyond the few hundred thousand draws we make. */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    const init = splitmix32(seed);
    this.a = init();
    this.b = init();
    this.c = init();
    this.d = init();
    // The first outputs of sfc32 still correlate with the seed; discard them.
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  /** An independent stream for a named purpose, so adding draws to one generator never shifts another. */
  static stream(seed: number, label: string): Random {
    return new Random((seed ^ hashLabel(label)) >>> 0);
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks by relative weight: `[[value, weight], …]`. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, weight] of entries) total += weight;
    let roll = this.next() * total;
    for (const [value, weight] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    const last = entries[entries.length - 1];
    if (last === undefined) throw new RangeError('weighted pick from an empty list');
    return last[0];
  }

  /** A string of `count` decimal digits (leading zeros allowed). */
  digits(count: number): string {
    let out = '';
    for (let i = 0; i < count; i++) out += String(this.nextUint32() % 10);
    return out;
  }

  /** A version-4-shaped UUID (the bankruptcy register's guid form). */
  uuid(): string {
    const hex = (n: number) => this.nextUint32().toString(16).padStart(8, '0').slice(0, n);
    const variant = '89ab'[this.nextUint32() % 4] ?? '8';
    return `${hex(8)}-${hex(4)}-4${hex(3)}-${variant}${hex(3)}-${hex(6)}${hex(6)}`;
  }
}
