// One line of a log window: time, level, source and message with the pattern's matches
// highlighted; expanded, its metadata, stack trace and the entry as JSON, with copy, "show in
// context" and the link to the cluster's metrics at that moment (for that GPU).
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { alpha, type Theme } from '@mui/material/styles';
import type { SystemStyleObject } from '@mui/system';
import { memo, type ReactNode } from 'react';
import { CopyButton } from '../../../components/CopyButton';
import { MONO_FONT } from '../../../lib/fonts';
import { highlightSegments } from './line-filter';
import { lineText, stackTrace, type LogLine } from './log-line';
import { clockTime, LEVEL_COLORS, ROW_HEIGHT, sourceColor } from './source-style';

export interface RowOptions {
  showTime: boolean;
  wrap: boolean;
  /** Label of each window source; shown per row when there are several. */
  labels: readonly string[];
  highlight: RegExp | null;
}

export interface RowActions {
  onToggle(pos: number): void;
  /** Shown when a filter hides lines: clears it and scrolls to this one. */
  onShowContext: ((pos: number) => void) | null;
  /** The cluster's metrics at the line's moment (for its GPU); null for endpoint lines. */
  onOpenMetrics(line: LogLine): void;
  canOpenMetrics(line: LogLine): boolean;
}

function Message({ text, highlight }: { text: string; highlight: RegExp | null }) {
  if (!highlight) return <>{text}</>;
  return <>{highlightSegments(text, highlight).map((s, i) => (s.match ? <mark key={i}>{s.text}</mark> : s.text))}</>;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ mb: 1 }}>
      <Box sx={{ color: 'text.secondary', fontSize: 11, textTransform: 'uppercase', letterSpacing: 0.5 }}>{label}</Box>
      {children}
    </Box>
  );
}

function Expanded({ line, pos, label, actions }: { line: LogLine; pos: number; label: string; actions: RowActions }) {
  const stack = stackTrace(line);
  const metadata = (line.entry as { metadata?: Record<string, unknown> }).metadata ?? {};
  const shown = Object.entries(metadata).filter(([, v]) => v !== null && v !== '');
  return (
    <Box
      sx={{
        pl: 3,
        pr: 2,
        py: 1,
        borderLeft: 3,
        borderColor: sourceColor(line.src),
        bgcolor: 'action.hover',
        whiteSpace: 'normal',
        cursor: 'auto',
      }}
    >
      <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center' }}>
        <Box sx={{ color: 'text.secondary' }}>{new Date(line.ts).toISOString()}</Box>
        <CopyButton value={lineText(line, label)} label="Copy line" variant="button" />
        <CopyButton value={JSON.stringify(line.entry, null, 2)} label="Copy JSON" variant="button" />
        {actions.onShowContext && (
          <Button size="small" onClick={() => actions.onShowContext!(pos)}>
            Show in context
          </Button>
        )}
        {actions.canOpenMetrics(line) && (
          <Button size="small" onClick={() => actions.onOpenMetrics(line)}>
            {line.gpu ? `Metrics of ${line.gpu} at this moment` : 'Metrics at this moment'}
          </Button>
        )}
      </Stack>
      {shown.length > 0 && (
        <Detail label="Metadata">
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2 }}>
            {shown.map(([k, v]) => (
              <Box key={k} sx={{ display: 'contents' }}>
                <Box component="dt" sx={{ color: 'text.secondary' }}>
                  {k}
                </Box>
                <Box component="dd" sx={{ m: 0, wordBreak: 'break-all' }}>
                  {typeof v === 'string' ? v : JSON.stringify(v)}
                </Box>
              </Box>
            ))}
          </Box>
        </Detail>
      )}
      {stack.length > 0 && (
        <Detail label="Stack trace">
          <Box component="pre" sx={{ m: 0, whiteSpace: 'pre-wrap', color: 'error.main' }}>
            {stack.join('\n')}
          </Box>
        </Detail>
      )}
      <Detail label="Entry">
        <Box component="pre" sx={{ m: 0, whiteSpace: 'pre-wrap', maxHeight: 320, overflow: 'auto' }}>
          {JSON.stringify(line.entry, null, 2)}
        </Box>
      </Detail>
    </Box>
  );
}

