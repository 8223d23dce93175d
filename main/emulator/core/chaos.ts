// Chaos rules: added latency and injected errors on matching routes, drawn from a seeded
// generator so a failing run can be replayed. Admin routes are never affected.
import type { ChaosRule } from '../../../shared/api/emulator-admin';
import { Rng } from './rng';

interface Compiled {
  rule: ChaosRule;
  re: RegExp;
}

/** `*` is one path segment, `**` any rest of the path. */
export function routePatternToRegExp(pattern: string): RegExp {
  const body = pattern
    .split(/(\*\*|\*)/)
    .map((part) => (part === '**' ? '.*' : part === '*' ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${body}$`);
}

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
    this.compiled = rules.map((rule) => ({ rule, re: routePatternToRegExp(rule.route) }));
    this.seed = seed;
    this.rng = Rng.derive(seed, 'chaos');
  }

  view(): { rules: ChaosRule[]; seed: number } {
    return { rules: this.compiled.map((c) => c.rule), seed: this.seed };
  }

  match(method: string, path: string): ChaosRule | null {
    for (const c of this.compiled) {
      if ((c.rule.method === undefined || c.rule.method === method) && c.re.test(path)) return c.rule;
    }
    return null;
  }

  /** True when this request should fail. */
  roll(rule: ChaosRule): boolean {
    return rule.errorRate > 0 && this.rng.next() < rule.errorRate;
  }
}
