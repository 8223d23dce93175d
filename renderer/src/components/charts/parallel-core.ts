// Parallel coordinates drawn on stacked canvases, so a brush move redraws only what it changes
// (no React here; the benchmark drives exactly what the view draws):
//   1. every line, dimmed, in one path — drawn when the data, the axis order or the size change;
//   2. the selected lines in colour over it — one path per colour bin (the items are ordered by
//      bin once), from positions scaled once into a typed array (parallel-model.ts);
//   3. the axes and their ticks;
//   4. the brushes and the line under the pointer.
// A brush move recomputes the selection (a pass over one typed column per brushed axis) and
// redraws layers 2 and 4 only; a brush that only grew (dragging away from where it started)
// draws just the lines it added on top of layer 2.
import { brushMask, type Brush, type ParallelColumns } from './parallel-model';

export interface ParallelColors {
  /** Axes and tick labels. */
  axis: string;
  text: string;
  /** The dimmed lines (brushed out, or under the selection). */
  dim: string;
  brush: string;
  brushEdge: string;
  hover: string;
  /** Behind tick labels (the chart's background), so they read over the lines. */
  halo: string;
}

export interface ParallelLayers {
  bg: HTMLCanvasElement;
  fg: HTMLCanvasElement;
  axes: HTMLCanvasElement;
  hover: HTMLCanvasElement;
}

/** Margins of the plot inside the canvases (css px): axis labels sit in the DOM above. */
export const PLOT_MARGIN = { top: 10, right: 28, bottom: 14, left: 56 };

/** The x (css px) of the k-th of m axes across a plot `width` wide: evenly spaced inside the margins. */
export function axisX(width: number, m: number, k: number): number {
  const left = PLOT_MARGIN.left;
  const right = width - PLOT_MARGIN.right;
  return m === 1 ? (left + right) / 2 : left + (k * (right - left)) / (m - 1);
}

export interface ParallelController {
  setData(
    cols: ParallelColumns,
    order: readonly number[],
    bins: { bin: Uint8Array; order: Uint32Array },
    binColours: readonly string[],
  ): void;
  setOrder(order: readonly number[]): void;
  setSize(width: number, height: number): void;
  setColors(colors: ParallelColors): void;
  /** Sets the brushes (by axis index), redraws the selection; returns the mask (1 = selected). */
  setBrushes(brushes: ReadonlyMap<number, Brush>): Uint8Array;
  setHover(item: number | null): void;
  /** The x (css px) of the axis shown at slot k. */
  xOfSlot(k: number): number;
  /** The slot under an x (fractional: 1.5 is halfway between the second and third axes). */
  slotAt(px: number): number;
  /** Axis position (0 bottom – 1 top) of a y, clamped, and back. */
  tAt(py: number): number;
  yOf(t: number): number;
  plotHeight(): number;
  mask(): Uint8Array;
  layers(): HTMLCanvasElement[];
}

function fit(canvas: HTMLCanvasElement, w: number, h: number): CanvasRenderingContext2D {
  const ratio = window.devicePixelRatio || 1;
  const pw = Math.max(1, Math.round(w * ratio));
  const ph = Math.max(1, Math.round(h * ratio));
  if (canvas.width !== pw || canvas.height !== ph) {
    canvas.width = pw;
    canvas.height = ph;
    canvas.style.width = `${w}px`;
    canvas.style.height = `${h}px`;
  }
  const ctx = canvas.getContext('2d')!;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, pw, ph);
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  return ctx;
}

function ellipsize(ctx: CanvasRenderingContext2D, text: string, max: number): string {
  if (ctx.measureText(text).width <= max) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (ctx.measureText(`${text.slice(0, mid)}…`).width <= max) lo = mid;
    else hi = mid - 1;
  }
  return `${text.slice(0, lo)}…`;
}

