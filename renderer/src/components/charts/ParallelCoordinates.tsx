// Parallel coordinates of parameters → metrics (trials, runs): one line per item, coloured by a
// chosen metric (viridis, with its scale), brushing on any axis (drag a range; brushes on
// several axes combine with AND; a click on an axis clears its brush), brushed-out lines
// dimmed, the selection reported to the parent; axes reordered by dragging their names (or
// with ←/→ on a focused name); hover a line for its values; PNG and CSV. Drawing is
// parallel-core.ts; a brush move is handled outside React (no render per move).
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { colourBins as binColourList, readableStops, stopsGradient, VIRIDIS } from '../../lib/colour-scale';
import { exportCsv, exportPng } from './chart-export';
import { ChartFrame, HOVER_CARD } from './ChartFrame';
import { BreakableText } from '../BreakableText';
import { axisX, createParallel, PLOT_MARGIN, type ParallelController } from './parallel-core';
import {
  buildColumns,
  colourBins,
  maskedIds,
  moveAxis,
  nearestLine,
  type Brush,
  type ParallelAxis,
  type ParallelItem,
} from './parallel-model';
import { formatNumber } from './scales';

export type { ParallelAxis, ParallelItem } from './parallel-model';

export interface ParallelCoordinatesProps {
  title: string;
  /** Memoise axes and items: a new array rescales every line. */
  axes: readonly ParallelAxis[];
  items: readonly ParallelItem[];
  /** The axis the lines are coloured by (a numeric one); by default the last numeric axis. */
  colorBy?: string;
  /** The ids inside every brush (every id when no axis is brushed), after each brush. */
  onSelectionChange?(ids: string[]): void;
  /** What an item is called in the hover card ("Trial 12"); by default its id. */
  itemLabel?(item: ParallelItem): string;
  height?: number;
  testId?: string;
}

const BINS = 32;
/** Room for an axis name of up to three lines over its scale kind: names wrap, never cut. */
const LABEL_ROW = 64;
/** Axes closer than this (px) alternate their names over two rows, each name twice as wide. */
const STAGGER_BELOW = 130;

/** How near an axis (px) a drag starts a brush. */
const AXIS_GRAB_PX = 14;

/** A category axis's values in full for its tooltip (its tick labels are cut to the room between axes). */
function categoryList(categories: readonly string[] | undefined): string {
  if (!categories || categories.length === 0) return '';
  const shown = categories.slice(0, 20).join(', ');
  return ` (values, bottom to top: ${shown}${categories.length > 20 ? `, and ${categories.length - 20} more` : ''})`;
}

