export { plainFold, digraphFold } from './latin-fold.js';
export { romanizations, ROMANIZATION_SYSTEMS } from './romanize.js';
export { phoneticKey } from './phonetic.js';
export { tokenForms, type TokenForms } from './forms.js';
