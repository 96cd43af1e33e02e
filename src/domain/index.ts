export type * from './client.js';
export type * from './check.js';
export type * from './verdict.js';
export type * from './records.js';
export { CORE_CHECK_KINDS, OPTIONAL_CHECK_KINDS, CHECK_KINDS } from './check.js';
export { DEBTOR_NOT_FOUND_MESSAGE } from './records.js';
export { sanitiseExample, EXAMPLE_MAX_CHARS } from './unrecognised.js';
export type { UnrecognisedCount } from './unrecognised.js';