export function ParallelCoordinates({
  title,
  axes,
  items,
  colorBy,
  onSelectionChange,
  itemLabel = (it) => it.id,
  height = 360,
  testId,
}: ParallelCoordinatesProps) {
  const theme = useTheme();
  const hostRef = useRef<HTMLDivElement>(null);
  const bgRef = useRef<HTMLCanvasElement>(null);
  const fgRef = useRef<HTMLCanvasElement>(null);
  const axesRef = useRef<HTMLCanvasElement>(null);
  const hoverRef = useRef<HTMLCanvasElement>(null);
  const controllerRef = useRef<ParallelController | null>(null);
  const [width, setWidth] = useState(0);
  const [order, setOrder] = useState<number[]>(() => axes.map((_, i) => i));
  const numeric = axes.map((a, i) => ({ a, i })).filter(({ a }) => a.kind !== 'category');
  const [colourKey, setColourKey] = useState<string | null>(colorBy ?? numeric[numeric.length - 1]?.a.key ?? null);
  /** The brushes while dragging live here; `committed` mirrors them for what React shows. */
  const brushesRef = useRef<Map<number, Brush>>(new Map());
  const [committed, setCommitted] = useState<{ brushes: number; selected: number }>({ brushes: 0, selected: items.length });
  const [hover, setHover] = useState<{ item: number; x: number; y: number } | null>(null);
  const drag = useRef<{ axis: number; from: number; moved: boolean } | null>(null);
  const [labelDrag, setLabelDrag] = useState<{ slot: number; dx: number } | null>(null);

  const cols = useMemo(() => buildColumns(axes, items), [axes, items]);
  const colourAxis = colourKey === null ? -1 : axes.findIndex((a) => a.key === colourKey);
  const bins = useMemo(() => colourBins(cols, colourAxis >= 0 ? colourAxis : null, BINS), [cols, colourAxis]);
  // Dimmed lines fainter the more there are, so 2,000 brushed-out lines stay a grey haze.
  const dimColour = alpha(
    theme.palette.text.primary,
    (items.length > 1000 ? 0.05 : items.length > 300 ? 0.07 : 0.1) * (theme.palette.mode === 'dark' ? 1.2 : 1),
  );
  // Every line, the best run's included, stands out on the theme's paper (3:1): on the dark one
  // viridis's dark end would vanish, on the light one its yellow end.
  const stops = useMemo(() => readableStops(VIRIDIS, theme.palette.background.paper), [theme]);
  const binColours = useMemo(() => [...binColourList(stops, BINS), theme.palette.text.disabled], [theme, stops]);
  const colors = useMemo(
    () => ({
      axis: theme.palette.text.secondary,
      text: theme.palette.text.secondary,
      dim: dimColour,
      brush: alpha(theme.palette.primary.main, 0.18),
      brushEdge: theme.palette.primary.main,
      hover: theme.palette.mode === 'dark' ? '#ffffff' : '#000000',
      halo: alpha(theme.palette.background.paper, 0.85),
    }),
    [theme, dimColour],
  );
  const font = `${theme.typography.caption.fontSize ?? 12}px ${theme.typography.fontFamily ?? 'sans-serif'}`.replace(
    /^([\d.]+)rem/,
    (_, r: string) => `${Number(r) * 16}px`,
  );

  // A different set of axes starts over in their given order, without brushes (the same axes
  // in a new array keep both).
  const axesKey = axes.map((a) => `${a.key}:${a.kind}`).join('|');
  useEffect(() => {
    setOrder(axes.map((_, i) => i));
    brushesRef.current = new Map();
  }, [axesKey]); // eslint-disable-line react-hooks/exhaustive-deps

  // The plot exists while there are items and axes (the empty state has no canvas).
  const empty = items.length === 0 || axes.length === 0;
  useLayoutEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(host);
    setWidth(Math.floor(host.clientWidth));
    return () => observer.disconnect();
  }, [empty]);

  // Crowded axes alternate their names over two rows (the chart grows by the second row).
  const spacing = order.length > 1 ? axisX(width, order.length, 1) - axisX(width, order.length, 0) : width;
  const stagger = order.length > 2 && spacing < STAGGER_BELOW;
  const labelRow = stagger ? 2 * LABEL_ROW - 4 : LABEL_ROW;
  const labelWidth = Math.max(40, Math.min(180, (stagger ? 2 : 1) * spacing - 10));
  const plotHeight = height - LABEL_ROW;
  const colorsRef = useRef(colors);
  colorsRef.current = colors;
  useEffect(() => {
    if (empty) return;
    controllerRef.current = createParallel(
      { bg: bgRef.current!, fg: fgRef.current!, axes: axesRef.current!, hover: hoverRef.current! },
      colorsRef.current,
      font,
    );
    return () => {
      controllerRef.current = null;
    };
    // Made with the plot; data, size and colours reach it below. (The font changes with the theme only.)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [empty]);

  const report = (mask: Uint8Array) => {
    let selected = 0;
    for (let i = 0; i < mask.length; i++) selected += mask[i]!;
    setCommitted({ brushes: brushesRef.current.size, selected });
    onSelectionChange?.(maskedIds(items, mask));
  };

  useEffect(() => {
    const c = controllerRef.current;
    if (!c || width === 0) return;
    c.setSize(width, plotHeight);
  }, [width, plotHeight, empty]);
  useEffect(() => {
    const c = controllerRef.current;
    if (!c) return;
    const validOrder = order.length === axes.length ? order : axes.map((_, i) => i);
    c.setData(cols, validOrder, bins, binColours);
    report(c.setBrushes(brushesRef.current));
    // `report` is this render's; the selection is reported when the data change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cols, bins, binColours, order, axes, empty]);
  useEffect(() => controllerRef.current?.setColors(colors), [colors]);

  const local = (e: ReactPointerEvent<HTMLElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  /** The axis (index) whose line is within grabbing distance of x, if any. */
  const axisNear = (x: number): number | null => {
    const c = controllerRef.current;
    if (!c) return null;
    const slot = Math.round(c.slotAt(x));
    return Math.abs(c.xOfSlot(slot) - x) <= AXIS_GRAB_PX ? (order[slot] ?? null) : null;
  };

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    const p = local(e);
    const axis = axisNear(p.x);
    const c = controllerRef.current;
    if (axis === null || !c) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drag.current = { axis, from: c.tAt(p.y), moved: false };
    setHover(null);
    c.setHover(null);
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    const c = controllerRef.current;
    if (!c) return;
    const p = local(e);
    const d = drag.current;
    if (d) {
      const t = c.tAt(p.y);
      if (!d.moved && Math.abs(c.yOf(t) - c.yOf(d.from)) < 3) return;
      d.moved = true;
      const next = new Map(brushesRef.current);
      next.set(d.axis, [Math.min(d.from, t), Math.max(d.from, t)]);
      brushesRef.current = next;
      c.setBrushes(next);
      return;
    }
    const slot = c.slotAt(p.x);
    const mask = brushesRef.current.size > 0 ? c.mask() : null;
    const item = nearestLine(cols, order, slot, c.tAt(p.y), 6 / Math.max(1, c.plotHeight()), mask);
    c.setHover(item);
    setHover(item === null ? null : { item, x: p.x, y: p.y });
  };
  const onPointerUp = () => {
    const d = drag.current;
    drag.current = null;
    const c = controllerRef.current;
    if (!d || !c) return;
    if (!d.moved) {
      // A click on an axis clears its brush.
      if (!brushesRef.current.has(d.axis)) return;
      const next = new Map(brushesRef.current);
      next.delete(d.axis);
      brushesRef.current = next;
      report(c.setBrushes(next));
      return;
    }
    report(c.mask());
  };
  const clearAll = () => {
    const c = controllerRef.current;
    brushesRef.current = new Map();
    if (c) report(c.setBrushes(brushesRef.current));
  };
  const clearAxis = (axis: number) => {
    const c = controllerRef.current;
    if (!c || !brushesRef.current.has(axis)) return;
    const next = new Map(brushesRef.current);
    next.delete(axis);
    brushesRef.current = next;
    report(c.setBrushes(next));
  };

  // Axis names: dragged sideways to reorder.
  const labelPointer = useRef<{ slot: number; startX: number; id: number } | null>(null);

  const colourScale = colourAxis >= 0 ? cols.scales[colourAxis] : undefined;

  return (
    <ChartFrame
      title={title}
      testId={testId}
      hint={
        empty
          ? undefined
          : committed.brushes > 0
            ? `${committed.selected.toLocaleString('en-US')} of ${items.length.toLocaleString('en-US')} selected · click an axis to clear its brush`
            : 'Drag along an axis to select a range; drag an axis name to move it'
      }
      empty={
        empty
          ? { title: 'No trials to compare', text: 'Lines appear here as items (trials or runs) with parameters and metrics arrive.' }
          : null
      }
      controls={
        <>
          {committed.brushes > 0 && (
            <Button size="small" onClick={clearAll} data-testid="parallel-clear">
              Clear brushes
            </Button>
          )}
          {numeric.length > 0 && (
            <TextField
              select
              size="small"
              label="Colour by"
              value={colourKey ?? ''}
              onChange={(e) => setColourKey(e.target.value)}
              sx={{ minWidth: 160 }}
              slotProps={{ select: { MenuProps: { disablePortal: false } } }}
              data-testid="parallel-colour-by"
            >
              {numeric.map(({ a }) => (
                <MenuItem key={a.key} value={a.key}>
                  {a.label}
                </MenuItem>
              ))}
            </TextField>
          )}
        </>
      }
      onExportPng={() =>
        exportPng(title, controllerRef.current?.layers() ?? [], theme.palette.background.paper, (ctx) => {
          // The axis names live in the DOM: written onto the picture's top margin.
          const c = controllerRef.current;
          if (!c) return;
          ctx.font = `600 ${font}`;
          ctx.fillStyle = theme.palette.text.primary;
          ctx.textAlign = 'center';
          ctx.textBaseline = 'top';
          order.forEach((a, k) => ctx.fillText(axes[a]!.label, c.xOfSlot(k), 0, labelWidth));
        })
      }
      onExportCsv={() => {
        const mask = controllerRef.current?.mask();
        exportCsv(
          title,
          ['id', ...axes.map((a) => a.key), 'selected'],
          items.map((it, i) => [it.id, ...axes.map((a) => it.values[a.key] ?? null), mask ? (mask[i] ? 'yes' : 'no') : 'yes']),
        );
      }}
    >
      <Box
        ref={hostRef}
        sx={{ position: 'relative', height: height + labelRow - LABEL_ROW, userSelect: 'none' }}
        data-testid="parallel-plot"
        data-selected={committed.selected}
        data-brushes={committed.brushes}
      >
        {/* Axis names, above the plot. */}
        <Box sx={{ position: 'relative', height: labelRow }} role="toolbar" aria-label="Axes (drag or use arrow keys to reorder)">
          {width > 0 &&
            order.map((a, k) => {
              const axis = axes[a]!;
              const x = axisX(width, order.length, k);
              const dragging = labelDrag?.slot === k;
              const brushed = brushesRef.current.has(a);
              return (
                <Box
                  key={axis.key}
                  component="button"
                  type="button"
                  data-testid={`parallel-axis-${axis.key}`}
                  title={`${axis.label}${axis.kind === 'log' ? ' (log scale)' : ''}${categoryList(cols.scales[a]?.categories)} — drag to move${brushed ? '; Delete clears its brush' : ''}`}
                  aria-label={`${axis.label}, axis ${k + 1} of ${order.length}${brushed ? ', brushed' : ''}`}
                  onPointerDown={(e: ReactPointerEvent<HTMLButtonElement>) => {
                    labelPointer.current = { slot: k, startX: e.clientX, id: e.pointerId };
                    e.currentTarget.setPointerCapture?.(e.pointerId);
                  }}
                  onPointerMove={(e: ReactPointerEvent<HTMLButtonElement>) => {
                    const lp = labelPointer.current;
                    if (!lp) return;
                    const dx = e.clientX - lp.startX;
                    if (Math.abs(dx) > 4 || labelDrag) setLabelDrag({ slot: lp.slot, dx });
                  }}
                  onPointerUp={(e: ReactPointerEvent<HTMLButtonElement>) => {
                    const lp = labelPointer.current;
                    labelPointer.current = null;
                    setLabelDrag(null);
                    const c = controllerRef.current;
                    if (!lp || !c) return;
                    const to = Math.round(c.slotAt(c.xOfSlot(lp.slot) + (e.clientX - lp.startX)));
                    if (to !== lp.slot) setOrder((o) => moveAxis(o, lp.slot, to));
                  }}
                  onKeyDown={(e) => {
                    if (e.key === 'ArrowLeft' && k > 0) setOrder((o) => moveAxis(o, k, k - 1));
                    else if (e.key === 'ArrowRight' && k < order.length - 1) setOrder((o) => moveAxis(o, k, k + 1));
                    else if (e.key === 'Delete' || e.key === 'Backspace') clearAxis(a);
                    else return;
                    e.preventDefault();
                  }}
                  sx={{
                    all: 'unset',
                    boxSizing: 'border-box',
                    position: 'absolute',
                    top: stagger && k % 2 === 1 ? LABEL_ROW : 4,
                    // Centred on its axis; at the ends, narrower rather than shifted into its neighbour's room.
                    left: Math.max(0, x - labelWidth / 2),
                    width: Math.min(width, x + labelWidth / 2) - Math.max(0, x - labelWidth / 2),
                    transform: dragging ? `translateX(${labelDrag.dx}px)` : undefined,
                    zIndex: dragging ? 1 : undefined,
                    textAlign: 'center',
                    cursor: dragging ? 'grabbing' : 'grab',
                    typography: 'caption',
                    fontWeight: 600,
                    lineHeight: 1.2,
                    color: brushed ? 'primary.main' : 'text.primary',
                    px: 0.5,
                    py: 0.25,
                    borderRadius: 1,
                    whiteSpace: 'normal',
                    overflowWrap: 'anywhere',
                    bgcolor: dragging ? 'action.selected' : undefined,
                    '&:hover': { bgcolor: 'action.hover' },
                    '&:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main' },
                  }}
                >
                  <BreakableText text={axis.label} />
                  <Box component="span" sx={{ display: 'block', fontWeight: 400, color: 'text.secondary', fontSize: '0.68rem' }}>
                    {axis.kind === 'log' ? 'log' : axis.kind === 'category' ? 'category' : '\u00a0'}
                  </Box>
                </Box>
              );
            })}
        </Box>
        <Box
          sx={{
            position: 'relative',
            height: plotHeight,
            cursor: 'crosshair',
            touchAction: 'none',
            '& canvas': { position: 'absolute', left: 0, top: 0 },
          }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerLeave={() => {
            if (drag.current) return;
            controllerRef.current?.setHover(null);
            setHover(null);
          }}
          role="img"
          aria-label={`${title}: ${items.length} lines across ${axes.length} axes, ${committed.selected} selected`}
        >
          <canvas ref={bgRef} />
          <canvas ref={fgRef} />
          <canvas ref={axesRef} />
          <canvas ref={hoverRef} />
          {hover && (
            <HoverCard
              item={items[hover.item]!}
              name={itemLabel(items[hover.item]!)}
              axes={axes}
              x={hover.x}
              y={hover.y}
              width={width}
              height={plotHeight}
            />
          )}
        </Box>
      </Box>
      {colourScale && colourAxis >= 0 && (
        <Box
          sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1, ml: `${PLOT_MARGIN.left - 8}px` }}
          data-testid="parallel-colour-legend"
        >
          <Typography variant="caption" color="text.secondary" noWrap>
            {axes[colourAxis]!.label}
          </Typography>
          <Typography variant="caption" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatNumber(colourScale.min)}
          </Typography>
          <Box
            sx={{ width: 180, height: 10, borderRadius: 0.5, border: 1, borderColor: 'divider', background: stopsGradient(stops) }}
            aria-hidden
          />
          <Typography variant="caption" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatNumber(colourScale.max)}
          </Typography>
          {axes[colourAxis]!.kind === 'log' && (
            <Typography variant="caption" color="text.secondary">
              (log)
            </Typography>
          )}
        </Box>
      )}
    </ChartFrame>
  );
}

