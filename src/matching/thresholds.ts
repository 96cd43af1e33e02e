/**
 * Every number that turns evidence into a score or a score into a decision, in one place.
 *
 * SCORING_VERSION travels in every verdict row. It MUST change (semver: minor for a new rule or a moved
 * threshold, major for a changed meaning of a status or reason code, patch for a fix that changes no
 * decision on the evaluation set) whenever any rule in src/matching or src/verdict, or any number in this
 * file, changes, so that a re-screen can tell which rules produced an old row.
 *
 * Calibrated on samples/matching/labelled-pairs.jsonl (`npm run eval:matching` prints a threshold sweep).
 */
export const SCORING_VERSION = '1.9.0';

/** A candidate at or above this score is the client (a sanctions or foreign-agent MATCH makes a HIT). */
export const MATCH_THRESHOLD = 0.92;
/** At or above this score (and below MATCH) a candidate goes to a reviewer. */
export const POSSIBLE_THRESHOLD = 0.8;

/** Person names: what each kind of agreement between name parts is worth. */
export const PERSON_NAME = {
  /** One edit (letter changed, added, dropped or two letters swapped) in a name part of this length or more. */
  TYPO_MIN_LENGTH: 5,
  TYPO_PENALTY: 0.03,
  /** Two edits are tolerated only in long parts (patronymics, long surnames) and cost more. */
  TWO_TYPOS_MIN_LENGTH: 10,
  TWO_TYPOS_PENALTY: 0.06,
  /**
   * A name part in another language's form (Алексей / Олексій / Аляксей, Игоревич / Ігорович, Рафикович /
   * Рафик оглы): the same name, written by another country's rules.
   */
  VARIANT_PENALTY: 0.02,
  /**
   * A Belarusian form no table lists (Сакалоў / Соколов, Алена / Елена): capped at CONTRADICTION_CAP unless
   * a given name agrees and the full birth date is equal, then this penalty.
   */
  BELARUSIAN_FORM_PENALTY: 0.02,
  /**
   * A double surname against one of its parts (Соколова-Ланская / Соколова): a reviewer decides, unless
   * the given names agree and the full birth date is equal (then the penalty below).
   */
  DOUBLE_SURNAME_PART_CAP: 0.9,
  DOUBLE_SURNAME_PART_PENALTY: 0.03,
  /** A part present on one side only (a list without patronymics). */
  ABSENT_PART_PENALTY: 0.02,
  /**
   * Initials agree with a name but prove little: at most a POSSIBLE_MATCH, unless the surname is equal and
   * the full birth date too (then the penalty below).
   */
  INITIALS_CAP: 0.9,
  INITIALS_PENALTY: 0.03,
  /** One name part in common (a surname alone) is never more than a weak hint. */
  SINGLE_PART_CAP: 0.6,
  /** A part that contradicts (another given name, the other gender's form of the surname). */
  CONTRADICTION_CAP: 0.5,
} as const;

/** Organization names (after quotes and legal forms are removed). */
export const ORG_NAME = {
  /** The same words in another order. */
  REORDERED_SCORE: 0.9,
  /** The same name once common company words (group/группа, bank/банк) are read across languages: review. */
  TRANSLATED_SCORE: 0.9,
  /** A branch or representative office against its parent (or two branches of one parent): review. */
  BRANCH_SCORE: 0.88,
  /** One edit in a name of this many letters or more. */
  TYPO_MIN_LENGTH: 6,
  TYPO_SCORE: 0.9,
  /** One side writes no legal form. */
  FORM_ABSENT_PENALTY: 0.03,
  /** Same name, legal forms of different families (ООО and АО): another company until a reviewer decides. */
  FORM_DIFFERS_CAP: 0.86,
  /** A word added, dropped or changed: another company. */
  CONTRADICTION_CAP: 0.5,
  /** One edit in the letters of the whole name, word breaks and legal forms included (`Acme AkG`). */
  COMPACT_TYPO_MIN_LENGTH: 8,
  /** Words paired one by one (./org-align.ts): one edit allowed per this many letters of a word. */
  LETTERS_PER_EDIT: 4,
  /** An acronym against the words whose first letters it is (`ICAO` / `International Civil Aviation Organization`). */
  ACRONYM_SIMILARITY: 0.9,
  /** Similar words are never more than a reviewer's case. */
  ALIGNED_MAX: 0.9,
  /** A country or region on one side only (`Acme (Schweiz) AG` / `Acme AG`): a national arm, for a reviewer. */
  PLACE_QUALIFIER_CAP: 0.86,
  /** A word naming the kind of body (`Company`) on one side only, and a place on one side only. */
  BODY_WORD_ALONE_PENALTY: 0.03,
  /**
   * Every word agrees and a bare number differs (`Fund VII` / `Fund VIII`, `Polar Star 1` / `Polar Star 2`):
   * a sister fund, trust series or ship of one owner, for a reviewer. A number after a number sign
   * (`Завод № 157`) is the body's own registration number: another body (CONTRADICTION_CAP).
   */
  NUMBER_DIFFERS_CAP: 0.84,
  /** A vessel prefix (`MV`, `M/T`) on one side only, the names otherwise equal. */
  VESSEL_PREFIX_CAP: 0.9,
} as const;

export const BIRTH_DATE = {
  /** Year only, a `YYYY-01-01` placeholder, or day and month swapped: support, but weaker than equality. */
  WEAK_PENALTY: 0.09,
  /** One side has no birth date: a full name alone is a POSSIBLE_MATCH at best. */
  ABSENT_PENALTY: 0.1,
  /** Another birth date: another person, however equal the names. */
  CONTRADICTION_CAP: 0.5,
} as const;

export const IDENTIFIER = {
  /** A valid INN, OGRN/OGRNIP or SNILS equal on both sides. */
  EQUAL_SCORE: 1,
  /** One identifier equal, another one different: a data error a reviewer must see. */
  DISAGREE_SCORE: 0.85,
  /** Both sides carry a valid identifier of the same kind and they differ. */
  CONFLICT_CAP: 0.4,
} as const;

/**
 * Corroboration sets the bar for a person's name. An equal full birth date (day, month and year on both
 * sides) removes the absent-date penalty, so a name similarity of NAME_MIN or more is at least a
 * POSSIBLE_MATCH, and the reasons say so; an equal valid identifier decides alone (IDENTIFIER.EQUAL_SCORE).
 * Without a corroborator the name must reach POSSIBLE_THRESHOLD + BIRTH_DATE.ABSENT_PENALTY (0.90).
 */
export const CORROBORATION = {
  NAME_MIN: POSSIBLE_THRESHOLD,
} as const;

/** A person against an organization (or the reverse), without an equal identifier. */
export const ENTITY_MISMATCH_CAP = 0.3;

/** Candidates kept as evidence in a CheckResult: this many best, plus every MATCH and POSSIBLE_MATCH. */
export const EVIDENCE_TOP_N = 5;
