// The console's own read budget (issue 18: "the console drains its own rate limit"). Live views
// refresh in the background — a followed training job, a metrics dashboard, a list waiting for a
// change — and every refresh is a read a user's own scripts also need. Each refresher (a
// `follower`, by a name of its own) asks `reserve` before its next refresh; the answer is when
// it may read (docs/decisions.md, Gateway: "The console's read budget"):
//
// - The share: background refresh of a rate-limit group spends at most BACKGROUND_SHARE of the
//   group's hourly reads (X-RateLimit-Limit of the group's last read), and never more than that
//   share of what is left (X-RateLimit-Remaining): as the user's own calls drain the window,
//   the console slows down with them.
// - The pace: the group's reads at least a window's length ÷ the share apart — so that any hour,
//   not only each window, holds at most the share — and further apart when what is left of the
//   share must last the rest of the window (X-RateLimit-Reset); the group's followers share
//   that pace (each waits the gap × the reads of every follower of the group), so that two
//   views do not each spend the whole share. A follower counts until it leaves, or one of its
//   waits (and ten seconds) after its last reservation. A view never reads sooner than it asked.
// - Paused: when the share is spent, the wait ends a second past the reset.
//
// Reads are counted when reserved (a reservation given up is not refunded: the budget only
// errs on the side of spending less). Times of the window are the server's (its Date header);
// a server whose clock runs faster than this machine's (an emulator at 60×) has shorter
// windows in real time, so its speed is estimated from the Date headers (whole seconds) of
// answers at least SPEED_SAMPLE_MS apart — the lower of the last two estimates, and 1 for
// anything under 1.1, so that the estimate errs slow — and the waits are real time. Before any answer of a group told its
// limits, a refresher reads at the pace it asked for.
import type { RateLimitInfo } from '../../shared/api/accounts/api-keys';
import type { LimitGroup } from '../../shared/api/common';
import type { RefreshPace } from '../../shared/ipc/streams';

/**
 * The share of a group's hourly reads that background refresh may spend (and the share of what is left).
 * @internal Exported for its tests only.
 */
export const BACKGROUND_SHARE = 0.09;

/** Two answers at least this far apart (real time) tell the server clock's speed (Date has whole seconds: ±3 %). */
const SPEED_SAMPLE_MS = 30_000;
/** A faster estimate than this is a clock advanced by hand, not a speed. */
const SPEED_MAX = 3_600;

interface GroupState {
  limit: number;
  /** Window length, server ms (X-RateLimit-Window). */
  windowMs: number;
  remaining: number;
  /** End of the window, server ms. */
  resetMs: number;
  /** Reads reserved in this window. */
  spent: number;
  /** Reads reserved since the last answer (which `remaining` does not count yet). */
  sinceNote: number;
}

interface Lease {
  group: LimitGroup;
  reads: number;
  /** The follower counts until then (real ms). */
  until: number;
}

interface ClockSample {
  serverMs: number;
  realMs: number;
}

export interface ReadBudget {
  /** Every answer of a read (GET) of the platform API: its limits and the server's time. */
  note(profileId: string, group: LimitGroup, info: RateLimitInfo, serverMs: number | null): void;
  /**
   * A refresher (`follower`) of `group` that will spend `reads` reads and wants to read
   * `preferredMs` from now: when it may (`everyMs` from now) and why. The reads are counted now.
   */
  reserve(profileId: string, group: LimitGroup, follower: string, reads: number, preferredMs: number): RefreshPace;
  /** The follower stopped refreshing: the others of its group get its share of the pace. */
  leave(follower: string): void;
}

export function createReadBudget(realNow: () => number = Date.now): ReadBudget {
  let profile: string | null = null;
  const groups = new Map<LimitGroup, GroupState>();
  const leases = new Map<string, Lease>();
  let sample: ClockSample | null = null;
  let speeds: number[] = [];

  /** Budgets belong to one profile's server: another profile starts over. */
  const follow = (profileId: string) => {
    if (profile === profileId) return;
    profile = profileId;
    groups.clear();
    leases.clear();
    sample = null;
    speeds = [];
  };

  const speed = () => (speeds.length === 0 ? 1 : Math.min(...speeds));

  const serverNow = (real: number) => (sample ? sample.serverMs + (real - sample.realMs) * speed() : real);

  return {
    note(profileId, group, info, serverMs) {
      follow(profileId);
      const real = realNow();
      if (serverMs !== null) {
        if (sample === null) sample = { serverMs, realMs: real };
        else if (real - sample.realMs >= SPEED_SAMPLE_MS) {
          const ratio = (serverMs - sample.serverMs) / (real - sample.realMs);
          // A server slower than this machine, or an advance by hand, is not a speed.
          if (ratio <= SPEED_MAX) speeds = [...speeds, ratio < 1.1 ? 1 : ratio].slice(-2);
          sample = { serverMs, realMs: real };
        }
      }
      const resetMs = info.reset * 1000;
      const state = groups.get(group);
      // A new window: a later one, or one a window or more earlier (the server's clock went back:
      // an emulator reset or a loaded snapshot). A slightly earlier one is an answer that arrived late.
      if (!state || resetMs > state.resetMs || resetMs <= state.resetMs - state.windowMs) {
        groups.set(group, {
          limit: info.limit,
          windowMs: info.window * 1000,
          remaining: info.remaining,
          resetMs,
          spent: 0,
          sinceNote: 0,
        });
      } else if (resetMs === state.resetMs) {
        state.limit = info.limit;
        state.remaining = Math.min(state.remaining, info.remaining);
        state.sinceNote = 0;
      }
    },
    reserve(profileId, group, follower, reads, preferredMs) {
      follow(profileId);
      const real = realNow();
      const state = groups.get(group);
      // A follower renews at its next refresh; one that left without saying so (a window closed)
      // counts one of its waits longer, never more: its lease does not grow with the others'.
      const hold = (everyMs: number) => leases.set(follower, { group, reads, until: real + everyMs + 10_000 });
      if (!state) {
        hold(preferredMs);
        return { everyMs: preferredMs, preferredMs, state: 'live', group };
      }
      const share = Math.floor(BACKGROUND_SHARE * state.limit);
      const left = Math.min(share - state.spent, Math.floor(BACKGROUND_SHARE * state.remaining) - state.sinceNote);
      const s = speed();
      const windowLeftMs = Math.max(0, (state.resetMs - serverNow(real)) / s);
      const figures = { group, limit: state.limit, share };
      if (left < reads) {
        // The share of this window is spent: a second past the reset, so that the read lands in the next one.
        const everyMs = Math.round(Math.max(preferredMs, windowLeftMs + 1_000));
        hold(everyMs);
        return { everyMs, preferredMs, state: 'paused', resumeAt: state.resetMs, ...figures };
      }
      const gapMs = Math.max(state.windowMs / s / share, windowLeftMs / left);
      let demand = reads;
      for (const [name, lease] of leases) {
        if (lease.until < real) leases.delete(name);
        else if (lease.group === group && name !== follower) demand += lease.reads;
      }
      const everyMs = Math.round(Math.max(preferredMs, gapMs * demand));
      hold(everyMs);
      state.spent += reads;
      state.sinceNote += reads;
      return { everyMs, preferredMs, state: everyMs > preferredMs ? 'saving' : 'live', ...figures };
    },
    leave(follower) {
      leases.delete(follower);
    },
  };
}
