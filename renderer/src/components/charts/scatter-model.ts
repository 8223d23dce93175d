// The data side of the scatter charts: the pareto frontier of two chosen metrics as the corners
// of its step line, and a tuning job's best value so far. Pure and tested; the frontier itself
// is shared/analysis/pareto.ts (the emulator's comparison computes the same set).
import { paretoFront, type Direction } from '../../../../shared/analysis/pareto';

export interface XY {
  x: number;
  y: number;
}

/**
 * The frontier of `points` for (x, y) with their directions: the indices of its points, sorted
 * by x, and the corners of the step line bounding what they dominate. Between two frontier
 * points the line runs horizontally first when x is minimised (the dominated region lies to the
 * right) and vertically first when x is maximised.
 */
export function frontierStep(points: readonly XY[], xDir: Direction, yDir: Direction): { indices: number[]; line: XY[] } {
  const indices = paretoFront(
    points.map((p) => [p.x, p.y]),
    [xDir, yDir],
  ).sort((a, b) => points[a]!.x - points[b]!.x || points[a]!.y - points[b]!.y);
  const line: XY[] = [];
  for (let k = 0; k < indices.length; k++) {
    const p = points[indices[k]!]!;
    if (k > 0) {
      const prev = line[line.length - 1]!;
      line.push(xDir === 'min' ? { x: p.x, y: prev.y } : { x: prev.x, y: p.y });
    }
    line.push({ x: p.x, y: p.y });
  }
  return { indices, line };
}

/**
 * The best objective value up to each trial (in the order given), null until the first trial
 * with a finite value; a trial without a value (failed, pruned) carries the best on.
 */
export function bestSoFar(values: readonly (number | null)[], direction: Direction): (number | null)[] {
  let best: number | null = null;
  return values.map((v) => {
    if (v !== null && Number.isFinite(v) && (best === null || (direction === 'min' ? v < best : v > best))) best = v;
    return best;
  });
}