export function createParallel(layers: ParallelLayers, initial: ParallelColors, font: string): ParallelController {
  let colors = initial;
  let cols: ParallelColumns = { scales: [], pos: new Float32Array(0), axes: 0, items: 0 };
  let order: readonly number[] = [];
  let bins: { bin: Uint8Array; order: Uint32Array } = { bin: new Uint8Array(0), order: new Uint32Array(0) };
  let binColours: readonly string[] = [];
  let brushes: ReadonlyMap<number, Brush> = new Map();
  let mask = new Uint8Array(0);
  let hover: number | null = null;
  let width = 0;
  let height = 0;
  /** x (css px) of each slot's axis. */
  let slotX = new Float32Array(0);

  const plotTop = () => PLOT_MARGIN.top;
  const plotBottom = () => height - PLOT_MARGIN.bottom;
  const yOf = (t: number) => plotBottom() - t * (plotBottom() - plotTop());

  function placeSlots(): void {
    const m = order.length;
    slotX = new Float32Array(m);
    for (let k = 0; k < m; k++) slotX[k] = axisX(width, m, k);
  }

  /** Adds item i's polyline to the current path; a missing value breaks it. */
  function trace(ctx: CanvasRenderingContext2D, i: number, y0: number, ky: number): void {
    const base = i * cols.axes;
    let pen = false;
    for (let k = 0; k < order.length; k++) {
      const t = cols.pos[base + order[k]!]!;
      if (Number.isNaN(t)) {
        pen = false;
        continue;
      }
      const x = slotX[k]!;
      const y = y0 - t * ky;
      if (pen) ctx.lineTo(x, y);
      else ctx.moveTo(x, y);
      pen = true;
    }
  }

  function drawBackground(): void {
    const ctx = fit(layers.bg, width, height);
    if (order.length === 0) return;
    const y0 = plotBottom();
    const ky = plotBottom() - plotTop();
    ctx.lineWidth = 1;
    ctx.strokeStyle = colors.dim;
    ctx.beginPath();
    for (let i = 0; i < cols.items; i++) trace(ctx, i, y0, ky);
    ctx.stroke();
  }

  /** The selection's line opacity, set by each full redraw (fewer lines read better more opaque). */
  let lineAlpha = 0.5;

  /**
   * Draws the selected lines. With `only`, draws just the items it marks on top of what is
   * there, without clearing: a brush that grew adds lines and removes none.
   */
  function drawSelection(only?: Uint8Array): void {
    const ctx = only ? layers.fg.getContext('2d')! : fit(layers.fg, width, height);
    if (order.length === 0) return;
    const y0 = plotBottom();
    const ky = plotBottom() - plotTop();
    ctx.lineWidth = 1;
    if (!only) {
      // 2,000 overlapping lines need transparency to show their density; a few read better opaque.
      let selected = 0;
      for (let i = 0; i < cols.items; i++) selected += mask[i]!;
      lineAlpha = selected > 500 ? 0.5 : selected > 100 ? 0.7 : 0.9;
    }
    ctx.globalAlpha = lineAlpha;
    const draw = only ?? mask;
    const ord = bins.order;
    let j = 0;
    while (j < ord.length) {
      const b = bins.bin[ord[j]!]!;
      let any = false;
      for (let k = j; k < ord.length && bins.bin[ord[k]!] === b; k++) if (draw[ord[k]!]) any = true;
      if (!any) {
        while (j < ord.length && bins.bin[ord[j]!] === b) j++;
        continue;
      }
      ctx.strokeStyle = binColours[b] ?? colors.axis;
      ctx.beginPath();
      for (; j < ord.length && bins.bin[ord[j]!] === b; j++) {
        const i = ord[j]!;
        if (draw[i]) trace(ctx, i, y0, ky);
      }
      ctx.stroke();
    }
    ctx.globalAlpha = 1;
  }

  function drawAxes(): void {
    const ctx = fit(layers.axes, width, height);
    const top = plotTop();
    const bottom = plotBottom();
    const spacing = order.length > 1 ? slotX[1]! - slotX[0]! : width;
    ctx.font = font;
    ctx.textBaseline = 'middle';
    ctx.textAlign = 'right';
    for (let k = 0; k < order.length; k++) {
      const a = order[k]!;
      const x = Math.round(slotX[k]!) + 0.5;
      ctx.strokeStyle = colors.axis;
      ctx.lineWidth = 1;
      ctx.beginPath();
      ctx.moveTo(x, top);
      ctx.lineTo(x, bottom);
      const ticks = cols.scales[a]!.ticks(Math.max(2, Math.floor((bottom - top) / 36)));
      for (const t of ticks) {
        const y = Math.round(yOf(t.t)) + 0.5;
        ctx.moveTo(x - 4, y);
        ctx.lineTo(x, y);
      }
      ctx.stroke();
      // Tick labels left of the axis, as wide as the gap to the previous one allows, on a halo
      // of the background so they read over the lines.
      const room = (k === 0 ? PLOT_MARGIN.left : spacing) - 12;
      ctx.lineJoin = 'round';
      ctx.lineWidth = 3;
      ctx.strokeStyle = colors.halo;
      ctx.fillStyle = colors.text;
      for (const t of ticks) {
        const label = ellipsize(ctx, t.label, room);
        ctx.strokeText(label, x - 6, yOf(t.t));
        ctx.fillText(label, x - 6, yOf(t.t));
      }
    }
  }

  /** The top layer: the brushes and the line under the pointer (both cheap, redrawn together). */
  function drawHover(): void {
    const ctx = fit(layers.hover, width, height);
    for (let k = 0; k < order.length; k++) {
      const brush = brushes.get(order[k]!);
      if (!brush) continue;
      const x = Math.round(slotX[k]!) + 0.5;
      const yHi = yOf(brush[1]);
      const h = Math.max(2, yOf(brush[0]) - yHi);
      ctx.fillStyle = colors.brush;
      ctx.fillRect(x - 7, yHi, 14, h);
      ctx.strokeStyle = colors.brushEdge;
      ctx.lineWidth = 1;
      ctx.strokeRect(x - 7, yHi, 14, h);
    }
    if (hover === null || order.length === 0) return;
    ctx.lineWidth = 2.5;
    ctx.strokeStyle = colors.hover;
    ctx.beginPath();
    trace(ctx, hover, plotBottom(), plotBottom() - plotTop());
    ctx.stroke();
  }

  function recomputeMask(): void {
    if (mask.length !== cols.items) mask = new Uint8Array(cols.items);
    brushMask(cols, brushes, mask);
  }

  return {
    setData(nextCols, nextOrder, nextBins, nextColours) {
      cols = nextCols;
      order = nextOrder;
      bins = nextBins;
      binColours = nextColours;
      // Brushes on axes that no longer exist go.
      brushes = new Map([...brushes].filter(([a]) => a < cols.axes));
      recomputeMask();
      placeSlots();
      drawBackground();
      drawSelection();
      drawAxes();
      drawHover();
    },
    setOrder(next) {
      order = next;
      placeSlots();
      drawBackground();
      drawSelection();
      drawAxes();
      drawHover();
    },
    setSize(w, h) {
      width = w;
      height = h;
      placeSlots();
      drawBackground();
      drawSelection();
      drawAxes();
      drawHover();
    },
    setColors(next) {
      colors = next;
      drawBackground();
      drawSelection();
      drawAxes();
      drawHover();
    },
    setBrushes(next) {
      brushes = next;
      const before = mask.length === cols.items ? mask.slice() : null;
      recomputeMask();
      // A brush that only grew (the usual drag) adds its new lines over the old ones; any line
      // leaving the selection needs the layer redrawn.
      let grew = before !== null;
      const added = new Uint8Array(cols.items);
      for (let i = 0; grew && i < cols.items; i++) {
        if (before![i]! > mask[i]!) grew = false;
        else if (mask[i]! > before![i]!) added[i] = 1;
      }
      drawSelection(grew ? added : undefined);
      drawHover();
      return mask;
    },
    setHover(item) {
      if (item === hover) return;
      hover = item;
      drawHover();
    },
    xOfSlot: (k) => slotX[k] ?? 0,
    slotAt(px) {
      const m = order.length;
      if (m <= 1) return 0;
      const left = slotX[0]!;
      const step = slotX[1]! - slotX[0]!;
      return Math.min(m - 1, Math.max(0, (px - left) / step));
    },
    tAt: (py) => Math.min(1, Math.max(0, (plotBottom() - py) / Math.max(1, plotBottom() - plotTop()))),
    yOf,
    plotHeight: () => plotBottom() - plotTop(),
    mask: () => mask,
    layers: () => [layers.bg, layers.fg, layers.axes, layers.hover],
  };
}
