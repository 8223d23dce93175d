// Hyperband (Li, Jamieson, DeSalvo, Rostamizadeh, Talwalkar, JMLR 2018) over epochs: with R =
// max_epochs, η = reduction_factor and s_max = ⌊log_η(R / min_epochs)⌋, bracket s ∈ {s_max…0}
// starts n = ⌈(s_max+1)/(s+1) · η^s⌉ random configurations at r = R·η^−s epochs and runs
// successive halving: rung i trains ⌊n·η^−i⌋ configurations for r·η^i epochs, the best ⌊1/η⌋ of
// each rung going on to the next. A rung starts only when the rung before it has finished;
// brackets run side by side. The brackets repeat (new configurations) while whole brackets fit in
// max_trials (docs/decisions.md, Training: tuning — Hyperband).
import type { Params } from './space';

export interface HyperbandConfig {
  max_epochs: number;
  reduction_factor: number;
  min_epochs: number;
}

interface Rung {
  epochs: number;
  trials: number;
}

export interface Bracket {
  s: number;
  rungs: Rung[];
}

const bracketSize = (b: Bracket) => b.rungs.reduce((n, r) => n + r.trials, 0);

/** One Hyperband iteration: brackets s_max down to 0. */
export function hyperbandBrackets(c: HyperbandConfig): Bracket[] {
  const eta = c.reduction_factor;
  const sMax = Math.floor(Math.log(c.max_epochs / c.min_epochs) / Math.log(eta) + 1e-9);
  const out: Bracket[] = [];
  for (let s = sMax; s >= 0; s--) {
    const n = Math.ceil(((sMax + 1) / (s + 1)) * eta ** s);
    const r = c.max_epochs * eta ** -s;
    const rungs: Rung[] = [];
    for (let i = 0; i <= s; i++) {
      const trials = Math.floor(n * eta ** -i + 1e-9);
      if (trials < 1) break;
      rungs.push({ epochs: Math.min(c.max_epochs, Math.max(c.min_epochs, Math.round(r * eta ** i))), trials });
    }
    out.push({ s, rungs });
  }
  return out;
}

/** The brackets a tuning job runs: iterations repeated while whole brackets fit in `maxTrials`; null when not even the smallest fits. */
export function hyperbandSchedule(c: HyperbandConfig, maxTrials: number): Bracket[] | null {
  const one = hyperbandBrackets(c);
  const out: Bracket[] = [];
  let left = maxTrials;
  for (;;) {
    let added = false;
    for (const b of one) {
      const size = bracketSize(b);
      if (size <= left) {
        out.push(b);
        left -= size;
        added = true;
      }
    }
    if (!added) break;
  }
  return out.length === 0 ? null : out;
}

/** A trial as the Hyperband planner sees it. */
export interface HyperbandTrial {
  bracket: number;
  rung: number;
  params: Readonly<Params>;
  /** Lower is better; null when it failed. */
  value: number | null;
  ended: boolean;
}

export type HyperbandNext = { bracket: number; rung: number; epochs: number; params: Params | null } | 'wait' | 'done';

/**
 * The next trial to launch given those launched (in launch order): a new configuration of a
 * bracket's first rung (`params` null: the caller samples one), or the next-ranked configuration
 * of the rung below, once that rung has finished; 'wait' while promotions wait for a rung.
 */
export function nextHyperband(schedule: readonly Bracket[], launched: readonly HyperbandTrial[]): HyperbandNext {
  let waiting = false;
  for (let b = 0; b < schedule.length; b++) {
    const bracket = schedule[b]!;
    const mine = launched.filter((t) => t.bracket === b);
    for (let i = 0; i < bracket.rungs.length; i++) {
      const rung = bracket.rungs[i]!;
      const have = mine.filter((t) => t.rung === i).length;
      if (have >= rung.trials) continue;
      if (i === 0) return { bracket: b, rung: 0, epochs: rung.epochs, params: null };
      const below = mine.filter((t) => t.rung === i - 1);
      if (below.some((t) => !t.ended)) {
        waiting = true;
        break;
      }
      const ranked = below
        .map((t, k) => ({ t, k }))
        .sort((x, y) => (x.t.value ?? Infinity) - (y.t.value ?? Infinity) || x.k - y.k)
        .filter((x) => x.t.value !== null);
      const next = ranked[have];
      if (next === undefined) break; // fewer survivors than places (failures): the bracket ends here
      return { bracket: b, rung: i, epochs: rung.epochs, params: { ...next.t.params } };
    }
  }
  return waiting ? 'wait' : 'done';
}

/** Trials of a schedule: every rung of every bracket. */
export const scheduleTrials = (schedule: readonly Bracket[]) => schedule.reduce((n, b) => n + bracketSize(b), 0);
