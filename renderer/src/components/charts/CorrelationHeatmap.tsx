// Correlations between parameters (rows) and metrics (columns): each cell's coefficient from
// −1 to 1 on a diverging scale (blue negative, red positive) with its value written in it, its
// p-value in its tooltip, and the cells not significant (p ≥ alpha) faded and hatched. A grid
// of cells in the DOM, keyboard-operable as an ARIA grid (arrows, Home/End; the focused
// cell's tooltip opens); PNG (drawn for the export) and CSV.
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useRef, useState, type KeyboardEvent } from 'react';
import { BLUE_RED, colourAt, stopsGradient, textOn } from '../../lib/colour-scale';
import { exportCsv, exportPng } from './chart-export';
import { ChartFrame } from './ChartFrame';

export interface CorrelationCell {
  /** The coefficient, −1 to 1; null when it could not be computed (a constant column). */
  r: number | null;
  p: number | null;
  /** The number of pairs it was computed from. */
  n?: number;
}

export interface CorrelationHeatmapProps {
  title: string;
  rows: ReadonlyArray<{ key: string; label: string }>;
  columns: ReadonlyArray<{ key: string; label: string }>;
  /** cells[row][column]. */
  cells: ReadonlyArray<ReadonlyArray<CorrelationCell | null>>;
  /** "Pearson", "Spearman": named in the tooltips. */
  method: string;
  /** Significance level (default 0.05). */
  alpha?: number;
  testId?: string;
}

const CELL_H = 40;
const HATCH = 'repeating-linear-gradient(135deg, rgba(127,127,127,0.55) 0 1.5px, transparent 1.5px 7px)';

const fmtR = (r: number) => (r < 0 ? `−${Math.abs(r).toFixed(2)}` : r.toFixed(2));
const fmtP = (p: number) => (p < 0.001 ? '< 0.001' : p.toFixed(3));

