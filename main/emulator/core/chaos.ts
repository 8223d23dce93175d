// Chaos rules: added latency and injected errors on matching routes, drawn from a seeded
// generator so a failing run can be replayed. Admin routes are never affected.
import type { ChaosRule } from '../../../shared/api/emulator-admin';
import { Rng } from './rng';

interface Compiled {
  rule: ChaosRule;
  segments: string[];
}

/**
 * Paths longer than this never match a chaos rule: it bounds the matching work per request.
 * @internal Exported for its tests only.
 */
export const CHAOS_PATH_MAX = 2048;

/**
 * Glob matching in linear passes, never a backtracking regex (a rule such as `/**********Z`
 * must not freeze the process): the classic greedy wildcard walk that returns to the last star
 * only, so the work is at most |text| × |pattern| steps — both bounded (route ≤ 300 characters,
 * path ≤ CHAOS_PATH_MAX). `isStar(p)` says which pattern items are stars; `eq` compares items.
 */
function globMatch<T>(pattern: readonly T[], text: readonly T[], isStar: (p: T) => boolean, eq: (p: T, t: T) => boolean): boolean {
  let p = 0;
  let t = 0;
  let starP = -1;
  let starT = 0;
  while (t < text.length) {
    if (p < pattern.length && !isStar(pattern[p]!) && eq(pattern[p]!, text[t]!)) {
      p++;
      t++;
    } else if (p < pattern.length && isStar(pattern[p]!)) {
      starP = p++;
      starT = t;
    } else if (starP >= 0) {
      p = starP + 1;
      t = ++starT;
    } else return false;
  }
  while (p < pattern.length && isStar(pattern[p]!)) p++;
  return p === pattern.length;
}

/** Within a segment, `*` matches any characters (none included) but never a `/`. */
const segmentMatches = (pattern: string, segment: string): boolean =>
  pattern === '*'
    ? segment.length > 0
    : !pattern.includes('*')
      ? pattern === segment
      : globMatch(
          [...pattern],
          [...segment],
          (c) => c === '*',
          (a, b) => a === b,
        );

/**
 * `/`-separated route patterns: a segment `**` matches any number of segments (none
 * included), `*` exactly one, and `*` inside a segment any characters of that segment.
 * @internal Exported for its tests only.
 */
export function routeMatches(segments: readonly string[], path: string): boolean {
  if (path.length > CHAOS_PATH_MAX) return false;
  return globMatch(segments, path.split('/'), (s) => s === '**', segmentMatches);
}

/** @internal Exported for its tests only. */
export const compileRoute = (pattern: string): string[] => pattern.split('/');

export class Chaos {
  private compiled: Compiled[] = [];
  private rng: Rng;
  private seed: number;

  constructor(seed: number) {
    this.seed = seed;
    this.rng = Rng.derive(seed, 'chaos');
  }

  get active(): boolean {
    return this.compiled.length > 0;
  }

  set(rules: ChaosRule[], seed = this.seed): void {
    this.compiled = rules.map((rule) => ({ rule, segments: compileRoute(rule.route) }));
    this.seed = seed;
    this.rng = Rng.derive(seed, 'chaos');
  }

  view(): { rules: ChaosRule[]; seed: number } {
    return { rules: this.compiled.map((c) => c.rule), seed: this.seed };
  }

  match(method: string, path: string): ChaosRule | null {
    for (const c of this.compiled) {
      if ((c.rule.method === undefined || c.rule.method === method) && routeMatches(c.segments, path)) return c.rule;
    }
    return null;
  }

  /** True when this request should fail. */
  roll(rule: ChaosRule): boolean {
    return rule.errorRate > 0 && this.rng.next() < rule.errorRate;
  }
}
