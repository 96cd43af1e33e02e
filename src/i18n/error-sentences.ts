import { CATALOG, EXIT, type ErrorCode, type ExitCode } from '../errors.js';
import type { Lang } from './lang.js';

/**
 * Русские фразы к кодам ошибок, которыми может закончиться запуск по расписанию (страница расписаний панели).
 * Код без своей фразы получает фразу своего класса (по коду выхода): сам код показывается рядом всегда.
 */
const ERROR_RU: Partial<Readonly<Record<ErrorCode, string>>> = {
  KYC_ERR_SCHEDULE_INPUT_MISSING:
    'Нет файла, который читает расписание (входной файл, белый список или профиль сервиса)',
  KYC_ERR_INPUT_NOT_FOUND: 'Входной файл не существует или не читается',
  KYC_ERR_INPUT_EMPTY: 'Входной файл пуст',
  KYC_ERR_INPUT_NO_HEADER: 'Во входном файле нет строки заголовка',
  KYC_ERR_INPUT_NO_KEY_COLUMN: 'Во входном файле нет ни столбца имени, ни столбца идентификатора',
  KYC_ERR_INPUT_NO_ROWS: 'Во входном файле есть заголовок, но нет ни одной строки с клиентом',
  KYC_ERR_INPUT_ENCODING: 'Кодировку входного файла не удалось прочитать',
  KYC_ERR_INPUT_PARSE: 'Входной файл — не корректный CSV',
  KYC_ERR_RUN_RESUME_MISMATCH: 'Входной файл изменился после начала запуска',
  KYC_ERR_WHITELIST_FILE: 'Файла белого списка нет или он повреждён',
  KYC_ERR_OUTPUT_WRITE: 'Не удаётся записать результат в каталог расписания',
  KYC_ERR_OUTPUT_EXISTS: 'Файл результата уже существует',
  KYC_ERR_RUN_EXISTS: 'Запуск с таким идентификатором уже есть',
  KYC_ERR_RUN_REQUEST: 'Сохранённые параметры запуска не читаются',
  KYC_ERR_UPSTREAM_AUTH: 'Сервис проверок отверг ключ API (KYC_API_KEY)',
  KYC_ERR_UPSTREAM_UNREACHABLE: 'Сервис проверок недоступен: нет соединения или ответа',
  KYC_ERR_UPSTREAM_RATE_LIMITED: 'Превышен лимит запросов к сервису проверок',
  KYC_ERR_UPSTREAM_SERVER: 'Сервис проверок ответил ошибкой сервера',
  KYC_ERR_CONFIG_NO_UPSTREAM: 'Не задан сервис проверок (KYC_API_URL)',
  KYC_ERR_REDIS_CONNECT: 'Нет соединения с Redis',
  KYC_ERR_REDIS_LOST: 'Соединение с Redis потеряно и не восстановилось',
  KYC_ERR_CHECK_FAILED: 'Проверка не удалась и после последней попытки',
  KYC_ERR_SCHEDULED_RUN: 'Запуск по расписанию не завершился',
  KYC_ERR_INTERNAL: 'Внутренняя ошибка',
};

const BY_EXIT_RU: Readonly<Record<ExitCode, string>> = {
  [EXIT.OK]: 'Запуск не завершился',
  [EXIT.INTERNAL]: 'Запуск не завершился из-за внутренней ошибки',
  [EXIT.USAGE]: 'Неверные параметры расписания или настройки сервера',
  [EXIT.INPUT]: 'Входной файл или файл результата не удалось прочитать или записать',
  [EXIT.INCOMPLETE]: 'Проверки не завершились',
  [EXIT.UPSTREAM]: 'Сервис проверок отказал или недоступен',
  [EXIT.REDIS]: 'Redis недоступен',
  [EXIT.PROFILE_MISMATCH]: 'Сервис проверок ведёт себя не так, как записано в его профиле',
  [EXIT.NEW_HITS]: 'Запуск не завершился',
};

/** What an error code means, in the page's language: the catalogue's message in English. */
export function errorSentence(code: ErrorCode, lang: Lang): string {
  const entry = CATALOG[code];
  if (lang === 'en') return entry.message;
  return ERROR_RU[code] ?? BY_EXIT_RU[entry.exit];
}
