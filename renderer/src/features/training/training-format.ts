// Display helpers of the training views: sizes in bytes, counts, token figures.

/** Bytes in decimal units, as storage and quotas are counted (docs/decisions.md, Training: datasets). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB', 'TB', 'PB'];
  let v = bytes;
  let i = -1;
  do {
    v /= 1000;
    i++;
  } while (v >= 1000 && i < units.length - 1);
  return `${v >= 100 ? Math.round(v) : v.toFixed(1)} ${units[i]}`;
}

export const formatCount = (n: number) => n.toLocaleString('en-US');

/** A figure for a table cell: up to 2 decimals, grouped. */
export const formatFigure = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });
