import type { CheckKind } from '../domain/check.js';
import type { ErrorCode } from '../errors.js';
import type { FixedReasonCode, OptionalReasonCode } from '../verdict/reasons.js';

/**
 * Русские фразы к кодам причин (src/verdict/reasons.ts). Таблицы типизированы кодами каталога: новый код без
 * русской фразы — ошибка компиляции, а тест сверяет, что у каждого кода есть фраза на обоих языках.
 */

export const FIXED_RU: Readonly<Record<FixedReasonCode, string>> = {
  SANCTIONS_MATCH: 'Клиент в санкционном списке (оценка не ниже порога MATCH)',
  SANCTIONS_POSSIBLE_MATCH: 'Запись санкционного списка может быть этим клиентом: решает проверяющий',
  FOREIGN_AGENT_MATCH: 'Клиент в реестре иностранных агентов',
  FOREIGN_AGENT_POSSIBLE_MATCH: 'Запись реестра иноагентов может быть этим клиентом: решает проверяющий',
  BANKRUPTCY_ACTIVE: 'Идёт дело о банкротстве клиента (статус и номер дела — в подробностях)',
  BANKRUPTCY_POSSIBLE_MATCH:
    'Идёт дело о банкротстве человека, который может быть клиентом (совпало только имя)',
  BANKRUPTCY_INACTIVE_NOTE: 'Завершённое дело о банкротстве клиента: флага нет, отмечено для проверяющего',
  DEBTOR_EXTRAJUDICIAL: 'Внесудебное банкротство клиента (через МФЦ)',
  DEBTOR_LEGAL_CASE: 'Судебное дело о долге клиента',
  DEBTOR_NOT_FOUND: 'В базе должников нет записи по ИНН клиента',
  DEBTOR_UNRECOGNISED_MESSAGE:
    'Проверка должников ответила сообщением, отличным от «не найдено»: ясного ответа нет, проверка — ERROR',
  DEBTOR_CONTRADICTORY_ANSWER:
    'Проверка должников ответила «не найдено» рядом с записью о ком-то: проверка — ERROR',
  DEBTOR_EMPTY_ANSWER: 'Проверка должников не вернула ни записи, ни сообщения: проверка — ERROR',
  DEBTOR_INN_MISMATCH: 'Проверка должников ответила про другой ИНН, не тот, что спрошен: проверка — ERROR',
  SANCTIONS_ANSWER_CUT:
    'Поиск по санкционному списку вернул полную страницу даже по полному имени: записи могли не войти, FLAG, никогда не CLEAR',
  FOREIGN_AGENT_ANSWER_CUT:
    'Поиск по реестру иноагентов вернул полную страницу даже по полному имени: записи могли не войти, FLAG, никогда не CLEAR',
  FOREIGN_AGENT_SKIPPED_NO_NAME_OR_INN:
    'Проверка иноагентов пропущена: нет ни имени, ни верного ИНН для поиска',
  SANCTIONS_SKIPPED_NO_NAME: 'Санкционная проверка пропущена: список ищется по имени, а в строке его нет',
  BANKRUPTCY_SKIPPED_NOTHING_TO_SEARCH: 'Проверка банкротств пропущена: нет ни идентификатора, ни имени',
  DEBTOR_SKIPPED_ORGANIZATION: 'Проверка должников пропущена: она есть только для физических лиц',
  DEBTOR_SKIPPED_NO_PERSON_INN: 'Проверка должников пропущена: нет верного 12-значного ИНН',
  NO_CHECKS: 'Нет ни одного результата проверки: клиент не проверен',
  NAME_OBFUSCATED:
    'В имени были невидимые символы или буквы другой письменности (предупреждение NAME_OBFUSCATED): проверено очищенное имя, не ниже REVIEW',
  ROW_INVALID: 'Строку не удалось прочитать; следующий код говорит почему',
};

export const OPTIONAL_FINDINGS_RU: Readonly<Record<OptionalReasonCode, string>> = {
  EMAIL_INVALID: 'Адрес e-mail неверен (формат или, с --smtp, у домена нет почтового сервера): FLAG',
  EMAIL_DISPOSABLE: 'Адрес e-mail принадлежит сервису одноразовой почты: FLAG',
  EMAIL_RECOMMENDATION_DECLINE: 'Проверка e-mail рекомендует DECLINE (оценка риска — в подробностях): FLAG',
  EMAIL_RECOMMENDATION_REVIEW: 'Проверка e-mail рекомендует REVIEW (оценка риска — в подробностях): FLAG',
  EMAIL_SKIPPED_NO_EMAIL: 'Проверка e-mail пропущена: в строке нет адреса',
  CARD_LUHN_FAILED:
    'Полный номер карты не проходит проверку Луна: это не номер карты (проверено без запроса): FLAG',
  CARD_INVALID: 'Сервис карт считает номер карты неверным: FLAG',
  CARD_RISK_COUNTRY: 'Карта выпущена в стране из --card-risk-countries: FLAG',
  CARD_BIN_UNKNOWN: 'Сервис карт не знает BIN (ни банка, ни страны): флага нет, отмечено для проверяющего',
  CARD_SKIPPED_NO_CARD: 'Проверка карты пропущена: в строке нет номера карты',
  CARD_SKIPPED_UNREADABLE:
    'Проверка карты пропущена: в ячейке не номер из 12–19 цифр и не маскированный номер с первыми шестью цифрами',
  CADASTRAL_ENCUMBRANCES: 'На объекте есть обременения (ипотека, арест и т. п.) по кадастровой справке: FLAG',
  CADASTRAL_ACTIVE_FSSP:
    'У владельца есть действующие исполнительные производства (ФССП) по кадастровой справке: FLAG',
  CADASTRAL_UNKNOWN:
    'Кадастровая справка не ответила (null, а не false), есть ли обременения или производства у владельца: FLAG, никогда не CLEAR',
  CADASTRAL_SOURCE_ERROR_NSPD:
    'Источник кадастровой справки nspd (реестр недвижимости) не ответил: ответ неполный, FLAG',
  CADASTRAL_SOURCE_ERROR_ROSREESTR_SPRAV:
    'Источник кадастровой справки rosreestr_sprav (справочный сервис) не ответил: ответ неполный, FLAG',
  CADASTRAL_SOURCE_ERROR_FSSP:
    'Источник кадастровой справки fssp (приставы) не ответил: ответ неполный, FLAG',
  CADASTRAL_FSSP_SKIPPED:
    'Проверка у приставов не выполнялась (в строке нет имени владельца): результат только по объекту',
  CADASTRAL_SKIPPED_NO_NUMBER: 'Кадастровая проверка пропущена: в строке нет кадастрового номера',
  CADASTRAL_SKIPPED_UNREADABLE:
    'Кадастровая проверка пропущена: кадастровый номер искажён (см. предупреждение строки)',
};

