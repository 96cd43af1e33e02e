import type { Dispatcher } from 'undici';
import type { z } from 'zod';
import type { RequestRecord, UnrecognisedAnswer } from '../../domain/check.js';
import { sanitiseExample } from '../../domain/unrecognised.js';
import type {
  BankruptcyEntry,
  DebtorResult,
  ForeignAgentRecord,
  SanctionsRecord,
} from '../../domain/records.js';
import { KycError } from '../../errors.js';
import {
  RegistryError,
  describeRequest,
  kindOfStatus,
  readErrorBody,
  type RegistryErrorInit,
} from './errors.js';
import { HttpTransport, type HttpResponse } from './http.js';
import { maskCard } from './mask.js';
import {
  REGISTRY_OPERATIONS as OP,
  REGISTRY_PATHS as PATH,
  type ForeignAgentQuery,
  type SanctionsQuery,
} from './operations.js';
import { parseRetryAfter } from './retry-after.js';
import { describeIssues, forgivenFields } from './schema-issues.js';
import {
  bankPageEnvelopeSchema,
  bankruptcyListSchema,
  cadastralReportSchema,
  cardDataSchema,
  debtorResultSchema,
  debtorResultTolerantSchema,
  dictionaryListSchema,
  dictionaryPageEnvelopeSchema,
  emailEnvelopeSchema,
  foreignAgentListSchema,
  foreignAgentListTolerantSchema,
  bankruptcyListTolerantSchema,
  sanctionsListSchema,
  type BankItem,
  type CadastralReport,
  type CardData,
  type DictionaryItem,
  type DictionaryPage,
  type DictionarySummary,
  type EmailValidation,
} from './schemas.js';
import {
  validateBankruptcySearch,
  validateCadastralNumber,
  validateCard,
  validateDebtorInn,
  validateDictionaryName,
  validateEmail,
  validateForeignAgentQuery,
  validateNonNegativeInteger,
  validateOptionalBoolean,
  validateOptionalText,
  validateOwnerFullName,
  validatePageSize,
  validateSanctionsQuery,
} from './validate.js';

export interface CadastralOptions {
  /** Path of the report operation; spec 4.9 names `/cadastral/full` only in the report's own note. */
  readonly path?: string;
  /** Query parameter (GET) and JSON field (POST) that carry the cadastral number. */
  readonly numberField?: string;
  /** JSON field (POST) that carries the owner's full name. */
  readonly ownerField?: string;
}

export interface RegistryClientOptions {
  /** The service root, e.g. `https://lookup.example/api`; paths of spec part 4 are appended to it. */
  readonly baseUrl: string;
  /** Sent as `X-Api-Key` on every request and nowhere else. */
  readonly apiKey: string;
  /** Deadline of one request, from dispatch to the last byte of the body. Default 10 000. */
  readonly timeoutMs?: number;
  /** Requests in flight at once for this client instance. Default 32. */
  readonly concurrency?: number;
  readonly cadastral?: CadastralOptions;
  /** Use this dispatcher instead of an own keep-alive pool (a proxy agent; undici's MockAgent in tests). */
  readonly dispatcher?: Dispatcher;
}

/** A successful answer: the validated data, and the call as evidence (card numbers masked, no key). */
export interface RegistryResponse<T> {
  readonly data: T;
  readonly record: RequestRecord;
  /** Time from dispatch to the last byte, in milliseconds (queueing for a concurrency slot excluded). */
  readonly durationMs: number;
  /** What the tolerant reading forgave (a null or missing string field, …); absent when nothing. */
  readonly unrecognised?: readonly UnrecognisedAnswer[];
}

export interface DictionaryValuesOptions {
  readonly search?: string;
  /** Records per page; the service applies 20 when absent. */
  readonly limit?: number;
  readonly offset?: number;
}

export interface IterateDictionaryOptions {
  readonly search?: string;
  /** Records asked per page. Default 100. */
  readonly pageSize?: number;
}

export interface EmailOptions {
  /** Ask the service to check the domain's MX records. */
  readonly smtp?: boolean;
}

export interface CadastralReportOptions {
  /** With the owner's name the report is requested by POST, which lets the service run the bailiff check. */
  readonly ownerFullName?: string;
}

