import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context, Env } from 'hono';

/**
 * The published OpenAPI document, ready for client generators: every operation has an `operationId` (an
 * explicit one from its route, else one derived from method and path, so a route added later is never
 * without), and `servers` names where the API is reached. The same walk of the document tells which methods
 * a path answers, so a known path asked with another method is 405 with `Allow`, not 404.
 */

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

type Operations = Record<string, Record<string, unknown>>;

interface DocumentInfo {
  readonly title: string;
  readonly version: string;
  readonly description: string;
}

/** `get /v1/runs/{id}/verdicts.csv` → `getV1RunsIdVerdictsCsv`. */
export function derivedOperationId(method: string, path: string): string {
  const words = path.split(/[^A-Za-z0-9]+/u).filter((word) => word !== '');
  return method + words.map((word) => word[0]?.toUpperCase() + word.slice(1)).join('');
}

function withOperationIds(paths: Operations): Operations {
  const out: Operations = {};
  for (const [path, item] of Object.entries(paths)) {
    const copy: Record<string, unknown> = { ...item };
    for (const method of METHODS) {
      const operation = copy[method];
      if (typeof operation !== 'object' || operation === null) continue;
      if (!('operationId' in operation))
        copy[method] = { operationId: derivedOperationId(method, path), ...operation };
    }
    out[path] = copy;
  }
  return out;
}

/**
 * GET `path`: the document of the app's routes. `servers` is the configured public base URL, else the origin
 * the document was asked at (the Host the server answers, see KYC_API_HOSTS).
 */
export function publishDocument<E extends Env>(
  app: OpenAPIHono<E>,
  path: string,
  info: DocumentInfo,
  publicUrl: string | undefined,
): void {
  app.get(path, (c) => {
    const document = app.getOpenAPI31Document({
      openapi: '3.1.0',
      info: { ...info },
      servers: [{ url: publicUrl ?? new URL(c.req.url).origin }],
    });
    return c.json({ ...document, paths: withOperationIds((document.paths ?? {}) as Operations) });
  });
}

/** A path template of the document as a pattern of request paths (`{id}` is one segment). */
function templatePattern(template: string): RegExp {
  const parts = template.split(/\{[^}]+\}/u).map((part) => part.replace(/[.*+?^$()|[\]\\]/gu, '\\$&'));
  return new RegExp(`^${parts.join('[^/]+')}/?$`, 'u');
}

/**
 * The methods each documented path answers (GET answering HEAD too, as the router does), and `extra` paths
 * served outside the document (the document itself). Computed on first use, once every route is in.
 */
export function allowedMethods<E extends Env>(
  app: OpenAPIHono<E>,
  extra: Readonly<Record<string, readonly string[]>>,
): (path: string) => string[] | undefined {
  let table: { pattern: RegExp; methods: string[] }[] | undefined;
  const build = () => {
    const document = app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: '', version: '' } });
    const paths = { ...((document.paths ?? {}) as Operations) };
    const rows = Object.entries(paths).map(([template, item]) => ({
      pattern: templatePattern(template),
      methods: METHODS.filter((m) => m in item).map((m) => m.toUpperCase()),
    }));
    for (const [path, methods] of Object.entries(extra))
      rows.push({ pattern: templatePattern(path), methods: [...methods] });
    return rows.map(({ pattern, methods }) => ({
      pattern,
      methods: methods.includes('GET') && !methods.includes('HEAD') ? [...methods, 'HEAD'] : methods,
    }));
  };
  return (path) => {
    table ??= build();
    const methods = table.filter((row) => row.pattern.test(path)).flatMap((row) => row.methods);
    return methods.length === 0 ? undefined : [...new Set(methods)];
  };
}

/** The `Allow` header of a known path asked with a method it does not answer, or undefined. */
export function allowHeaderOf(
  c: Context,
  allowed: (path: string) => string[] | undefined,
): string | undefined {
  const methods = allowed(c.req.path);
  if (methods === undefined || methods.includes(c.req.method.toUpperCase())) return undefined;
  return methods.join(', ');
}
