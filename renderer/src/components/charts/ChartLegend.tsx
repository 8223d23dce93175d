// A chart's legend of series (runs, groups): a toggle per series that hides or shows it,
// hovering a row highlights the series in the chart, "Show all" / "Hide all". Plain buttons in
// one styled list (a legend of 200 runs renders in a few milliseconds, unlike 200 MUI
// checkboxes), keyboard-operable, each saying whether it is shown (aria-pressed).
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { memo } from 'react';

interface LegendEntry {
  key: string;
  label: string;
  color: string;
}

export interface ChartLegendProps {
  entries: readonly LegendEntry[];
  hidden: ReadonlySet<string>;
  onToggle(key: string): void;
  onSetHidden(keys: ReadonlySet<string>): void;
  /** The entry under the pointer or focus (null when none), for the chart to highlight. */
  onHover?(key: string | null): void;
  highlighted?: string | null;
  /** Height of the list before it scrolls. */
  maxHeight?: number | string;
  label: string;
  /** A row of entries under a chart (a few groups), instead of a list beside it. */
  inline?: boolean;
}

export const ChartLegend = memo(function ChartLegend({
  entries,
  hidden,
  onToggle,
  onSetHidden,
  onHover,
  highlighted,
  maxHeight = 320,
  label,
  inline = false,
}: ChartLegendProps) {
  return (
    <Box sx={{ minWidth: 0, display: 'flex', flexDirection: 'column', mt: inline ? 1 : 0 }} data-testid="chart-legend">
      <Box
        sx={{
          display: inline ? 'none' : 'flex',
          alignItems: 'center',
          gap: 0.5,
          mb: 0.5,
          '& button': { whiteSpace: 'nowrap', flex: 'none' },
        }}
      >
        <Typography variant="caption" color="text.secondary" sx={{ mr: 'auto', minWidth: 0 }} noWrap>
          {entries.length - [...hidden].filter((k) => entries.some((e) => e.key === k)).length} of {entries.length} shown
        </Typography>
        <Button size="small" sx={{ minWidth: 0, px: 0.75 }} disabled={hidden.size === 0} onClick={() => onSetHidden(new Set())}>
          Show all
        </Button>
        <Button
          size="small"
          sx={{ minWidth: 0, px: 0.75 }}
          disabled={entries.every((e) => hidden.has(e.key))}
          onClick={() => onSetHidden(new Set(entries.map((e) => e.key)))}
        >
          Hide all
        </Button>
      </Box>
      <Box
        role="list"
        aria-label={label}
        onMouseLeave={() => onHover?.(null)}
        sx={{
          maxHeight: inline ? undefined : maxHeight,
          overflowY: inline ? undefined : 'auto',
          ...(inline ? { display: 'flex', flexWrap: 'wrap', gap: 0.5, justifyContent: 'center' } : {}),
          '& button': {
            all: 'unset',
            boxSizing: 'border-box',
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            width: inline ? 'auto' : '100%',
            px: 0.75,
            py: 0.25,
            borderRadius: 1,
            cursor: 'pointer',
            typography: 'body2',
            color: 'text.primary',
          },
          '& button:hover, & button[data-highlighted="true"]': { bgcolor: 'action.hover' },
          '& button:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
          '& button[aria-pressed="false"]': { color: 'text.disabled' },
          '& .swatch': { flex: 'none', width: 12, height: 12, borderRadius: '3px', border: 2, borderStyle: 'solid' },
          '& .name': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
        }}
      >
        {entries.map((e) => {
          const shown = !hidden.has(e.key);
          return (
            <div role="listitem" key={e.key}>
              <button
                type="button"
                aria-pressed={shown}
                data-highlighted={highlighted === e.key}
                data-testid={`legend-${e.key}`}
                title={`${shown ? 'Hide' : 'Show'} ${e.label}`}
                onClick={() => onToggle(e.key)}
                onMouseEnter={() => onHover?.(shown ? e.key : null)}
                onFocus={() => onHover?.(shown ? e.key : null)}
                onBlur={() => onHover?.(null)}
              >
                <span className="swatch" style={{ borderColor: e.color, background: shown ? e.color : 'transparent' }} />
                <span className="name">{e.label}</span>
              </button>
            </div>
          );
        })}
      </Box>
    </Box>
  );
});

/** The set with `key` toggled in or out. */
export function toggled(set: ReadonlySet<string>, key: string): Set<string> {
  const next = new Set(set);
  if (!next.delete(key)) next.add(key);
  return next;
}