/** A call outside the typed operations; the response is checked for JSON only. */
export interface RawRequest {
  readonly operation: string;
  readonly method?: 'GET' | 'POST';
  /** Relative to the base URL, without a query string. */
  readonly path: string;
  /** Sent as given, empty values included: this is the way to send what the typed methods refuse. */
  readonly query?: Readonly<Record<string, string>>;
  readonly json?: Readonly<Record<string, string>>;
}

interface CallSpec {
  readonly operation: string;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly query?: Readonly<Record<string, string>>;
  readonly json?: Readonly<Record<string, string>>;
  /** The parameters as evidence may show them; defaults to the query or JSON values. */
  readonly evidence?: Readonly<Record<string, string>>;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_CONCURRENCY = 32;
const DEFAULT_PAGE_SIZE = 100;
const HEADER_SAFE = /^[\x21-\x7e]+$/;

/** What #call needs of a zod schema; also met by JSON_ANY, which accepts any JSON. */
interface ResponseSchema<T> {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: readonly z.core.$ZodIssue[] } };
}
const JSON_ANY: ResponseSchema<unknown> = { safeParse: (value) => ({ success: true, data: value }) };

type ErrorDetails = Omit<RegistryErrorInit, 'operation' | 'request' | 'params'>;

/** How #call reads an answer beyond the contract's schema. */
interface ReadingOptions<T> {
  /** Read when the strict schema fails; what it forgave is reported as unrecognised. */
  readonly tolerant?: ResponseSchema<T>;
  /** Whether a 404 with this body is the operation's answer rather than an error. */
  readonly answer404?: (body: string) => boolean;
}

/**
 * Typed client of every operation of the Registry & Verification Lookup Service. Each method validates its
 * arguments before any call (KYC_ERR_REQUEST_INVALID), sends one request, and either returns data checked
 * against the spec's tables or throws a RegistryError whose `kind` tells the caller what to do next.
 * Retrying, backoff and rate limiting are the caller's: in this project they belong to the checks queue.
 */
export class RegistryClient {
  /** The service root the client calls (names the kept foreign-agent mirror; never holds the key). */
  readonly baseUrl: string;
  readonly #http: HttpTransport;
  readonly #cadastral: Required<CadastralOptions>;

