// The pareto frontier (the non-dominated set) of points with several objectives, each to be
// minimised or maximised: the console's scatter draws it and the emulator's experiment
// comparison reports it, from this one function. A point dominates another when it is at
// least as good on every objective and better on one; equal points do not dominate each
// other, so duplicates on the frontier are all kept. Points with a non-finite value (NaN, a
// missing metric) are not comparable and are never on the frontier.

export type Direction = 'min' | 'max';

/**
 * The indices (ascending) of the points no other point dominates. Two objectives: one sort and
 * a sweep, O(n log n). More: a sort by the first objective, then each point is tested against
 * the frontier found so far only (a point can only be dominated by one sorted before it),
 * O(n log n + n·f·d) for a frontier of f points.
 */
export function paretoFront(points: readonly (readonly number[])[], directions: readonly Direction[]): number[] {
  const d = directions.length;
  if (d === 0) throw new Error('paretoFront: at least one objective is needed');
  // Every objective as "smaller is better".
  const sign = directions.map((dir) => (dir === 'min' ? 1 : -1));
  const idx: number[] = [];
  for (let i = 0; i < points.length; i++) {
    const p = points[i]!;
    if (p.length !== d) throw new Error(`paretoFront: point ${i} has ${p.length} values for ${d} objectives`);
    if (p.every((v) => Number.isFinite(v))) idx.push(i);
  }
  const v = (i: number, k: number) => sign[k]! * points[i]![k]!;
  // Lexicographic, best first: whatever could dominate a point comes before it.
  idx.sort((a, b) => {
    for (let k = 0; k < d; k++) {
      const diff = v(a, k) - v(b, k);
      if (diff !== 0) return diff;
    }
    return a - b;
  });

  const front: number[] = [];
  if (d === 1) {
    for (const i of idx) if (v(i, 0) === v(idx[0]!, 0)) front.push(i);
  } else if (d === 2) {
    // After the sort, a point is dominated exactly when an earlier one has a better or equal
    // second value without being its duplicate.
    let best = Number.POSITIVE_INFINITY;
    let bestFirst = Number.NaN;
    for (const i of idx) {
      const a = v(i, 0);
      const b = v(i, 1);
      if (b < best) {
        best = b;
        bestFirst = a;
        front.push(i);
      } else if (b === best && a === bestFirst) {
        front.push(i);
      }
    }
  } else {
    for (const i of idx) if (!front.some((j) => dominates(j, i))) front.push(i);
  }
  return front.sort((a, b) => a - b);

  function dominates(a: number, b: number): boolean {
    let better = false;
    for (let k = 0; k < d; k++) {
      const x = v(a, k);
      const y = v(b, k);
      if (x > y) return false;
      if (x < y) better = true;
    }
    return better;
  }
}

/** Whether point `a` dominates point `b` under the given directions. */
export function dominates(a: readonly number[], b: readonly number[], directions: readonly Direction[]): boolean {
  let better = false;
  for (let k = 0; k < directions.length; k++) {
    const s = directions[k] === 'min' ? 1 : -1;
    const x = s * a[k]!;
    const y = s * b[k]!;
    if (!(x <= y)) return false;
    if (x < y) better = true;
  }
  return better;
}
