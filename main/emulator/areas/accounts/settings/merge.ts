// Applying a partial section update (docs/decisions.md, Settings): objects merge member by
// member, arrays are replaced whole, and a write-only value is set by a string, cleared by
// null and kept by REDACTED (what a read gave back). A registry's token follows its url: a
// registry listed again without a token (or with REDACTED) keeps the one it had.
import { REDACTED } from '../../../../../shared/api/accounts/settings';
import { WRITE_ONLY } from './view';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** `target` with `patch` applied; `target` is not changed (a refused update changes nothing). */
export function mergeSection<T>(target: T, patch: unknown): T {
  if (!isObject(target) || !isObject(patch)) return target;
  const out: Json = { ...target };
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) continue;
    if (WRITE_ONLY.has(k)) {
      if (v !== REDACTED) out[k] = v;
    } else if (k === 'registries' && Array.isArray(v)) {
      out[k] = mergeRegistries(target[k], v);
    } else if (isObject(v) && isObject(target[k])) {
      out[k] = mergeSection(target[k], v);
    } else {
      out[k] = Array.isArray(v) ? structuredClone(v) : v;
    }
  }
  return out as T;
}

interface Registry {
  url: string;
  username: string | null;
  access_token: string | null;
}

function mergeRegistries(before: unknown, after: readonly Json[]): Registry[] {
  const old = new Map((Array.isArray(before) ? (before as Registry[]) : []).map((r) => [r.url, r]));
  return after.map((r) => {
    const url = r['url'] as string;
    const token = r['access_token'];
    return {
      url,
      username: (r['username'] as string | null | undefined) ?? old.get(url)?.username ?? null,
      access_token: token === undefined || token === REDACTED ? (old.get(url)?.access_token ?? null) : (token as string | null),
    };
  });
}
