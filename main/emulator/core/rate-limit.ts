// Fixed hourly windows aligned to the simulated clock's hours. Every applicable bucket
// counts a request; a request refused by one bucket counts against none; the headers
// report the binding bucket (fewest requests left). docs/decisions.md, Rate limits.
export const WINDOW_MS = 3_600_000;

type BucketKind = 'tier' | 'endpoint' | 'key' | 'client' | 'admin';

export interface BucketSpec {
  id: string;
  limit: number;
  kind: BucketKind;
  /** What `X-RateLimit-Resource` calls this bucket (docs/decisions.md); the kind when absent. */
  resource?: string;
}

export interface LimitOutcome {
  limit: number;
  remaining: number;
  /** Window end, simulated ms. */
  resetMs: number;
  limited: boolean;
  kind: BucketKind;
  /** The binding (or refusing) bucket's name for `X-RateLimit-Resource`. */
  resource: string;
  /** Seconds until the window resets (simulated), at least 1. */
  retryAfter: number;
  /** The simulated time the request was counted at (the answer's `Date`). */
  now: number;
}

interface Bucket {
  window: number;
  count: number;
}

/**
 * Above this many buckets, those of past windows are dropped (they can never refuse again).
 * @internal Exported for its tests only.
 */
export const BUCKETS_PRUNE_AT = 10_000;

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  /** enforce=false still counts and reports but never refuses (benchmarks); areas' own quotas of the Limits tables follow it. */
  constructor(readonly enforce = true) {}

  hit(specs: readonly BucketSpec[], now: number): LimitOutcome {
    const window = Math.floor(now / WINDOW_MS);
    const resetMs = (window + 1) * WINDOW_MS;
    if (this.buckets.size > BUCKETS_PRUNE_AT) this.prune(window);
    const buckets: Bucket[] = [];
    let blocking = -1;
    for (let i = 0; i < specs.length; i++) {
      const spec = specs[i]!;
      let b = this.buckets.get(spec.id);
      if (b === undefined || b.window !== window) {
        b = { window, count: 0 };
        this.buckets.set(spec.id, b);
      }
      buckets.push(b);
      if (this.enforce && b.count >= spec.limit && (blocking < 0 || spec.limit < specs[blocking]!.limit)) blocking = i;
    }
    const retryAfter = Math.max(1, Math.ceil((resetMs - now) / 1000));
    if (blocking >= 0) {
      const spec = specs[blocking]!;
      return {
        limit: spec.limit,
        remaining: 0,
        resetMs,
        limited: true,
        kind: spec.kind,
        resource: spec.resource ?? spec.kind,
        retryAfter,
        now,
      };
    }
    let bind = 0;
    let bindRemaining = Infinity;
    for (let i = 0; i < specs.length; i++) {
      const b = buckets[i]!;
      b.count++;
      const remaining = Math.max(0, specs[i]!.limit - b.count);
      if (remaining < bindRemaining || (remaining === bindRemaining && specs[i]!.limit < specs[bind]!.limit)) {
        bind = i;
        bindRemaining = remaining;
      }
    }
    const spec = specs[bind]!;
    return {
      limit: spec.limit,
      remaining: bindRemaining,
      resetMs,
      limited: false,
      kind: spec.kind,
      resource: spec.resource ?? spec.kind,
      retryAfter,
      now,
    };
  }

  /** State of one bucket without counting. */
  peek(spec: BucketSpec, now: number): { limit: number; remaining: number; resetMs: number } {
    const window = Math.floor(now / WINDOW_MS);
    const b = this.buckets.get(spec.id);
    const used = b !== undefined && b.window === window ? b.count : 0;
    return { limit: spec.limit, remaining: Math.max(0, spec.limit - used), resetMs: (window + 1) * WINDOW_MS };
  }

  clear(): void {
    this.buckets.clear();
  }

  /** Number of buckets held (for tests of the bound). */
  get size(): number {
    return this.buckets.size;
  }

  private prune(window: number): void {
    for (const [id, b] of this.buckets) if (b.window !== window) this.buckets.delete(id);
  }
}
