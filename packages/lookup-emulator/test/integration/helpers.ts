import { DEMO_API_KEY } from '../../src/api-key.js';

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

/** One request to the emulator; `json` is undefined when the body does not parse. */
export async function call(
  base: string,
  path: string,
  init: {
    params?: Record<string, string> | undefined;
    /** Default: the demo key; null: no key. */
    key?: string | null | undefined;
    method?: string;
    body?: string | undefined;
    signal?: AbortSignal | undefined;
  } = {},
): Promise<Answer> {
  const url = new URL(path, base);
  for (const [name, value] of Object.entries(init.params ?? {})) url.searchParams.set(name, value);
  const headers: Record<string, string> = {};
  const key = init.key === undefined ? DEMO_API_KEY : init.key;
  if (key !== null) headers['x-api-key'] = key;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers,
    ...(init.body === undefined ? {} : { body: init.body }),
    ...(init.signal === undefined ? {} : { signal: init.signal }),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

export interface ErrorBody {
  success: false;
  error: { code: string; message: string };
}

/** Asserts the one error shape and returns its code. */
export function errorCode(answer: Answer): string {
  const body = answer.json as ErrorBody;
  if (
    body?.success !== false ||
    typeof body.error?.code !== 'string' ||
    typeof body.error.message !== 'string'
  ) {
    throw new Error(`not the error shape: ${answer.text}`);
  }
  return body.error.code;
}
