/**
 * Path → route. Route names are the spec's paths (`/reg2/dictionary/{name}` for the values of one
 * dictionary): they key the statistics, so they must not vary with the concrete dictionary name.
 */
import type { Query } from './request.js';
import type { Reply } from './respond.js';

export type Method = 'GET' | 'POST';

export interface RouteInput {
  readonly query: Query;
  /** The decoded `{name}` segment of a parameterised path. */
  readonly param: string;
  /** The request body, for routes that read one. */
  readonly body: string;
}

export interface Route {
  readonly name: string;
  readonly methods: readonly Method[];
  /** Whether the handler needs the request body (read before it is called). */
  readonly readsBody: (method: string) => boolean;
  readonly handle: (input: RouteInput, method: string) => Reply;
}

export interface Resolved {
  readonly route: Route;
  readonly param: string;
}

/** A path with one trailing `{name}` segment, e.g. `/reg2/dictionary/{name}`. */
interface PrefixRoute {
  readonly prefix: string;
  readonly route: Route;
}

export class Router {
  private readonly exact = new Map<string, Route>();
  private readonly prefixed: PrefixRoute[] = [];

  add(route: Route): this {
    const brace = route.name.indexOf('/{');
    if (brace < 0) this.exact.set(route.name, route);
    else this.prefixed.push({ prefix: route.name.slice(0, brace + 1), route });
    return this;
  }

  /** The route of a path (ignoring the method), or undefined for an unknown path. */
  resolve(path: string): Resolved | undefined {
    const route = this.exact.get(path);
    if (route !== undefined) return { route, param: '' };
    for (const { prefix, route: candidate } of this.prefixed) {
      if (path.length > prefix.length && path.startsWith(prefix)) {
        const segment = path.slice(prefix.length);
        if (segment.includes('/')) continue;
        try {
          return { route: candidate, param: decodeURIComponent(segment) };
        } catch {
          return undefined;
        }
      }
    }
    return undefined;
  }

  get routes(): readonly Route[] {
    return [...this.exact.values(), ...this.prefixed.map((p) => p.route)];
  }
}

/** A GET-only route. */
export function getRoute(name: string, handle: (input: RouteInput) => Reply): Route {
  return { name, methods: ['GET'], readsBody: () => false, handle };
}
