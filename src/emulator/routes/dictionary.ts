/** The dictionary list and the values of one dictionary (spec 4.1, 4.2). */
import { DEFAULT_LIMIT, MAX_LIMIT, type DictionaryCatalog } from '../dictionaries.js';
import { nonNegativeInteger, optional } from '../request.js';
import { badRequest, notFound, rawJsonReply } from '../respond.js';
import { getRoute, type Route } from '../router.js';

export function dictionaryRoutes(catalog: DictionaryCatalog): Route[] {
  return [
    getRoute('/reg2/dictionary', () => rawJsonReply(catalog.listJson)),
    getRoute('/reg2/dictionary/{name}', ({ query, param }) => {
      const requested = nonNegativeInteger(query, 'limit', DEFAULT_LIMIT);
      if (requested === 0) throw badRequest('Parameter "limit" must be at least 1');
      // The spec sets no maximum; larger pages are clamped rather than refused, and data.limit says so.
      const limit = Math.min(requested, MAX_LIMIT);
      const offset = nonNegativeInteger(query, 'offset', 0);
      const page = catalog.page(param, optional(query, 'search'), limit, offset);
      if (page === undefined) throw notFound(`Unknown dictionary "${param}"`);
      const body =
        `{"success":true,"data":{"name":${JSON.stringify(page.name)},"total":${page.total},` +
        `"limit":${page.limit},"offset":${page.offset},"items":[${page.items.join(',')}]}}`;
      return rawJsonReply(body);
    }),
  ];
}
