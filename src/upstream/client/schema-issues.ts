import type { z } from 'zod';

/** Stands for any array index in a path, so that one shape counts once however many records have it. */
const ANY_INDEX = Symbol('[]');

/**
 * A schema failure in words an operator can act on and a log may keep: the path of each failing field, what
 * was expected there and the JSON type found. Never the value: response bodies carry personal data.
 */
export function describeIssues(issues: readonly z.core.$ZodIssue[], input: unknown, max = 3): string {
  const parts = issues.slice(0, max).map((issue) => describeIssue(issue, input, []));
  const more = issues.length > max ? ` (and ${issues.length - max} more)` : '';
  return parts.join('; ') + more;
}

function describeIssue(issue: z.core.$ZodIssue, input: unknown, prefix: readonly PropertyKey[]): string {
  const path = [...prefix, ...issue.path];
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    // Name what each alternative wanted: which one the service meant is not knowable from here.
    const branches = issue.errors.map((branch) => {
      const first = branch[0];
      return first ? describeIssue(first, input, path) : 'rejected';
    });
    return `${formatPath(path)}: no alternative matched (${branches.join(' | ')})`;
  }
  return `${formatPath(path)}: ${expectation(issue)}, found ${jsonTypeAt(input, path)}`;
}

function expectation(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.expected === 'nonoptional' ? 'expected a value' : `expected ${issue.expected}`;
    case 'invalid_value':
      return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join('|')}`;
    case 'too_big':
      return `expected at most ${String(issue.maximum)}`;
    case 'too_small':
      return `expected at least ${String(issue.minimum)}`;
    case 'custom':
      return issue.message;
    default:
      return issue.code.replace(/_/g, ' ');
  }
}

/** `missing`, `null`, `array`, `string`, …: the kind of what stood at `path`, not what it said. */
function jsonTypeAt(input: unknown, path: readonly PropertyKey[]): string {
  let current: unknown = input;
  for (const key of path) {
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, key)) return 'missing';
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  if (current === null) return 'null';
  if (Array.isArray(current)) return 'array';
  return typeof current;
}

function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'body';
  let out = '';
  for (const key of path) {
    if (key === ANY_INDEX) out += '[]';
    else if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

/**
 * What a tolerant reading forgave: for each issue of the strict schema, `null_field <path>` or
 * `missing_field <path>` (array indices as `[]`, so that one shape counts once however many records have
 * it), without duplicates. Never a value: only the path and the JSON type found there.
 */
export function forgivenFields(
  issues: readonly z.core.$ZodIssue[],
  input: unknown,
): { readonly kind: string; readonly example: string }[] {
  const seen = new Map<string, string>();
  for (const issue of issues) {
    const found = jsonTypeAt(input, issue.path);
    const what = found === 'null' ? 'null_field' : found === 'missing' ? 'missing_field' : 'unexpected_type';
    const path = formatPath(issue.path.map((key) => (typeof key === 'number' ? ANY_INDEX : key)));
    const kind = `${what} ${path.replace(/:/g, '_')}`;
    if (!seen.has(kind)) seen.set(kind, `${expectation(issue)}, found ${found}`);
  }
  return [...seen].map(([kind, example]) => ({ kind, example }));
}
