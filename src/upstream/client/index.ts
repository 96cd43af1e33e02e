/** Public API of the Lookup Service client: import from here, not from the modules behind it. */
export {
  RegistryClient,
  type CadastralOptions,
  type CadastralReportOptions,
  type DictionaryValuesOptions,
  type EmailOptions,
  type IterateDictionaryOptions,
  type RawRequest,
  type RegistryClientOptions,
  type RegistryResponse,
} from './client.js';
export {
  ERROR_CODE_OF_KIND,
  REGISTRY_ERROR_KINDS,
  RegistryError,
  isRegistryError,
  isRetryable,
  kindOfStatus,
  readErrorBody,
  readUpstreamCode,
  type ErrorBody,
  type ErrorBodyShape,
  type RegistryErrorInit,
  type RegistryErrorKind,
} from './errors.js';
export { maskCard } from './mask.js';
export {
  FOREIGN_AGENT_PARAMS,
  REGISTRY_OPERATIONS,
  REGISTRY_PATHS,
  SANCTIONS_PARAMS,
  type ForeignAgentQuery,
  type RegistryOperation,
  type SanctionsEntityType,
  type SanctionsQuery,
} from './operations.js';
export { parseRetryAfter } from './retry-after.js';
export {
  CADASTRAL_SOURCE_STATES,
  CARD_TYPES,
  PAYMENT_SYSTEMS,
  type BankItem,
  type CadastralReport,
  type CadastralSourceState,
  type CardData,
  type CardType,
  type DictionaryItem,
  type DictionaryPage,
  type DictionarySummary,
  type EmailValidation,
  type PaymentSystem,
} from './schemas.js';
export { isIsoDate } from './validate.js';
export {
  DEFAULT_PROFILE,
  loadProfile,
  parseProfile,
  upstreamProfileSchema,
  withDebtorNotFound,
  type UpstreamProfile,
} from '../../settings/upstream-profile.js';
