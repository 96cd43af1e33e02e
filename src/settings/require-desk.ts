import { KycError } from '../errors.js';

/**
 * `KYC_REQUIRE_DESK`: `1` (or `true`) makes every run of `run` and `schedule add`, and every run a `worker`
 * coordinates, fail (KYC_ERR_DESK_REQUIRED) rather than screen without the review desk's decisions, as
 * `--require-desk` does. Unset, `0` or `false`: such a run screens and says the decisions were not applied.
 */
export function requireDeskOf(env: NodeJS.ProcessEnv): boolean {
  const text = (env.KYC_REQUIRE_DESK ?? '').trim().toLowerCase();
  if (text === '' || text === '0' || text === 'false') return false;
  if (text === '1' || text === 'true') return true;
  throw new KycError('KYC_ERR_CONFIG_INVALID', 'KYC_REQUIRE_DESK is 1, true, 0 or false');
}
