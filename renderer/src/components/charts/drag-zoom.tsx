// Drag to zoom and double-click to reset, for the charts drawn on one plot area: the pointer
// drags a rectangle (a DOM overlay moved by style, no React render per move); a drag lower than
// a few pixels zooms x alone (as Grafana does), a taller one x and y; a click is left to the
// chart (select, toggle). The chart turns pixels into values and owns the zoomed view.
import Box from '@mui/material/Box';
import { alpha, useTheme } from '@mui/material/styles';
import { useRef, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';

/** A dragged rectangle in pixels of the plot's container; y is null when the drag was flat. */
export interface DragRect {
  x0: number;
  x1: number;
  y0: number | null;
  y1: number | null;
}

const MIN_PX = 5;
/** Drags lower than this zoom x only. */
const FLAT_PX = 12;

export function useDragZoom(opts: {
  /** Whether the pointer (container pixels) is inside the plot area, where a drag starts. */
  inPlot(x: number, y: number): boolean;
  onZoom(rect: DragRect): void;
  onReset(): void;
}): {
  handlers: {
    onPointerDown(e: ReactPointerEvent<HTMLElement>): void;
    onPointerMove(e: ReactPointerEvent<HTMLElement>): void;
    onPointerUp(e: ReactPointerEvent<HTMLElement>): void;
    onDoubleClick(): void;
  };
  /** Whether a drag is under way (the chart skips its hover readout meanwhile). */
  dragging(): boolean;
  overlay: ReactNode;
} {
  const theme = useTheme();
  const rectRef = useRef<HTMLDivElement>(null);
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const moved = useRef(false);
  const local = (e: ReactPointerEvent<HTMLElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  const show = (x0: number, y0: number, x1: number, y1: number) => {
    const el = rectRef.current;
    if (!el) return;
    const flat = Math.abs(y1 - y0) < FLAT_PX;
    el.style.display = 'block';
    el.style.left = `${Math.min(x0, x1)}px`;
    el.style.width = `${Math.abs(x1 - x0)}px`;
    el.style.top = flat ? '0' : `${Math.min(y0, y1)}px`;
    el.style.height = flat ? '100%' : `${Math.abs(y1 - y0)}px`;
  };
  const hide = () => {
    if (rectRef.current) rectRef.current.style.display = 'none';
  };
  return {
    handlers: {
      onPointerDown(e) {
        if (e.button !== 0) return;
        const p = local(e);
        if (!opts.inPlot(p.x, p.y)) return;
        start.current = { ...p, id: e.pointerId };
        moved.current = false;
      },
      onPointerMove(e) {
        const s = start.current;
        if (!s) return;
        const p = local(e);
        if (!moved.current && Math.hypot(p.x - s.x, p.y - s.y) < MIN_PX) return;
        if (!moved.current) e.currentTarget.setPointerCapture?.(s.id);
        moved.current = true;
        show(s.x, s.y, p.x, p.y);
      },
      onPointerUp(e) {
        const s = start.current;
        start.current = null;
        hide();
        if (!s || !moved.current) return;
        moved.current = false;
        const p = local(e);
        if (Math.abs(p.x - s.x) < MIN_PX) return;
        const flat = Math.abs(p.y - s.y) < FLAT_PX;
        opts.onZoom({
          x0: Math.min(s.x, p.x),
          x1: Math.max(s.x, p.x),
          y0: flat ? null : Math.min(s.y, p.y),
          y1: flat ? null : Math.max(s.y, p.y),
        });
      },
      onDoubleClick: opts.onReset,
    },
    dragging: () => moved.current,
    overlay: (
      <Box
        ref={rectRef}
        aria-hidden
        data-testid="zoom-rect"
        sx={{
          position: 'absolute',
          display: 'none',
          pointerEvents: 'none',
          border: 1,
          borderColor: 'primary.main',
          bgcolor: alpha(theme.palette.primary.main, 0.12),
        }}
      />
    ),
  };
}
