/** The dictionary list and the values of one dictionary (spec 4.1, 4.2). */
import { LOOKUP_PATHS } from '@kyc-screen/lookup-contract';
import { DEFAULT_LIMIT, MAX_LIMIT, type DictionaryCatalog } from '../dictionaries.js';
import { nonNegativeInteger, optional } from '../request.js';
import { badRequest, notFound, rawJsonReply } from '../respond.js';
import { getRoute, type Route } from '../router.js';

/**
 * @param maxLimit the largest page served (larger `limit` values are clamped)
 * @param extras fields added to the page's envelope beside `success` and `data`
 */
export function dictionaryRoutes(
  catalog: DictionaryCatalog,
  maxLimit: number = MAX_LIMIT,
  extras: Readonly<Record<string, unknown>> = {},
): Route[] {
  const tail = Object.keys(extras).length === 0 ? '}' : `,${JSON.stringify(extras).slice(1)}`;
  return [
    getRoute(LOOKUP_PATHS.dictionaryList, () => rawJsonReply(catalog.listJson)),
    getRoute(`${LOOKUP_PATHS.dictionaryValues}{name}`, ({ query, param }) => {
      const requested = nonNegativeInteger(query, 'limit', DEFAULT_LIMIT);
      if (requested === 0) throw badRequest('Parameter "limit" must be at least 1');
      // The spec sets no maximum; larger pages are clamped rather than refused, and data.limit says so.
      const limit = Math.min(requested, maxLimit);
      const offset = nonNegativeInteger(query, 'offset', 0);
      const page = catalog.page(param, optional(query, 'search'), limit, offset);
      if (page === undefined) throw notFound(`Unknown dictionary "${param}"`);
      const body =
        `{"success":true,"data":{"name":${JSON.stringify(page.name)},"total":${page.total},` +
        `"limit":${page.limit},"offset":${page.offset},"items":[${page.items.join(',')}]}${tail}`;
      return rawJsonReply(body);
    }),
  ];
}