  constructor(options: RegistryClientOptions) {
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
    checkOptions(options, timeoutMs, concurrency);
    this.baseUrl = options.baseUrl;
    this.#cadastral = {
      path: options.cadastral?.path ?? PATH.cadastralReport,
      numberField: options.cadastral?.numberField ?? 'cadastral_number',
      ownerField: options.cadastral?.ownerField ?? 'owner_full_name',
    };
    this.#http = new HttpTransport({
      baseUrl: options.baseUrl,
      apiKey: options.apiKey,
      timeoutMs,
      concurrency,
      ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
    });
  }

  /** Lets requests in flight finish, then closes the connection pool. */
  close(): Promise<void> {
    return this.#http.close();
  }

  // ------------------------------------------------------------ 4.1, 4.2 dictionaries

  async listDictionaries(): Promise<RegistryResponse<readonly DictionarySummary[]>> {
    return this.#call(
      { operation: OP.dictionaryList, method: 'GET', path: PATH.dictionaryList },
      dictionaryListSchema,
    );
  }

  dictionaryValues(
    name: 'Banks',
    options?: DictionaryValuesOptions,
  ): Promise<RegistryResponse<DictionaryPage<BankItem>>>;
  dictionaryValues(
    name: string,
    options?: DictionaryValuesOptions,
  ): Promise<RegistryResponse<DictionaryPage<DictionaryItem>>>;
  async dictionaryValues(
    name: string,
    options: DictionaryValuesOptions = {},
  ): Promise<RegistryResponse<DictionaryPage<BankItem | DictionaryItem>>> {
    return this.#dictionaryPage(name, this.#dictionarySpec(name, options));
  }

  /**
   * Every item of a dictionary, page by page, until `total`. A page that comes back empty before `total`
   * is reached, or at another offset than asked, is a malformed answer: silently stopping would hand the
   * caller a truncated dictionary as if it were whole.
   */
  iterateDictionary(
    name: 'Banks',
    options?: IterateDictionaryOptions,
  ): AsyncGenerator<BankItem, void, undefined>;
  iterateDictionary(
    name: string,
    options?: IterateDictionaryOptions,
  ): AsyncGenerator<DictionaryItem, void, undefined>;
  async *iterateDictionary(
    name: string,
    options: IterateDictionaryOptions = {},
  ): AsyncGenerator<BankItem | DictionaryItem, void, undefined> {
    const limit = validatePageSize(options.pageSize ?? DEFAULT_PAGE_SIZE);
    const search = options.search === undefined ? {} : { search: options.search };
    let offset = 0;
    for (;;) {
      const spec = this.#dictionarySpec(name, { ...search, limit, offset });
      const { data: page, record } = await this.#dictionaryPage(name, spec);
      const problem =
        page.offset !== offset
          ? `page starts at offset ${page.offset}, asked ${offset}`
          : page.items.length === 0 && offset < page.total
            ? `empty page at offset ${offset} although total is ${page.total}`
            : undefined;
      if (problem !== undefined) {
        throw this.#error(spec, {
          kind: 'malformed',
          status: record.status,
          digest: record.digest,
          reason: problem,
        });
      }
      yield* page.items;
      offset += page.items.length;
      if (page.items.length === 0 || offset >= page.total) return;
    }
  }

  #dictionarySpec(name: string, options: DictionaryValuesOptions): CallSpec {
    validateDictionaryName(name);
    const query: Record<string, string> = {};
    const search = validateOptionalText('search', options.search);
    if (search !== undefined) query.search = search;
    if (options.limit !== undefined) query.limit = String(validateNonNegativeInteger('limit', options.limit));
    if (options.offset !== undefined)
      query.offset = String(validateNonNegativeInteger('offset', options.offset));
    return {
      operation: OP.dictionaryValues,
      method: 'GET',
      path: PATH.dictionaryValues + encodeURIComponent(name),
      query,
      evidence: { name, ...query },
    };
  }

  async #dictionaryPage(
    name: string,
    spec: CallSpec,
  ): Promise<RegistryResponse<DictionaryPage<BankItem | DictionaryItem>>> {
    // Codes are case-sensitive: `Banks` has the published item shape, `banks` would be another dictionary.
    const response =
      name === 'Banks'
        ? await this.#call(spec, bankPageEnvelopeSchema)
        : await this.#call(spec, dictionaryPageEnvelopeSchema);
    return { ...response, data: response.data.data };
  }

  // ------------------------------------------------------------ 4.3–4.6 registers

  async searchForeignAgents(
    query: ForeignAgentQuery,
  ): Promise<RegistryResponse<readonly ForeignAgentRecord[]>> {
    const params = validateForeignAgentQuery(query);
    return this.#call(
      { operation: OP.foreignAgentSearch, method: 'GET', path: PATH.foreignAgentSearch, query: params },
      foreignAgentListSchema,
      { tolerant: foreignAgentListTolerantSchema },
    );
  }

  async searchSanctions(query: SanctionsQuery): Promise<RegistryResponse<readonly SanctionsRecord[]>> {
    const params = validateSanctionsQuery(query);
    return this.#call(
      { operation: OP.sanctionsSearch, method: 'GET', path: PATH.sanctionsSearch, query: params },
      sanctionsListSchema,
    );
  }

  /** By name of the person or entity, INN, or case number. */
  async searchBankruptcy(searchString: string): Promise<RegistryResponse<readonly BankruptcyEntry[]>> {
    const search_string = validateBankruptcySearch(searchString);
    return this.#call(
      {
        operation: OP.bankruptcySearch,
        method: 'GET',
        path: PATH.bankruptcySearch,
        query: { search_string },
      },
      bankruptcyListSchema,
      { tolerant: bankruptcyListTolerantSchema },
    );
  }

  /**
   * An INN without a record is not an error: the emulator answers 200 with empty strings and a non-null
   * `message`; the contract does not show that answer. A 404 is read as the answer only when its body is
   * the debtor answer's own shape (see isDebtorAnswerBody): a bare 404 or an error body may as well come
   * from a wrong path, and then reading it as "no record" would clear every client.
   */
  async debtorByInn(inn: string): Promise<RegistryResponse<DebtorResult>> {
    validateDebtorInn(inn);
    return this.#call(
      { operation: OP.debtorByInn, method: 'GET', path: PATH.debtorByInn, query: { inn } },
      debtorResultSchema,
      { tolerant: debtorResultTolerantSchema, answer404: isDebtorAnswerBody },
    );
  }

  // ------------------------------------------------------------ 4.7, 4.8 validators

  async validateEmail(email: string, options: EmailOptions = {}): Promise<RegistryResponse<EmailValidation>> {
    validateEmail(email);
    const smtp = validateOptionalBoolean('smtp', options.smtp);
    const query: Record<string, string> = { email };
    if (smtp !== undefined) query.smtp = String(smtp);
    const response = await this.#call(
      { operation: OP.emailValidation, method: 'GET', path: PATH.emailValidation, query },
      emailEnvelopeSchema,
    );
    return { ...response, data: response.data.data };
  }

  /**
   * The full number goes to the service only. The evidence record and the returned `card` field carry it
   * masked (first 6, last 4), so a caller that stores the answer as evidence cannot leak it.
   */
  async cardData(card: string): Promise<RegistryResponse<CardData>> {
    validateCard(card);
    const masked = maskCard(card);
    const response = await this.#call(
      {
        operation: OP.cardData,
        method: 'GET',
        path: PATH.cardData,
        query: { card },
        evidence: { card: masked },
      },
      cardDataSchema,
    );
    return { ...response, data: { ...response.data, card: maskCard(response.data.card) } };
  }

  // ------------------------------------------------------------ 4.9 cadastral

  /**
   * Without the owner: GET with the number in the query (the bailiff check is skipped by the service).
   * With the owner: POST with a JSON body of number and owner. Path and field names are configurable
   * because spec 4.9 does not publish them; see docs/registry-client.md.
   */
  async cadastralReport(
    cadastralNumber: string,
    options: CadastralReportOptions = {},
  ): Promise<RegistryResponse<CadastralReport>> {
    validateCadastralNumber(cadastralNumber);
    const owner = validateOwnerFullName(options.ownerFullName);
    const { path, numberField, ownerField } = this.#cadastral;
    const spec: CallSpec =
      owner === undefined
        ? { operation: OP.cadastralReport, method: 'GET', path, query: { [numberField]: cadastralNumber } }
        : {
            operation: OP.cadastralReport,
            method: 'POST',
            path,
            json: { [numberField]: cadastralNumber, [ownerField]: owner },
          };
    return this.#call(spec, cadastralReportSchema);
  }

  // ------------------------------------------------------------ low level

  /**
   * One call with no argument validation and no response schema, through the same transport and error
   * taxonomy: for operations the typed methods do not cover, and for tests that must make the service
   * refuse a request.
   */
  async request(raw: RawRequest): Promise<RegistryResponse<unknown>> {
    return this.#call(
      {
        operation: raw.operation,
        method: raw.method ?? 'GET',
        path: raw.path,
        ...(raw.query ? { query: raw.query } : {}),
        ...(raw.json ? { json: raw.json } : {}),
      },
      JSON_ANY,
    );
  }

  async #call<T>(
    spec: CallSpec,
    schema: ResponseSchema<T>,
    reading: ReadingOptions<T> = {},
  ): Promise<RegistryResponse<T>> {
    const query = spec.query ?? {};
    const outcome = await this.#http.send({
      method: spec.method,
      path: spec.path + queryString(query),
      ...(spec.json ? { json: spec.json } : {}),
    });
    if (!outcome.ok) {
      const { kind, status, reason, durationMs, cause } = outcome;
      throw this.#error(spec, { kind, status, reason, durationMs }, cause);
    }
    const { status, body, digest, durationMs } = outcome.response;
    const failedKind = kindOfStatus(status);
    if (failedKind !== undefined && !(status === 404 && reading.answer404?.(body) === true))
      throw this.#error(spec, failedStatus(spec, failedKind, outcome.response));
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      const shape = readErrorBody(body).shape;
      throw this.#error(spec, {
        kind: 'malformed',
        status,
        digest,
        durationMs,
        reason: 'body is not JSON',
        unrecognised: {
          operation: spec.operation,
          kind: 'unreadable_answer not_json',
          example: `a ${shape} body`,
        },
      });
    }
    const record = { operation: spec.operation, params: evidenceOf(spec), status, digest };
    const parsed = schema.safeParse(json);
    if (parsed.success) return { data: parsed.data, record, durationMs };
    // The strict reading failed: a tolerant one may still read it, reporting what it forgave.
    const tolerated = reading.tolerant?.safeParse(json);
    if (tolerated?.success) {
      const unrecognised = forgivenFields(parsed.error.issues, json).map((entry) => ({
        operation: spec.operation,
        ...entry,
      }));
      return { data: tolerated.data, record, durationMs, unrecognised };
    }
    const issues = tolerated?.success === false ? tolerated.error.issues : parsed.error.issues;
    const reason = describeIssues(issues, json);
    const [first] = forgivenFields(issues, json);
    throw this.#error(spec, {
      kind: 'malformed',
      status,
      digest,
      durationMs,
      reason,
      unrecognised: {
        operation: spec.operation,
        kind: `unreadable_answer ${first?.kind ?? 'body'}`,
        example: first?.example ?? 'rejected',
      },
    });
  }

  #error(spec: CallSpec, init: ErrorDetails, cause?: unknown): RegistryError {
    const request = describeRequest(
      spec.method,
      spec.path,
      Object.keys(spec.query ?? {}),
      Object.keys(spec.json ?? {}),
    );
    return new RegistryError(
      { operation: spec.operation, request, params: evidenceOf(spec), ...init },
      cause === undefined ? undefined : { cause },
    );
  }
}

