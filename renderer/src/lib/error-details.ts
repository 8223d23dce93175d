// Error details as readable lines for the error alert.
export function humanize(key: string): string {
  return key
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/^./, (c) => c.toUpperCase());
}

function renderValue(value: unknown): string {
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ');
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/** Zod-style `issues` become "field: message" lines; other details are key/value lines. */
export function detailLines(details: Record<string, unknown>): Array<[string, string]> {
  const lines: Array<[string, string]> = [];
  for (const [key, value] of Object.entries(details)) {
    if (key === 'issues' && Array.isArray(value)) {
      for (const issue of value as Array<{ path?: string; message?: string }>) lines.push([issue.path || 'request', issue.message ?? '']);
    } else lines.push([humanize(key), renderValue(value)]);
  }
  return lines;
}