function HoverCard({
  item,
  name,
  axes,
  x,
  y,
  width,
  height,
}: {
  item: ParallelItem;
  name: string;
  axes: readonly ParallelAxis[];
  x: number;
  y: number;
  width: number;
  height: number;
}) {
  // Beside the pointer on the side with room; above it in the plot's lower half, so it never hangs past the plot.
  const left = x + 260 > width ? x - 250 : x + 14;
  const vertical = y > height / 2 ? { bottom: Math.max(0, height - y - 12) } : { top: Math.max(0, y - 12) };
  return (
    <Box
      data-testid="parallel-hover"
      sx={{
        position: 'absolute',
        left,
        ...vertical,
        width: 236,
        ...HOVER_CARD,
        zIndex: 2,
      }}
    >
      <Typography variant="caption" component="div" sx={{ fontWeight: 600 }} noWrap>
        {name}
      </Typography>
      {axes.map((a) => {
        const v = item.values[a.key];
        return (
          <Box key={a.key} sx={{ display: 'flex', gap: 1 }}>
            <Typography variant="caption" color="text.secondary" noWrap sx={{ flex: 1, minWidth: 0 }}>
              {a.label}
            </Typography>
            <Typography variant="caption" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {v === null || v === undefined ? '–' : typeof v === 'number' ? formatNumber(v) : v}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