/**
 * Whether a body is a debtor answer (a JSON object with a text `message` and the record's `inn` or `fio`
 * key), as opposed to an error body or a gateway's page.
 */
export function isDebtorAnswerBody(body: string): boolean {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return false;
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return false;
  const fields = json as Readonly<Record<string, unknown>>;
  return typeof fields.message === 'string' && ('inn' in fields || 'fio' in fields);
}

function evidenceOf(spec: CallSpec): Readonly<Record<string, string>> {
  return spec.evidence ?? { ...spec.query, ...spec.json };
}

/** `?a=1&b=2` with RFC 3986 percent-encoding (space as %20, Cyrillic as UTF-8), or '' when there is nothing. */
function queryString(query: Readonly<Record<string, string>>): string {
  const pairs = Object.entries(query).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

function checkOptions(options: RegistryClientOptions, timeoutMs: number, concurrency: number): void {
  let url: URL | undefined;
  try {
    url = new URL(options.baseUrl);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new KycError('KYC_ERR_CONFIG_API_URL');
  }
  // The value itself is never echoed: it is the secret.
  if (typeof options.apiKey !== 'string' || !HEADER_SAFE.test(options.apiKey)) {
    throw new KycError('KYC_ERR_CONFIG_API_KEY', 'the key must be printable ASCII without spaces');
  }
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new KycError('KYC_ERR_CONFIG_INVALID', 'timeoutMs must be a positive number');
  }
  if (!Number.isSafeInteger(concurrency) || concurrency < 1) {
    throw new KycError('KYC_ERR_CONFIG_INVALID', 'concurrency must be a positive integer');
  }
  const cadastral = options.cadastral ?? {};
  if (cadastral.path !== undefined && !cadastral.path.startsWith('/')) {
    throw new KycError('KYC_ERR_CONFIG_INVALID', 'cadastral.path must start with /');
  }
  for (const field of ['numberField', 'ownerField'] as const) {
    const value = cadastral[field];
    if (value !== undefined && value.trim() === '') {
      throw new KycError('KYC_ERR_CONFIG_INVALID', `cadastral.${field} must not be empty`);
    }
  }
}

/** What an answer with a failing status says: its kind, the service's own code, Retry-After, an odd body. */
function failedStatus(
  spec: CallSpec,
  kind: NonNullable<ReturnType<typeof kindOfStatus>>,
  response: HttpResponse,
): ErrorDetails {
  const { status, headers, body, digest, durationMs } = response;
  const errorBody = readErrorBody(body);
  return {
    kind,
    status,
    digest,
    durationMs,
    upstreamCode: errorBody.code,
    retryAfterMs: kind === 'rate_limited' ? parseRetryAfter(headers['retry-after']) : undefined,
    unrecognised:
      errorBody.shape === 'json_other'
        ? {
            operation: spec.operation,
            kind: 'error_body_json_other',
            example: sanitiseExample(`HTTP ${status}; keys: ${(errorBody.keys ?? []).join(', ')}`),
          }
        : undefined,
  };
}
