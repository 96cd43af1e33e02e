import type { CheckResult, OptionalCheckKind } from '../domain/check.js';
import type { Client } from '../domain/client.js';
import { decideCadastral, decideCard, decideEmail } from '../verdict/index.js';
import type { OptionalLookup } from './optional-lookup.js';
import { planOptionalCheck, type OptionalCheckSettings } from './optional-plan.js';

/** Plans, calls and decides one optional check of one client. Upstream errors propagate to the caller. */
export async function runOptionalCheck(
  kind: OptionalCheckKind,
  client: Client,
  lookup: OptionalLookup,
  settings: OptionalCheckSettings,
): Promise<CheckResult> {
  const plan = planOptionalCheck(kind, client, settings);
  if ('decided' in plan) return plan.decided;
  const { request } = plan;
  switch (request.operation) {
    case 'validation.email': {
      const found = await lookup.validateEmail(request.email, request.smtp);
      return decideEmail(found.data, [found.record]);
    }
    case 'validation.bin': {
      const found = await lookup.cardData(request.card);
      return decideCard(found.data, settings.cardRiskCountries, [found.record]);
    }
    case 'cadastral.report': {
      const found = await lookup.cadastralReport(request.cadastralNumber, request.owner);
      return decideCadastral(found.data, [found.record]);
    }
  }
}
