/** Debtor check by INN (spec 4.6); answers for known debtors are serialised once up front. */
import { LOOKUP_PATHS } from '@kyc-screen/lookup-contract';
import type { DebtorResult } from '@kyc-screen/lookup-contract';
import { DEFAULT_VIEWS, type RecordViews } from '../record-views.js';
import { required } from '../request.js';
import { badRequest, rawJsonReply } from '../respond.js';
import { getRoute, type Route } from '../router.js';

export function debtRoutes(
  debtors: ReadonlyMap<string, DebtorResult>,
  views: RecordViews = DEFAULT_VIEWS,
): Route[] {
  const answers = new Map<string, string>();
  for (const [inn, debtor] of debtors) answers.set(inn, JSON.stringify(views.debtor(debtor)));
  const notFound = JSON.stringify(views.debtorNotFound());
  return [
    getRoute(LOOKUP_PATHS.debtorByInn, ({ query }) => {
      const inn = required(query, 'inn');
      if (!/^\d{12}$/.test(inn)) throw badRequest('Parameter "inn" must be 12 digits (an individual\'s INN)');
      return rawJsonReply(answers.get(inn) ?? notFound);
    }),
  ];
}
