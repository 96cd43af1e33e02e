export { isValidInn, isValidInn10, isValidInn12, completeInn } from './inn.js';
export { isValidOgrn, isValidOgrnip, completeOgrn, completeOgrnip } from './ogrn.js';
export { isValidSnils, normalizeSnils, completeSnils, snilsCheckNumber } from './snils.js';
export { isValidBik, isValidSettlementAccount, isValidCorrespondentAccount, withAccountKey } from './bank.js';
export { isValidLuhn, completeLuhn } from './luhn.js';
