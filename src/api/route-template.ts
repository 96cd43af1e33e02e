/**
 * The label of a request in the API's metrics: the route it matched as OpenAPI writes it
 * (`/v1/runs/{id}`), never the concrete path, so that a run id cannot become a time series. Middleware
 * (registered for every method) is no route; a request that matched none is `unmatched`.
 */
export function routeTemplate(
  matched: readonly { readonly method: string; readonly path: string }[],
): string {
  const route = matched.findLast((r) => r.method !== 'ALL');
  return route ? route.path.replace(/:([A-Za-z0-9_]+)/gu, '{$1}') : 'unmatched';
}
