// Pure parts of the shared table: sorting and the narrowest width of its grid.
export interface SortState {
  columnId: string;
  direction: 'asc' | 'desc';
}

export interface SortableColumn<T> {
  id: string;
  sortValue?(row: T): string | number;
}

const SCROLLBAR_GUTTER = 16;

/** The narrowest the grid can be: the first px figure of each track (`120px`, `minmax(180px, 2fr)`), 80 px otherwise. */
export function minTableWidth(widths: readonly string[]): number {
  return widths.reduce((sum, w) => sum + Number(/(\d+(?:\.\d+)?)px/.exec(w)?.[1] ?? 80), 0) + SCROLLBAR_GUTTER;
}

/** Rows in the column's order (numbers numerically, text by locale); the input order when unsorted. */
export function sortRows<T>(rows: readonly T[], columns: readonly SortableColumn<T>[], sort: SortState | null): readonly T[] {
  const column = sort && columns.find((c) => c.id === sort.columnId);
  if (!sort || !column?.sortValue) return rows;
  const value = column.sortValue;
  const factor = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    return factor * (typeof va === 'number' && typeof vb === 'number' ? va - vb : String(va).localeCompare(String(vb)));
  });
}

/** A generous width (px) of a letter in the tables' upper-case 12 px headers (M and W are wider than most). */
const HEADER_LETTER_PX = 10;

/**
 * The narrowest width (px, with the cell's padding) at which a wrapping header (DataTable's
 * `wrapHeader`: it breaks after a space, `_`, `.`, `/` or `-`) takes at most two lines: the best split of
 * its parts into two lines, each as wide as its letters.
 */
export function twoLineHeaderWidth(name: string, padding = 16): number {
  const parts = name.split(/(?<=[ _./-])/);
  let best = name.length;
  for (let i = 1; i < parts.length; i++) {
    const first = parts.slice(0, i).join('').length;
    best = Math.min(best, Math.max(first, name.length - first));
  }
  return Math.ceil(best * HEADER_LETTER_PX + padding + 4);
}
