export {
  compareNames,
  type NameAlignment,
  UNMATCHED_PENALTY,
  SINGLE_WORD_CAP,
  ROLE_SWAP_CAP,
} from './compare-names.js';
export { alignTokens, type AlignedPair, type PairRoute } from './align.js';
export { tokenize, type Token } from './tokenize.js';
export { tokenSimilarity, editCost, budget } from './token-similarity.js';
export { genderStem, patronymicStem } from './endings.js';
