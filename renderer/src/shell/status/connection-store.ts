// The connection the status bar tells the truth about: web mode's socket to the console's
// server (useConnectionState), and the active profile's API (useConnectionHealth) — judged
// from what real calls get back, plus a light `GET /v2/auth/verify` on a profile switch,
// every 30 s while something is wrong, and after 5 idle minutes (docs/decisions.md, Status bar).
import { useSyncExternalStore } from 'react';
import { create } from 'zustand';
import { api } from '../../bridge/api';
import { onCallOutcome, type CallOutcome } from '../../bridge/call-outcomes';
import { getBridge, type ConnectionState } from '../../bridge';
import { resetServerClock } from '../../platform/server-clock';
import { useProfiles } from '../../platform/profiles-store';
import {
  isHealthy,
  nextHealth,
  recentLatency,
  roundTripOf,
  withLatencySample,
  type ConnectionHealth,
  type LatencySample,
} from './connection-health';

export function useConnectionState(): ConnectionState {
  const { connection } = getBridge();
  return useSyncExternalStore(
    (onChange) => connection.onStateChange(onChange),
    () => connection.state,
  );
}

/**
 * How often the store looks whether a check is due.
 * @internal Exported for its tests only.
 */
export const CHECK_TICK_MS = 30_000;
/**
 * A healthy connection is checked again only after this long without any answer.
 * @internal Exported for its tests only.
 */
export const IDLE_CHECK_MS = 5 * 60_000;
const CHECK_OP = 'auth.verify';

interface ConnectionHealthState {
  profileId: string | null;
  health: ConnectionHealth;
  /** A check is running. */
  checking: boolean;
  /** When the last outcome arrived (this machine's clock, ms). */
  lastOutcomeAt: number | null;
  /** The round trips of the last minute of answers (the latency shown is their median). */
  latencies: LatencySample[];
  /** Starts over for a newly active profile and checks it. */
  reset(profileId: string | null): void;
  record(outcome: CallOutcome): void;
  /** Runs the check now (unless one is running). */
  check(): Promise<void>;
  /** Runs the check if one is due (the periodic tick). */
  tick(now?: number): void;
  /** Wires outcomes, profile switches and the tick; returns the unwatch. */
  watch(): () => void;
}

export const useConnectionHealth = create<ConnectionHealthState>()((set, get) => ({
  profileId: null,
  health: { kind: 'unknown' },
  checking: false,
  lastOutcomeAt: null,
  latencies: [],
  reset(profileId) {
    resetServerClock();
    set({ profileId, health: { kind: 'unknown' }, lastOutcomeAt: null, latencies: [], checking: false });
    if (profileId !== null) void get().check();
  },
  record(outcome) {
    // This machine's clock: idle checks and the latency's minute are this console's, not times of the data.
    const at = Date.now();
    set((s) => {
      const trip = roundTripOf(outcome);
      const latencies = trip === null ? s.latencies : withLatencySample(s.latencies, { at, ms: trip });
      return { health: nextHealth(outcome, recentLatency(latencies)), latencies, lastOutcomeAt: at };
    });
  },
  async check() {
    if (get().checking) return;
    const profileId = get().profileId;
    set({ checking: true });
    try {
      await api(CHECK_OP);
    } catch {
      // The outcome was recorded by the bridge's report; nothing else to do.
    } finally {
      if (get().profileId === profileId) set({ checking: false });
    }
  },
  tick(now = Date.now()) {
    const { health, lastOutcomeAt, profileId, checking } = get();
    if (profileId === null || checking) return;
    const idle = lastOutcomeAt === null || now - lastOutcomeAt >= IDLE_CHECK_MS;
    if (!isHealthy(health) || idle) void get().check();
  },
  watch() {
    const stopOutcomes = onCallOutcome((outcome) => get().record(outcome));
    const follow = (activeId: string | null) => {
      if (activeId !== get().profileId) get().reset(activeId);
    };
    follow(useProfiles.getState().activeId);
    const stopProfiles = useProfiles.subscribe((s) => follow(s.activeId));
    const timer = setInterval(() => get().tick(), CHECK_TICK_MS);
    return () => {
      stopOutcomes();
      stopProfiles();
      clearInterval(timer);
    };
  },
}));
