// One line of a log window: time, level, source and message with the pattern's matches
// highlighted; expanded, its metadata, stack trace and the entry as JSON, with copy, "show in
// context" and the link to the cluster's metrics at that moment (for that GPU).
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import { memo, type ReactNode } from 'react';
import { CopyButton } from '../../components/CopyButton';
import { MONO_FONT } from '../../lib/fonts';
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
  return (
    <>
      {highlightSegments(text, highlight).map((s, i) =>
        s.match ? (
          <Box component="mark" key={i} sx={{ bgcolor: 'warning.light', color: 'common.black', borderRadius: 0.5 }}>
            {s.text}
          </Box>
        ) : (
          s.text
        ),
      )}
    </>
  );
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
    <Box sx={{ pl: 3, pr: 2, py: 1, borderLeft: 3, borderColor: sourceColor(line.src), bgcolor: 'action.hover', whiteSpace: 'normal' }}>
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
  return (
    <Box sx={{ fontFamily: MONO_FONT, fontSize: 12.5, lineHeight: `${ROW_HEIGHT}px` }}>
      <Box
        role="row"
        tabIndex={0}
        aria-expanded={expanded}
        data-testid="log-row"
        onClick={(e) => {
          if ((e.target as HTMLElement).closest('a,button')) return;
          actions.onToggle(pos);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            actions.onToggle(pos);
          }
        }}
        sx={(t) => ({
          display: 'flex',
          gap: 1,
          px: 1,
          minHeight: ROW_HEIGHT,
          cursor: 'pointer',
          borderLeft: 3,
          borderColor: sourceColor(line.src),
          bgcolor: focused ? alpha(t.palette.warning.main, 0.25) : undefined,
          '&:hover': { bgcolor: focused ? undefined : 'action.hover' },
          '&:focus-visible': { outline: `2px solid ${t.palette.primary.main}`, outlineOffset: -2 },
        })}
      >
        {options.showTime &&
          (metrics ? (
            <Link
              component="button"
              underline="hover"
              color="text.secondary"
              title="Metrics at this moment"
              onClick={() => actions.onOpenMetrics(line)}
              sx={{ font: 'inherit', flexShrink: 0, verticalAlign: 'baseline' }}
            >
              {clockTime(line.ts)}
            </Link>
          ) : (
            <Box component="span" sx={{ color: 'text.secondary', flexShrink: 0 }}>
              {clockTime(line.ts)}
            </Box>
          ))}
        <Box
          component="span"
          sx={{
            flexShrink: 0,
            width: 44,
            textAlign: 'center',
            color: LEVEL_COLORS[line.level],
            fontWeight: 700,
            textTransform: 'uppercase',
          }}
        >
          {line.level}
        </Box>
        {options.labels.length > 1 && (
          <Box
            component="span"
            sx={{
              flexShrink: 0,
              width: 120,
              color: sourceColor(line.src),
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
            }}
            title={label}
          >
            {label}
          </Box>
        )}
        <Box
          component="span"
          sx={{ flexShrink: 0, color: 'text.secondary', width: 130, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {line.origin}
        </Box>
        {line.gpu && metrics && (
          <Link
            component="button"
            underline="hover"
            onClick={() => actions.onOpenMetrics(line)}
            sx={{ font: 'inherit', flexShrink: 0 }}
            title={`Metrics of ${line.gpu} at this moment`}
          >
            {line.gpu}
          </Link>
        )}
        <Box
          component="span"
          data-testid="log-message"
          sx={
            options.wrap
              ? { flex: 1, minWidth: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }
              : { flex: 1, minWidth: 0, whiteSpace: 'pre', overflow: 'hidden', textOverflow: 'ellipsis' }
          }
        >
          <Message text={line.message} highlight={options.highlight} />
        </Box>
      </Box>
      {expanded && <Expanded line={line} pos={pos} label={label} actions={actions} />}
    </Box>
  );
});