/** A check's name inside a Russian sentence (родительный падеж: «проверка иноагентов»). */
export const KIND_RU: Readonly<Record<CheckKind, string>> = {
  foreign_agent: 'иноагентов',
  sanctions: 'по санкционным спискам',
  bankruptcy: 'банкротств',
  debtor: 'должников',
  email: 'e-mail',
  card: 'карты',
  cadastral: 'кадастровая',
};

export const ERROR_RU = (kind: CheckKind): string =>
  `Проверка ${KIND_RU[kind]} не прошла после всех попыток (код KYC_ERR — в подробностях): клиент INCOMPLETE, никогда не CLEAR`;
export const NOT_RUN_RU = (kind: CheckKind): string =>
  `Проверка ${KIND_RU[kind]} не выполнялась (запуск выбрал меньше проверок): клиент PARTIAL, никогда не CLEAR`;
export const SUPPRESSED_RU = (kind: CheckKind): string =>
  `Совпадение проверки ${KIND_RU[kind]}, которое проверяющий внёс в белый список как ложное (кто — после кода): показано, но не учитывается`;
export const REOPENED_RU = (kind: CheckKind): string =>
  `Совпадение проверки ${KIND_RU[kind]} из белого списка, запись реестра которого изменилась после проверки: оно снова учитывается`;
export const FLAG_RU = (kind: CheckKind): string => `Проверка ${KIND_RU[kind]} подняла флаг`;

type RowErrorCode = Extract<ErrorCode, `KYC_ERR_ROW_${string}`>;

/** What is wrong with a row, for `ROW_WARNING_<X>` and `ROW_INVALID_<X>`. */
export const ROW_ISSUE_RU: Readonly<Record<RowErrorCode, string>> = {
  KYC_ERR_ROW_NO_NAME_OR_ID: 'в строке нет ни пригодного имени, ни верного идентификатора',
  KYC_ERR_ROW_COLUMN_COUNT: 'в строке другое число ячеек, чем в заголовке',
  KYC_ERR_ROW_INN_FORMAT: 'ИНН должен состоять из 10 (организация) или 12 (физлицо) цифр',
  KYC_ERR_ROW_INN_CHECKSUM: 'неверная контрольная цифра ИНН',
  KYC_ERR_ROW_INN_LEADING_ZERO: 'в ИНН 9 или 11 цифр: скорее всего, Excel отбросил ведущий ноль',
  KYC_ERR_ROW_OGRN_FORMAT: 'ОГРН должен состоять из 13 цифр',
  KYC_ERR_ROW_OGRN_CHECKSUM: 'неверная контрольная цифра ОГРН',
  KYC_ERR_ROW_OGRNIP_FORMAT: 'ОГРНИП должен состоять из 15 цифр',
  KYC_ERR_ROW_OGRNIP_CHECKSUM: 'неверная контрольная цифра ОГРНИП',
  KYC_ERR_ROW_SNILS_FORMAT: 'СНИЛС должен состоять из 11 цифр, слитно или как 123-456-789 01',
  KYC_ERR_ROW_SNILS_CHECKSUM: 'неверное контрольное число СНИЛС',
  KYC_ERR_ROW_SNILS_LEADING_ZERO: 'в СНИЛС 9 или 10 цифр: скорее всего, Excel отбросил ведущие нули',
  KYC_ERR_ROW_BIK_FORMAT: 'БИК должен состоять из 9 цифр',
  KYC_ERR_ROW_BIRTH_DATE: 'дата рождения — не настоящая дата',
  KYC_ERR_ROW_ENTITY_TYPE: 'тип лица не распознан',
  KYC_ERR_ROW_EMAIL_FORMAT: 'адрес e-mail искажён',
  KYC_ERR_ROW_CARD_FORMAT: 'номер карты искажён',
  KYC_ERR_ROW_CADASTRAL_FORMAT: 'кадастровый номер искажён',
  KYC_ERR_ROW_NAME_OBFUSCATED:
    'в имени были невидимые или управляющие символы, похожие буквы другой письменности или буквы третьей: проверено очищенное имя',
  KYC_ERR_ROW_OUTPUT_LOSSY:
    'символ строки нельзя записать в кодировке вывода: в verdicts.csv на его месте стоит ?',
  KYC_ERR_ROW_INN_REPAIRED:
    'ячейка ИНН исправлена перед проверкой (сняты метки или префикс, возвращён ведущий ноль, разделены ИНН и КПП или распознан другой идентификатор)',
  KYC_ERR_ROW_INN_PASSPORT:
    'в колонке ИНН у физлица 10 цифр: это не ИНН физлица, возможно, номер паспорта; не использован',
};
