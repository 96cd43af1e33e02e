/** E-mail validation and card data (spec 4.7, 4.8). */
import { lookupCard } from '../cards.js';
import { validateEmail } from '../email.js';
import { booleanParam, required } from '../request.js';
import { badRequest, jsonReply } from '../respond.js';
import { getRoute, type Route } from '../router.js';

export function validationRoutes(): Route[] {
  return [
    getRoute('/reg2/validation/email', ({ query }) => {
      const email = required(query, 'email');
      return jsonReply({ success: true, data: validateEmail(email, booleanParam(query, 'smtp')) });
    }),
    getRoute('/reg2/validation/bin', ({ query }) => {
      const card = required(query, 'card');
      const result = lookupCard(card);
      if (result === undefined) {
        throw badRequest(
          'Parameter "card" must be a card number (12–19 digits), a masked number (220000******0004) or a BIN (6–8 digits)',
        );
      }
      return jsonReply(result);
    }),
  ];
}
