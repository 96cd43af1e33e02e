/**
 * The shape of a response body in words: its content type and, for JSON, the names of its top-level
 * fields. Never the values: an error body may echo what was sent.
 */
export function describeBody(body: string, contentType: string | undefined): string {
  const type = (contentType ?? '').split(';')[0]?.trim() || 'no content type';
  const text = body.trim();
  if (text === '') return `empty (${type})`;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    if (/^<(!doctype|html)/i.test(text)) return `HTML (${type})`;
    return `plain text (${type})`;
  }
  if (Array.isArray(json)) return `JSON array (${type})`;
  if (typeof json === 'object' && json !== null) {
    const shape = Object.entries(json)
      .map(([key, value]: [string, unknown]) =>
        typeof value === 'object' && value !== null && !Array.isArray(value)
          ? `${key}: {${Object.keys(value).join(', ')}}`
          : key,
      )
      .join(', ');
    return `JSON {${shape}} (${type})`;
  }
  return `JSON ${typeof json} (${type})`;
}

/** `seconds` (delay-seconds), `HTTP-date`, `absent` or `unreadable`: the form of a Retry-After header. */
export function retryAfterForm(value: string | undefined): 'seconds' | 'HTTP-date' | 'absent' | 'unreadable' {
  if (value === undefined) return 'absent';
  const text = value.trim();
  if (/^\d+$/.test(text)) return 'seconds';
  if (/GMT$|^\w{3} \w{3} [ \d]\d /.test(text) && !Number.isNaN(Date.parse(text))) return 'HTTP-date';
  return 'unreadable';
}

/** The value at quantile `q` (0..1) of a sample, nearest-rank; undefined for an empty sample. */
export function quantile(values: readonly number[], q: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)));
  return sorted[rank - 1];
}
