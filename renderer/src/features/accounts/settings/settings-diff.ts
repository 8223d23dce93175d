// What a Save sends: only what the operator changed, as the partial PUT of the section
// (docs/decisions.md, Settings: objects merge member by member, arrays are replaced whole).
// The editors build the section twice in the request's shape — from what was read and from the
// form — and send the difference, so an untouched member (or a kept write-only value, which
// both sides spell REDACTED) never travels.

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((k) => same(a[k], b[k]));
  }
  return false;
}

/**
 * The members of `after` that differ from `before`, nested objects reduced the same way, arrays
 * whole; undefined when nothing changed. A member `after` leaves out is not a change.
 */
export function changedPart<T>(before: T, after: T): Partial<T> | undefined {
  if (!isObject(before) || !isObject(after)) return same(before, after) ? undefined : (after as Partial<T>);
  const out: Json = {};
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined) continue;
    const b = before[key];
    if (isObject(value) && isObject(b)) {
      const inner = changedPart(b, value);
      if (inner !== undefined) out[key] = inner;
    } else if (!same(b, value)) out[key] = value;
  }
  return Object.keys(out).length ? (out as Partial<T>) : undefined;
}
