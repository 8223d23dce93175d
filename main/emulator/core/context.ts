// What route handlers and the request pipeline share: one per emulator.
import type { EmulatorSnapshot } from '../../../shared/api/emulator-admin';
import type { Authority, CreatedResource, Directory, ResourceRef, Serving } from './area';
import type { Chaos } from './chaos';
import type { EventBus, Happening } from './events';
import type { GpuActivity, Metered, Tallied } from './metering';
import type { SimClock } from './clock';
import type { Journal } from './journal';
import type { RateLimiter } from './rate-limit';
import type { SecretCipher } from './secret-cipher';
import type { Store } from '../state/store';

/** Real ms given to settling costly simulated work at a time (EmulatorContext.settle): a request waits at most this long behind it. */
export const SETTLE_SLICE_MS = 20;

export interface EmulatorContext {
  readonly clock: SimClock;
  readonly store: Store;
  readonly limiter: RateLimiter;
  readonly journal: Journal;
  readonly chaos: Chaos;
  readonly persistence: 'memory' | 'disk';
  /** The data folder (files areas keep beside the state, e.g. uploaded datasets); null in memory. */
  readonly dataDir: string | null;
  /** With a data folder: what makes a request's changes durable before its answer (state/persister.ts); null in memory. */
  readonly persister: { commit(): Promise<void> } | null;
  /** Seals and opens secret values; its key is never in the state. */
  readonly secrets: SecretCipher;
  /** Where areas emit events (delivered by the area that keeps the delivery log). */
  readonly events: EventBus;
  /** What every area bills for (AreaModule.metering): the stretches usage and costs add up. */
  metering(): Iterable<Metered>;
  /** What every area counts (AreaModule.tallies): executions and GB transferred. */
  tallies(): Iterable<Tallied>;
  /** What every area's GPUs did hour by hour within `bounds` (hour starts, then an end), where an area measures them (AreaModule.gpuActivity). */
  gpuActivity(bounds: readonly number[]): Iterable<GpuActivity>;
  /** USD spent across every area during [fromMs, toMs): the stretches of `metering` and the priced `tallies` within the span. */
  spending(fromMs: number, toMs: number): number;
  /** Settles every area's costly simulated work up to now, until `deadline` (AreaModule.settle); true when all is settled. */
  settle(deadline: number): boolean;
  /** What every area reports happened during (fromMs, toMs] (AreaModule.happenings), oldest first. */
  happenings(fromMs: number, toMs: number): Happening[];
  /** Who may call (from the area that keeps the keys). */
  readonly authority: Authority;
  /** Aborted when the emulator closes: responses held for a simulated wait answer at once. */
  readonly closing: AbortSignal;
  /** Real time the emulator started (ms), for uptime. */
  readonly startedAt: number;
  /** The organisation and team (from the area that keeps them). */
  directory(): Directory;
  /** Every area's resources with the member who created each (AreaModule.createdResources). */
  createdResources(): CreatedResource[];
  /** Serverless endpoints (from the area that keeps them), for model deployments. */
  serving(): Serving;
  /** What a resource id names in any area (AreaModule.resourceOf), or null. */
  resource(id: string): ResourceRef | null;
  seed(): number;
  /** Back to the seeded world (the clock keeps running forward). */
  reset(): void;
  importSnapshot(snapshot: EmulatorSnapshot): void;
  exportSnapshot(): EmulatorSnapshot;
  openapi(): Record<string, unknown>;
}
