/**
 * Unique, checksum-valid identifiers for generated records. Every value is drawn through one allocator
 * per register set, so no two generated records share an INN, and none takes a reserved value (clean
 * sample identifiers and those of planted records).
 */
import { completeInn, completeOgrn, completeOgrnip, completeSnils } from '../check-digits.js';
import type { Random } from '../random.js';

/** Up to this many draws for one unique value; the spaces are huge, so hitting it means a bug. */
const MAX_ATTEMPTS = 1000;

export class IdentifierAllocator {
  /**
   * @param taken shared by the allocators of all registers of one seed (each with its own random
   *   stream), so uniqueness holds across registers; it starts as the reserved values.
   */
  constructor(
    private readonly rng: Random,
    private readonly taken: Set<string>,
  ) {}

  /** Draws until `make` yields a value nobody holds, and claims it. */
  unique(make: () => string): string {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const value = make();
      if (!this.taken.has(value)) {
        this.taken.add(value);
        return value;
      }
    }
    throw new Error('identifier space exhausted: the generator keeps drawing taken values');
  }

  /** Whether a value is reserved or already issued. */
  isTaken(value: string): boolean {
    return this.taken.has(value);
  }

  /** Organization INN: region, tax office, serial, check digit. */
  inn10(region: string): string {
    return this.unique(() => completeInn(region + this.taxOffice() + this.rng.digits(5)));
  }

  /** Person INN: region, tax office, serial, two check digits. */
  inn12(region: string): string {
    return this.unique(() => completeInn(region + this.taxOffice() + this.rng.digits(6)));
  }

  /** OGRN: sign 1 (or 5 after 2002), year, region, serial, check digit. */
  ogrn(region: string, year: number): string {
    const sign = year > 2002 && this.rng.chance(0.5) ? '5' : '1';
    return this.unique(() => completeOgrn(sign + twoDigits(year) + region + this.rng.digits(7)));
  }

  /** OGRNIP: sign 3, year, region, serial, check digit. */
  ogrnip(region: string, year: number): string {
    return this.unique(() => completeOgrnip('3' + twoDigits(year) + region + this.rng.digits(9)));
  }

  /** SNILS above 001-001-998 (the first numbers carry no check number). */
  snils(): string {
    return this.unique(() => {
      const first9 = String(this.rng.int(2_000_000, 999_999_999)).padStart(9, '0');
      return completeSnils(first9);
    });
  }

  private taxOffice(): string {
    return String(this.rng.int(1, 51)).padStart(2, '0');
  }
}

function twoDigits(year: number): string {
  return String(year % 100).padStart(2, '0');
}
