// The pareto frontier of runs over several metrics, each minimised or maximised: a run is on it
// when no other run is at least as good on every metric and better on one. Runs missing a value
// of a requested metric are left out (they cannot be compared).

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

const better = (o: Objective, a: number, b: number) => (o.direction === 'minimize' ? a < b : a > b);

export function dominates(objectives: readonly Objective[], a: Candidate, b: Candidate): boolean {
  let strictly = false;
  for (const o of objectives) {
    const x = a.values[o.metric]!;
    const y = b.values[o.metric]!;
    if (better(o, y, x)) return false;
    if (better(o, x, y)) strictly = true;
  }
  return strictly;
}

export function paretoFrontier(objectives: readonly Objective[], candidates: readonly Candidate[]): ParetoResult {
  const complete = candidates.filter((c) => objectives.every((o) => Number.isFinite(c.values[o.metric] ?? NaN)));
  const incomplete = candidates.filter((c) => !complete.includes(c)).map((c) => c.id);
  const onFrontier = complete.filter((c) => !complete.some((d) => d !== c && dominates(objectives, d, c)));
  // Dominance is transitive and the set finite: a run on the frontier dominates every other run.
  const dominated = complete
    .filter((c) => !onFrontier.includes(c))
    .map((c) => ({ id: c.id, dominatedBy: onFrontier.find((d) => dominates(objectives, d, c))!.id }));
  const frontier = onFrontier.map((c) => c.id);
  return { frontier, dominated, incomplete };
}
