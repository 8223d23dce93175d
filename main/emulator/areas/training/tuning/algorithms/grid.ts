// Grid search: every combination of the discrete parameters' values, in the order the space
// lists them (the last parameter varies fastest). An inactive parameter takes no value, so a
// combination is counted once however many values the parameter would have had.
import { fromUnit, isActive, type CompiledSpace, type Params } from './space';

/** Every point of the grid; null when there are more than `cap`. Continuous parameters are refused before this. */
export function enumerateGrid(space: CompiledSpace, cap: number): Params[] | null {
  let points: Params[] = [{}];
  for (const p of space.params) {
    const cells = p.cells ?? 1;
    const next: Params[] = [];
    for (const point of points) {
      if (!isActive(p, point)) {
        next.push(point);
        continue;
      }
      for (let i = 0; i < cells; i++) next.push({ ...point, [p.name]: fromUnit(p.spec, (i + 0.5) / cells) });
      if (next.length > cap) return null;
    }
    points = next;
  }
  return points;
}
