// The pareto frontier of runs over several metrics, each minimised or maximised: a run is on it
// when no other run is at least as good on every metric and better on one (shared/analysis/pareto.ts,
// the function the console's scatter draws with). Runs missing a value of a requested metric are
// left out (they cannot be compared).
import { dominates, paretoFront, type Direction } from '../../../../../../shared/analysis/pareto';

export interface Objective {
  metric: string;
  direction: 'minimize' | 'maximize';
}

export interface Candidate {
  id: string;
  values: Readonly<Record<string, number | null>>;
}

export interface ParetoResult {
  frontier: string[];
  /** Each dominated run and a run on the frontier that dominates it. */
  dominated: Array<{ id: string; dominatedBy: string }>;
  /** Runs without a value for every objective. */
  incomplete: string[];
}

export function paretoFrontier(objectives: readonly Objective[], candidates: readonly Candidate[]): ParetoResult {
  const directions: Direction[] = objectives.map((o) => (o.direction === 'minimize' ? 'min' : 'max'));
  const pointOf = (c: Candidate) => objectives.map((o) => c.values[o.metric] ?? NaN);
  const complete = candidates.filter((c) => pointOf(c).every(Number.isFinite));
  const incomplete = candidates.filter((c) => !complete.includes(c)).map((c) => c.id);
  const points = complete.map(pointOf);
  const front = paretoFront(points, directions);
  const on = new Set(front);
  // Dominance is transitive and the set finite: a run off the frontier is dominated by one on it.
  const dominated = complete.flatMap((c, i) =>
    on.has(i) ? [] : [{ id: c.id, dominatedBy: complete[front.find((f) => dominates(points[f]!, points[i]!, directions))!]!.id }],
  );
  return { frontier: front.map((i) => complete[i]!.id), dominated, incomplete };
}