export function CorrelationHeatmap({ title, rows, columns, cells, method, alpha = 0.05, testId }: CorrelationHeatmapProps) {
  const theme = useTheme();
  const [focus, setFocus] = useState<[number, number]>([0, 0]);
  const gridRef = useRef<HTMLDivElement>(null);
  const empty = rows.length === 0 || columns.length === 0;

  const cellAt = (r: number, c: number) => cells[r]?.[c] ?? null;
  const significant = (cell: CorrelationCell | null) => cell !== null && cell.p !== null && cell.p < alpha;
  const describe = (r: number, c: number) => {
    const cell = cellAt(r, c);
    const pair = `${rows[r]!.label} × ${columns[c]!.label}`;
    if (!cell || cell.r === null) return `${pair}: not computed (no variation or too few runs)`;
    const n = cell.n !== undefined ? `, n = ${cell.n}` : '';
    // No p-value (too few runs for one): nothing is claimed either way.
    if (cell.p === null) return `${pair}: ${method} r = ${fmtR(cell.r)}${n} — no p-value: too few runs to claim`;
    const p = `p ${cell.p < 0.001 ? '<' : '='} ${fmtP(cell.p).replace('< ', '')}`;
    return `${pair}: ${method} r = ${fmtR(cell.r)}, ${p}${n} — ${significant(cell) ? `significant at ${alpha}` : `not significant (p ≥ ${alpha})`}`;
  };

  const move = (e: KeyboardEvent) => {
    let [r, c] = focus;
    if (e.key === 'ArrowUp') r = Math.max(0, r - 1);
    else if (e.key === 'ArrowDown') r = Math.min(rows.length - 1, r + 1);
    else if (e.key === 'ArrowLeft') c = Math.max(0, c - 1);
    else if (e.key === 'ArrowRight') c = Math.min(columns.length - 1, c + 1);
    else if (e.key === 'Home') c = 0;
    else if (e.key === 'End') c = columns.length - 1;
    else return;
    e.preventDefault();
    setFocus([r, c]);
    gridRef.current?.querySelector<HTMLElement>(`[data-cell="${r}-${c}"]`)?.focus();
  };

  const exportPicture = () => {
    // The grid drawn on a canvas as it looks: labels, cells with their values, hatching.
    const labelW = 200;
    const cellW = 110;
    const headH = 36;
    const canvas = document.createElement('canvas');
    const ratio = window.devicePixelRatio || 1;
    canvas.width = (labelW + cellW * columns.length + 8) * ratio;
    canvas.height = (headH + CELL_H * rows.length + 8) * ratio;
    const ctx = canvas.getContext('2d')!;
    ctx.scale(ratio, ratio);
    ctx.font = `12px ${theme.typography.fontFamily ?? 'sans-serif'}`;
    ctx.textBaseline = 'middle';
    ctx.fillStyle = theme.palette.text.primary;
    ctx.textAlign = 'center';
    columns.forEach((col, c) => ctx.fillText(col.label, labelW + c * cellW + cellW / 2, headH / 2, cellW - 6));
    rows.forEach((row, r) => {
      const y = headH + r * CELL_H;
      ctx.textAlign = 'right';
      ctx.fillStyle = theme.palette.text.primary;
      ctx.fillText(row.label, labelW - 8, y + CELL_H / 2, labelW - 12);
      columns.forEach((_, c) => {
        const cell = cellAt(r, c);
        const x = labelW + c * cellW;
        const bg = cell?.r === null || !cell ? theme.palette.action.disabledBackground : colourAt(BLUE_RED, (cell.r + 1) / 2);
        ctx.globalAlpha = significant(cell) ? 1 : 0.45;
        ctx.fillStyle = bg;
        ctx.fillRect(x + 1, y + 1, cellW - 2, CELL_H - 2);
        ctx.globalAlpha = 1;
        if (cell && cell.r !== null && !significant(cell)) {
          ctx.save();
          ctx.beginPath();
          ctx.rect(x + 1, y + 1, cellW - 2, CELL_H - 2);
          ctx.clip();
          ctx.strokeStyle = 'rgba(127,127,127,0.55)';
          for (let k = -CELL_H; k < cellW; k += 7) {
            ctx.moveTo(x + k, y + CELL_H);
            ctx.lineTo(x + k + CELL_H, y);
          }
          ctx.stroke();
          ctx.restore();
        }
        ctx.textAlign = 'center';
        ctx.fillStyle = significant(cell) ? textOn(bg) : theme.palette.text.primary;
        ctx.fillText(cell && cell.r !== null ? fmtR(cell.r) : '–', x + cellW / 2, y + CELL_H / 2);
      });
    });
    exportPng(title, [canvas], theme.palette.background.paper);
  };

  return (
    <ChartFrame
      title={title}
      testId={testId}
      hint={
        empty ? undefined : `${method} correlation; hatched: not significant (p ≥ ${alpha}) or no p-value; arrow keys move between cells`
      }
      empty={
        empty
          ? { title: 'No correlations to show', text: 'Correlations need at least three runs that vary a parameter and record a metric.' }
          : null
      }
      onExportPng={exportPicture}
      onExportCsv={() =>
        exportCsv(
          title,
          ['parameter', 'metric', 'r', 'p', 'n'],
          rows.flatMap((row, r) =>
            columns.map((col, c) => [row.key, col.key, cellAt(r, c)?.r ?? null, cellAt(r, c)?.p ?? null, cellAt(r, c)?.n ?? null]),
          ),
        )
      }
    >
      <Box sx={{ overflowX: 'auto' }}>
        <Box
          ref={gridRef}
          role="grid"
          aria-label={`${title}: ${method} correlation of ${rows.length} parameters with ${columns.length} metrics`}
          onKeyDown={move}
          data-testid="correlation-grid"
          sx={{
            display: 'grid',
            gridTemplateColumns: `minmax(120px, max-content) repeat(${columns.length}, minmax(72px, 120px))`,
            gap: '2px',
            minWidth: 'min-content',
          }}
        >
          <Box role="row" sx={{ display: 'contents' }}>
            <Box role="columnheader" />
            {columns.map((col) => (
              <Typography
                key={col.key}
                role="columnheader"
                variant="caption"
                title={col.label}
                sx={{
                  fontWeight: 600,
                  textAlign: 'center',
                  alignSelf: 'end',
                  px: 0.5,
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  whiteSpace: 'nowrap',
                }}
              >
                {col.label}
              </Typography>
            ))}
          </Box>
          {rows.map((row, r) => (
            <Box role="row" key={row.key} sx={{ display: 'contents' }}>
              <Typography
                role="rowheader"
                variant="caption"
                title={row.label}
                sx={{
                  fontWeight: 600,
                  alignSelf: 'center',
                  textAlign: 'right',
                  pr: 1,
                  maxWidth: 220,
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  whiteSpace: 'nowrap',
                }}
              >
                {row.label}
              </Typography>
              {columns.map((col, c) => {
                const cell = cellAt(r, c);
                const sig = significant(cell);
                const bg = cell && cell.r !== null ? colourAt(BLUE_RED, (cell.r + 1) / 2) : undefined;
                const focused = focus[0] === r && focus[1] === c;
                return (
                  <Tooltip key={col.key} title={describe(r, c)} placement="top" disableInteractive>
                    <Box
                      role="gridcell"
                      tabIndex={focused ? 0 : -1}
                      aria-label={describe(r, c)}
                      data-cell={`${r}-${c}`}
                      data-significant={sig}
                      data-testid={`corr-${row.key}-${col.key}`}
                      onFocus={() => setFocus([r, c])}
                      sx={{
                        position: 'relative',
                        height: CELL_H,
                        display: 'flex',
                        alignItems: 'center',
                        justifyContent: 'center',
                        borderRadius: 0.5,
                        typography: 'body2',
                        fontVariantNumeric: 'tabular-nums',
                        fontWeight: sig ? 600 : 400,
                        cursor: 'default',
                        bgcolor: bg ? undefined : 'action.disabledBackground',
                        color: bg && sig ? textOn(bg) : 'text.primary',
                        // Faded: the colour at half strength under the text, not the text itself.
                        '&::before': bg
                          ? {
                              content: '""',
                              position: 'absolute',
                              inset: 0,
                              borderRadius: 'inherit',
                              background: bg,
                              opacity: sig ? 1 : 0.45,
                            }
                          : undefined,
                        '&::after':
                          bg && !sig
                            ? { content: '""', position: 'absolute', inset: 0, borderRadius: 'inherit', background: HATCH }
                            : undefined,
                        '& > span': { position: 'relative', zIndex: 1 },
                        '&:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main', outlineOffset: 1 },
                      }}
                    >
                      <span>{cell && cell.r !== null ? fmtR(cell.r) : '–'}</span>
                    </Box>
                  </Tooltip>
                );
              })}
            </Box>
          ))}
        </Box>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1.5, flexWrap: 'wrap' }} data-testid="correlation-legend">
        <Typography variant="caption">−1</Typography>
        <Box
          sx={{ width: 200, height: 10, borderRadius: 0.5, border: 1, borderColor: 'divider', background: stopsGradient(BLUE_RED) }}
          aria-hidden
        />
        <Typography variant="caption">+1</Typography>
        <Box sx={{ width: 28, height: 14, ml: 2, borderRadius: 0.5, border: 1, borderColor: 'divider', background: HATCH }} aria-hidden />
        <Typography variant="caption" color="text.secondary">
          not significant (p ≥ {alpha}) or no p-value
        </Typography>
      </Box>
    </ChartFrame>
  );
}
