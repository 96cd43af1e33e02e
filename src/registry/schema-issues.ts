import type { z } from 'zod';

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
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}
