// The event bus every area emits on (01-accounts.md, Events; docs/decisions.md, Settings, events
// and profile: Events): `ctx.events.emit(type, {subject, data})` from a handler, or a happening an
// area reports for a span of simulated time (AreaModule.happenings) — areas never import the one
// that delivers. The area that keeps the delivery log (AreaModule.deliveries) receives every
// event; emitting only queues, so no API answer waits for a delivery.
import type { EventType } from '../../../shared/api/accounts/event-types';
import type { PlatformEvent } from '../../../shared/api/accounts/deliveries';
import { pooledId } from './ids';

export interface EmitInput {
  /** The resource the event is about (a cluster, a key, a member…); null when none. */
  subject: string | null;
  /** What the event says beyond its subject (ids, names, states), plain JSON. */
  data?: Record<string, unknown>;
  /** When it happened (simulated ms); now when absent. */
  at?: number;
}

/** What emitting started: the event and the deliveries and mails it made. */
export interface Emitted {
  event: PlatformEvent;
  deliveries: string[];
  mails: string[];
}

export interface EventBus {
  emit(type: EventType, input: EmitInput): Emitted;
  /** Runs the clock's part now (happenings, cost alerts, due retries): after the clock was moved by hand, and on a timer. */
  tick(): void;
  /**
   * Notifications sent for the billing cost alert at `index` (its period and threshold) in the
   * period starting at `periodStart`: the succeeded deliveries and the mails of the event it fired.
   */
  costAlertNotifications(index: number, alert: { period: string; threshold: number }, periodStart: number): number;
}

/** Something that happened over a span of simulated time without a request (a cluster came up, a job completed). */
export interface Happening {
  type: EventType;
  subject: string;
  /** When (simulated ms). */
  at: number;
  data: Record<string, unknown>;
}

/** Where events go: the area that delivers them (exactly one area provides it). */
export interface EventSink {
  /** Queues the deliveries and mails of one event; never waits for a delivery. */
  receive(event: PlatformEvent, now: number): { deliveries: string[]; mails: string[] };
  /** Runs on the clock: happenings and cost alerts since the last tick, due retries. */
  tick(now: number): void;
  /** See EventBus.costAlertNotifications. */
  costAlertNotifications(index: number, alert: { period: string; threshold: number }, periodStart: number): number;
  /** Stops sending (the emulator closes). */
  close(): Promise<void>;
}

export class EventHub implements EventBus {
  sink: EventSink | null = null;

  constructor(
    private readonly now: () => number,
    private readonly accountId: () => string,
  ) {}

  emit(type: EventType, input: EmitInput): Emitted {
    const at = input.at ?? this.now();
    const event: PlatformEvent = {
      id: pooledId('evt_', 20),
      type,
      timestamp: new Date(at).toISOString(),
      account_id: this.accountId(),
      data: { subject: input.subject, ...input.data },
    };
    const sent = this.sink?.receive(event, this.now()) ?? { deliveries: [], mails: [] };
    return { event, ...sent };
  }

  tick(): void {
    this.sink?.tick(this.now());
  }

  costAlertNotifications(index: number, alert: { period: string; threshold: number }, periodStart: number): number {
    return this.sink?.costAlertNotifications(index, alert, periodStart) ?? 0;
  }
}
