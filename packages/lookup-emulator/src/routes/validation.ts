/** E-mail validation and card data (spec 4.7, 4.8). */
import { LOOKUP_PATHS } from '@kyc-screen/lookup-contract';
import { lookupCard, type CardResult } from '../cards.js';
import { validateEmail } from '../email.js';
import { booleanParam, required } from '../request.js';
import { badRequest, jsonReply } from '../respond.js';
import { getRoute, type Route } from '../router.js';

export interface ValidationShapes {
  /** The `data` of the e-mail answer for an address. */
  readonly email: (address: string, smtp: boolean) => unknown;
  readonly card: (result: CardResult) => unknown;
  /** Fields added to the e-mail answer's envelope beside `success` and `data`. */
  readonly envelopeExtras: Readonly<Record<string, unknown>>;
}

const AS_COMPUTED: ValidationShapes = { email: validateEmail, card: (result) => result, envelopeExtras: {} };

export function validationRoutes(shapes: ValidationShapes = AS_COMPUTED): Route[] {
  return [
    getRoute(LOOKUP_PATHS.emailValidation, ({ query }) => {
      const email = required(query, 'email');
      const data = shapes.email(email, booleanParam(query, 'smtp'));
      return jsonReply({ success: true, data, ...shapes.envelopeExtras });
    }),
    getRoute(LOOKUP_PATHS.cardData, ({ query }) => {
      const card = required(query, 'card');
      const result = lookupCard(card);
      if (result === undefined) {
        throw badRequest(
          'Parameter "card" must be a card number (12–19 digits), a masked number (220000******0004) or a BIN (6–8 digits)',
        );
      }
      return jsonReply(shapes.card(result));
    }),
  ];
}
