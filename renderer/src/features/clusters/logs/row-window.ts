// Which rows of a list of equal-height rows are in sight: O(1) whatever the count. The shared
// virtualiser (@tanstack/react-virtual) recomputes a position for every row when the count
// changes, which at 100,000 rows and a new count every frame is a long task each second; a
// log window's rows are one line high unless wrapped or expanded, when it uses that one.

export interface RowRange {
  first: number;
  /** Exclusive. */
  last: number;
}

export function rowsInSight(count: number, scrollTop: number, viewport: number, rowHeight: number, overscan: number): RowRange {
  if (count === 0) return { first: 0, last: 0 };
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(count, Math.ceil((scrollTop + viewport) / rowHeight) + overscan);
  return { first: Math.min(first, last), last };
}
