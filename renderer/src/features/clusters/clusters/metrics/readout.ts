// Values under the crosshair (or the latest, when not hovering) for the readout and legend.
import { nearestPoint } from './ring-buffer';
import type { SeriesSet } from './series-set';

/**
 * The time the readout names, and whose values it shows: the reading nearest the crosshair
 * (within `maxGap`; null when none is that near, a gap in the data), else the last reading.
 * Never the pointer's own time: the values are those read at the time named.
 */
export function readoutTime(crosshair: number | null, set: SeriesSet, maxGap: number): number | null {
  if (crosshair === null) return set.last;
  let best: number | null = null;
  for (const key of set.keys()) {
    const p = nearestPoint(set.data(key), crosshair, maxGap);
    if (p && (best === null || Math.abs(p.x - crosshair) < Math.abs(best - crosshair))) best = p.x;
  }
  return best;
}

/** The value a series read at `x` (a time readoutTime named); undefined when it has no reading then. */
export function valueAt(set: SeriesSet, key: string, x: number | null): number | undefined {
  if (x === null) return undefined;
  return nearestPoint(set.data(key), x, 0)?.y;
}

export function formatTime(ms: number, withDate: boolean): string {
  return new Date(ms).toLocaleString(undefined, {
    ...(withDate ? { month: 'short', day: 'numeric' } : {}),
    hour: '2-digit',
    minute: '2-digit',
    second: withDate ? undefined : '2-digit',
  });
}