/**
 * The styles of every row, set once on the list (rows are plain elements with class names:
 * thousands of rows mount each second while following, and per-element styles would be
 * computed for each).
 */
export function rowStyles(t: Theme): SystemStyleObject<Theme> {
  return {
    fontFamily: MONO_FONT,
    fontSize: 12.5,
    lineHeight: `${ROW_HEIGHT}px`,
    '& .log-row': {
      display: 'flex',
      gap: '8px',
      padding: '0 8px',
      minHeight: ROW_HEIGHT,
      cursor: 'pointer',
      borderLeft: '3px solid transparent',
      '&:hover': { backgroundColor: t.palette.action.hover },
      '&:focus-visible': { outline: `2px solid ${t.palette.primary.main}`, outlineOffset: -2 },
      '&.focused': { backgroundColor: alpha(t.palette.warning.main, 0.25) },
    },
    '& .log-time': { color: t.palette.text.secondary, flexShrink: 0 },
    '& .log-link': {
      font: 'inherit',
      background: 'none',
      border: 0,
      padding: 0,
      cursor: 'pointer',
      color: t.palette.primary.main,
      flexShrink: 0,
      '&:hover': { textDecoration: 'underline' },
      '&.log-time': { color: t.palette.text.secondary },
    },
    '& .log-level': { flexShrink: 0, width: 44, textAlign: 'center', fontWeight: 700, textTransform: 'uppercase' },
    ...Object.fromEntries(Object.entries(LEVEL_COLORS).map(([level, color]) => [`& .log-level.${level}`, { color }])),
    '& .log-src, & .log-origin': { flexShrink: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
    '& .log-src': { width: 120 },
    '& .log-origin': { width: 130, color: t.palette.text.secondary },
    '& .log-msg': { flex: 1, minWidth: 0, whiteSpace: 'pre', overflow: 'hidden', textOverflow: 'ellipsis' },
    '& .log-msg.wrap': { whiteSpace: 'pre-wrap', wordBreak: 'break-word' },
    '& mark': { backgroundColor: t.palette.warning.light, color: t.palette.common.black, borderRadius: '2px' },
  };
}

export const LogRow = memo(function LogRow({
  line,
  pos,
  expanded,
  focused,
  options,
  actions,
}: {
  line: LogLine;
  pos: number;
  expanded: boolean;
  focused: boolean;
  options: RowOptions;
  actions: RowActions;
}) {
  const label = options.labels[line.src] ?? '';
  const metrics = actions.canOpenMetrics(line);
  const color = sourceColor(line.src);
  return (
    <div>
      <div
        role="row"
        tabIndex={0}
        aria-expanded={expanded}
        data-testid="log-row"
        className={focused ? 'log-row focused' : 'log-row'}
        style={{ borderLeftColor: color }}
        onClick={(e) => {
          if ((e.target as HTMLElement).closest('button')) return;
          actions.onToggle(pos);
        }}
        onKeyDown={(e) => {
          if (e.target === e.currentTarget && (e.key === 'Enter' || e.key === ' ')) {
            e.preventDefault();
            actions.onToggle(pos);
          }
        }}
      >
        {options.showTime &&
          (metrics ? (
            <button type="button" className="log-link log-time" title="Metrics at this moment" onClick={() => actions.onOpenMetrics(line)}>
              {clockTime(line.ts)}
            </button>
          ) : (
            <span className="log-time">{clockTime(line.ts)}</span>
          ))}
        <span className={`log-level ${line.level}`}>{line.level}</span>
        {options.labels.length > 1 && (
          <span className="log-src" style={{ color }} title={label}>
            {label}
          </span>
        )}
        <span className="log-origin">{line.origin}</span>
        {line.gpu && metrics && (
          <button
            type="button"
            className="log-link"
            title={`Metrics of ${line.gpu} at this moment`}
            onClick={() => actions.onOpenMetrics(line)}
          >
            {line.gpu}
          </button>
        )}
        <span className={options.wrap ? 'log-msg wrap' : 'log-msg'} data-testid="log-message">
          <Message text={line.message} highlight={options.highlight} />
        </span>
      </div>
      {expanded && <Expanded line={line} pos={pos} label={label} actions={actions} />}
    </div>
  );
});
