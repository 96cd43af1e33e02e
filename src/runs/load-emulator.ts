/**
 * The one door from the product to the Lookup Service emulator (packages/lookup-emulator). It is loaded
 * with a dynamic import only when asked for (`--emulator`, KYC_API_URL=emulator, `demo`, `kyc-screen
 * emulator`), so a run, worker or server against a real service never loads its 5,000 lines and seeded
 * registers (test/integration/cli/emulator-not-loaded.test.ts keeps it so).
 */
import type * as LookupEmulator from '@kyc-screen/lookup-emulator';
import type { EmulatorHandle, EmulatorOptions } from '@kyc-screen/lookup-emulator';
import { KycError } from '../errors.js';

export type { EmulatorFaults, EmulatorHandle, EmulatorOptions } from '@kyc-screen/lookup-emulator';

export type EmulatorModule = typeof LookupEmulator;

export async function loadEmulator(): Promise<EmulatorModule> {
  return import('@kyc-screen/lookup-emulator');
}

/** Starts the emulator; its errors come out as the catalogue's KycErrors (same codes, exit codes added). */
export async function startEmulator(options: EmulatorOptions): Promise<EmulatorHandle> {
  const emulator = await loadEmulator();
  try {
    return await emulator.createEmulator(options);
  } catch (error) {
    if (error instanceof emulator.EmulatorError) {
      throw new KycError(error.code, error.detail, { cause: error });
    }
    throw error;
  }
}
