// A chart's exports: its picture as PNG (the canvas layers it is drawn on, composed on the
// theme's background, plus whatever it draws in the DOM, passed as `decorate`) and its data as
// CSV (lib/csv), both saved through lib/save-file like every other export of the console.
import { toCsv, type CsvValue } from '../../lib/csv';
import { saveFile } from '../../lib/save-file';

/** A file name from a chart's title: "Loss by step" → "loss-by-step". */
function fileStem(title: string): string {
  return (
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'chart'
  );
}

/**
 * Saves `layers` (canvases of one size, bottom first) as one PNG at their device-pixel size.
 * `decorate` draws on top in CSS pixels (labels the chart keeps in the DOM).
 */
export function exportPng(
  title: string,
  layers: ReadonlyArray<HTMLCanvasElement | null>,
  background: string,
  decorate?: (ctx: CanvasRenderingContext2D) => void,
): void {
  const base = layers.find((c): c is HTMLCanvasElement => c !== null);
  if (!base) return;
  const out = document.createElement('canvas');
  out.width = base.width;
  out.height = base.height;
  const ctx = out.getContext('2d')!;
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, out.width, out.height);
  for (const layer of layers) if (layer && layer.width > 0) ctx.drawImage(layer, 0, 0, out.width, out.height);
  if (decorate) {
    ctx.save();
    ctx.scale(out.width / Math.max(1, base.clientWidth || base.width), out.height / Math.max(1, base.clientHeight || base.height));
    decorate(ctx);
    ctx.restore();
  }
  out.toBlob((blob) => {
    if (blob) saveFile(`${fileStem(title)}.png`, blob, 'image/png');
  }, 'image/png');
}

export function exportCsv(title: string, header: readonly string[], rows: readonly (readonly CsvValue[])[]): void {
  saveFile(`${fileStem(title)}.csv`, toCsv(header, rows), 'text/csv;charset=utf-8');
}
