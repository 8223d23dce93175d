// What route handlers and the request pipeline share: one per emulator.
import type { EmulatorSnapshot } from '../../shared/api/emulator-admin';
import type { Chaos } from './core/chaos';
import type { SimClock } from './core/clock';
import type { Journal } from './core/journal';
import type { TierClass } from './core/limits';
import type { RateLimiter } from './core/rate-limit';
import type { Store } from './state/store';
import type { SecretCipher } from './areas/clusters/secret-cipher';

export interface EmulatorContext {
  readonly clock: SimClock;
  readonly store: Store;
  readonly limiter: RateLimiter;
  readonly journal: Journal;
  readonly chaos: Chaos;
  readonly persistence: 'memory' | 'disk';
  /** Seals and opens cluster secret values; its key is never in the state. */
  readonly secrets: SecretCipher;
  /** Aborted when the emulator closes: responses held for a simulated wait answer at once. */
  readonly closing: AbortSignal;
  /** Real time the emulator started (ms), for uptime. */
  readonly startedAt: number;
  seed(): number;
  /** Back to the seeded world (the clock keeps running forward). */
  reset(): void;
  importSnapshot(snapshot: EmulatorSnapshot): void;
  exportSnapshot(): EmulatorSnapshot;
  openapi(): Record<string, unknown>;
  /** The plan's limit for a class, times an active temporary boost. */
  tierLimit(cls: TierClass, now: number): number;
}
