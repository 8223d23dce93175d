// A log window's view: the sources (coloured, each can be hidden or removed, more added), the
// filters (level, entry source, log type, a regular expression), the display toggles, pause,
// download; the lines; and the status line. What needs the server (feeds, names, older lines,
// the download route, the metrics link) is the page's (LogsPage), given as `env`.
import Add from '@mui/icons-material/Add';
import Download from '@mui/icons-material/Download';
import Pause from '@mui/icons-material/Pause';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Checkbox from '@mui/material/Checkbox';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { formatNumber } from '../../../lib/format';
import { saveFile } from '../../../lib/save-file';
import { downloadName, linesAsJsonl, linesAsText } from './download';
import { feedStatusText } from './feed-status';
import { FOLLOWING, pause, type FollowState } from './follow';
import { NO_FILTER, type ViewFilter } from './line-filter';
import { LEVELS, type Level, type LogLine } from './log-line';
import { LogList, type LogListHandle } from './LogList';
import type { LogModel } from './log-model';
import type { RowActions, RowOptions } from './LogRow';
import { LEVEL_COLORS, sourceColor } from './source-style';
import { StatusLine } from './StatusLine';

/** The filters the server can apply too (the page restarts the feeds with them). */
export interface FilterChoice {
  levels: Level[] | null;
  origins: string[] | null;
  types: string[] | null;
}

export interface LogWindowEnv {
  labels: readonly string[];
  /** Entry sources (container, api_handler, …) the window's sources can have. */
  origins: readonly string[];
  /** Log types, when a cluster is among the sources. */
  types: readonly string[];
  onAddSource?(): void;
  onRemoveSource?(index: number): void;
  onFiltersChange?(choice: FilterChoice): void;
  canOpenMetrics(line: LogLine): boolean;
  onOpenMetrics(line: LogLine): void;
  /**
   * The window is shown a moment older than the oldest line it holds (a link to that moment):
   * the page lets the lines go (model.startOver) and starts the feeds again there.
   */
  onStartOver?(): void;
  /** Opens the server-side search for lines older than the buffer holds. */
  onSearchOlder?(): void;
  /** Downloads a whole range of a source through the API's download route. */
  downloadRange?: { label: string; run(): void }[];
}

const PATTERN_DELAY_MS = 150;

function MultiFilter({
  label,
  options,
  value,
  onChange,
  color,
}: {
  label: string;
  options: readonly string[];
  value: string[] | null;
  onChange(next: string[] | null): void;
  color?(option: string): string;
}) {
  const selected = value ?? [];
  return (
    <Select
      multiple
      size="small"
      displayEmpty
      value={selected}
      inputProps={{ 'aria-label': label }}
      onChange={(e) => {
        const next = typeof e.target.value === 'string' ? e.target.value.split(',') : e.target.value;
        onChange(next.length === 0 || next.length === options.length ? null : next);
      }}
      renderValue={(v) => (v.length === 0 ? `All ${label.toLowerCase()}` : `${label}: ${v.join(', ')}`)}
      sx={{ minWidth: 130, maxWidth: 220, fontSize: 13, '& .MuiSelect-select': { py: 0.6 } }}
    >
      {options.map((o) => (
        <MenuItem key={o} value={o} dense>
          <Checkbox size="small" checked={selected.includes(o)} sx={{ p: 0.25, mr: 1 }} />
          <ListItemText primary={o} slotProps={{ primary: { sx: { color: color?.(o) } } }} />
        </MenuItem>
      ))}
    </Select>
  );
}

/** "N older lines dropped": re-rendered with the lines, apart from the toolbar. */
function DroppedBanner({ model, onSearchOlder }: { model: LogModel; onSearchOlder?(): void }) {
  useSyncExternalStore(model.subscribe, model.getVersion);
  const dropped = model.buffer.dropped;
  if (dropped === 0) return null;
  return (
    <Alert
      severity="info"
      sx={{ mx: 1.5, mb: 1, py: 0 }}
      data-testid="dropped-lines"
      action={
        onSearchOlder && (
          <Button size="small" color="inherit" onClick={onSearchOlder}>
            Search older lines
          </Button>
        )
      }
    >
      {formatNumber(dropped)} older {dropped === 1 ? 'line' : 'lines'} dropped (this window keeps the newest{' '}
      {formatNumber(model.buffer.capacity)}) — search the server for them
    </Alert>
  );
}

function EmptyOverlay({ model, labels }: { model: LogModel; labels: readonly string[] }) {
  useSyncExternalStore(model.subscribe, model.getVersion);
  if (model.visibleCount > 0) return null;
  // Every feed stopped before a line came: say why rather than "waiting".
  const stopped = model.sources.length > 0 && model.sources.every((s) => s.status.state === 'failed' || s.status.state === 'ended');
  return (
    <Box
      sx={{ position: 'absolute', left: 0, right: 0, mt: 6, textAlign: 'center', color: 'text.secondary', pointerEvents: 'none' }}
      data-testid="log-empty"
    >
      {model.buffer.size === 0
        ? stopped
          ? `No lines: ${model.sources.map((s, i) => `${labels[i] ?? s.ref.id} ${feedStatusText(s.status, performance.now())}`).join('; ')}`
          : 'Waiting for lines: they appear here as the sources write them.'
        : !model.pattern.ok
          ? `No lines shown: the filter is not a valid regular expression. Correct it or clear it to see the ${model.buffer.size === 1 ? 'line' : `${formatNumber(model.buffer.size)} lines`} held.`
          : `No line matches the filters (${formatNumber(model.buffer.size)} held).`}
    </Box>
  );
}

/**
 * `moment` (epoch ms, a metric's minute): opened at a moment, the view stays on that minute's
 * lines at the top and counts what arrives below, instead of following the newest. A moment
 * given later (a link to the window already open) is shown as it is held: the lines held stay
 * and only the lines that arrive after it are new.
 */
export function LogWindow({ model, env, moment }: { model: LogModel; env: LogWindowEnv; moment?: number }) {
  const list = useRef<LogListHandle>(null);
  const [follow, setFollow] = useState<FollowState>(() => (moment !== undefined ? pause(FOLLOWING, 0) : FOLLOWING));
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const [focusPos, setFocusPos] = useState<number | null>(null);
  const [showTime, setShowTime] = useState(true);
  const [wrap, setWrap] = useState(false);
  const [patternText, setPatternText] = useState('');
  const [patternError, setPatternError] = useState<string | null>(null);
  const [highlight, setHighlight] = useState<RegExp | null>(null);
  const [choice, setChoice] = useState<FilterChoice>({ levels: null, origins: null, types: null });
  const [hidden, setHidden] = useState<ReadonlySet<number>>(() => new Set());
  const [downloadAnchor, setDownloadAnchor] = useState<HTMLElement | null>(null);

  // The filter applies to the lines held at once and to those arriving.
  useEffect(() => {
    const filter: ViewFilter = {
      levels: choice.levels ? new Set(choice.levels) : null,
      origins: choice.origins ? new Set(choice.origins) : null,
      types: choice.types ? new Set(choice.types) : null,
      hiddenSources: hidden,
    };
    model.setFilter(filter);
  }, [model, choice, hidden]);

  const { onFiltersChange } = env;
  useEffect(() => onFiltersChange?.(choice), [choice, onFiltersChange]);

  // Typing shows a bad pattern's error at once; the lines are filtered once typing pauses.
  useEffect(() => {
    const timer = setTimeout(() => {
      const result = model.setPattern(patternText);
      setPatternError(result.ok ? null : result.message);
      setHighlight(result.ok ? result.highlight : null);
    }, PATTERN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [model, patternText]);

  const filtering = patternText !== '' || choice.levels !== null || choice.origins !== null || choice.types !== null || hidden.size > 0;

  const showContext = useCallback(
    (pos: number) => {
      setPatternText('');
      setPatternError(null);
      model.setPattern('');
      setHighlight(null);
      setChoice({ levels: null, origins: null, types: null });
      setHidden(new Set());
      model.setFilter(NO_FILTER);
      setFocusPos(pos);
      list.current?.reveal(pos);
    },
    [model],
  );

  // A link to another moment while the window is open: the line of that moment among those held
  // (at the top, highlighted); after the newest held, the newest (its lines are arriving); before
  // the oldest held, the window starts over there.
  const shownMoment = useRef(moment);
  const { onStartOver } = env;
  useEffect(() => {
    if (moment === shownMoment.current) return;
    shownMoment.current = moment;
    if (moment === undefined) return;
    const oldest = model.buffer.at(model.buffer.start);
    if (!oldest || moment < oldest.ts) {
      if (!onStartOver) return;
      onStartOver();
      setExpanded(new Set());
      // The first line of the new start is at position 0.
      setFocusPos(0);
      list.current?.showFromStart();
      return;
    }
    const index = model.indexAtTime(moment);
    if (index >= model.visibleCount) {
      list.current?.jumpToLatest();
      return;
    }
    const pos = model.positionAt(index);
    setFocusPos(pos);
    list.current?.reveal(pos, 'start');
  }, [model, moment, onStartOver]);

  const toggle = useCallback((pos: number) => {
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(pos)) next.delete(pos);
      else next.add(pos);
      return next;
    });
  }, []);

  const actions = useMemo<RowActions>(
    () => ({
      onToggle: toggle,
      onShowContext: filtering ? showContext : null,
      canOpenMetrics: env.canOpenMetrics,
      onOpenMetrics: env.onOpenMetrics,
    }),
    [toggle, filtering, showContext, env.canOpenMetrics, env.onOpenMetrics],
  );
  const options = useMemo<RowOptions>(() => ({ showTime, wrap, labels: env.labels, highlight }), [showTime, wrap, env.labels, highlight]);

  const download = (kind: 'text' | 'jsonl') => {
    setDownloadAnchor(null);
    const refs = model.sources.map((s) => s.ref);
    const name = downloadName(refs, kind === 'text' ? 'log' : 'jsonl');
    if (kind === 'text') saveFile(name, linesAsText(model.visibleLines(), env.labels), 'text/plain');
    else saveFile(name, linesAsJsonl(model.visibleLines(), refs), 'application/x-ndjson');
  };

  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <Stack direction="row" spacing={1} sx={{ px: 1.5, pt: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }} aria-label="Sources">
        {env.labels.map((label, i) => (
          <Chip
            key={`${i}:${label}`}
            size="small"
            variant={hidden.has(i) ? 'outlined' : 'filled'}
            label={label}
            title={hidden.has(i) ? 'Hidden: click to show its lines' : 'Click to hide its lines'}
            icon={<Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: sourceColor(i), ml: '6px !important' }} />}
            onClick={() =>
              setHidden((prev) => {
                const next = new Set(prev);
                if (next.has(i)) next.delete(i);
                else next.add(i);
                return next;
              })
            }
            onDelete={env.onRemoveSource && env.labels.length > 1 ? () => env.onRemoveSource!(i) : undefined}
            sx={{ opacity: hidden.has(i) ? 0.6 : 1, maxWidth: 260 }}
          />
        ))}
        {env.onAddSource && (
          <Button size="small" startIcon={<Add />} onClick={env.onAddSource}>
            Add source
          </Button>
        )}
      </Stack>
      <Stack
        direction="row"
        spacing={1}
        sx={{ px: 1.5, py: 1, alignItems: 'flex-start', flexWrap: 'wrap', rowGap: 1 }}
        role="toolbar"
        aria-label="Log filters"
      >
        <TextField
          size="small"
          placeholder="Filter: text or regex"
          value={patternText}
          onChange={(e) => {
            setPatternText(e.target.value);
            if (e.target.value === '') setPatternError(null);
          }}
          error={patternError !== null}
          helperText={patternError ?? undefined}
          slotProps={{ htmlInput: { 'aria-label': 'Filter lines', spellCheck: false, maxLength: 400 } }}
          sx={{ width: 320, '& input': { fontFamily: 'monospace', py: 0.75 } }}
        />
        <MultiFilter
          label="Levels"
          options={LEVELS}
          value={choice.levels}
          onChange={(v) => setChoice((c) => ({ ...c, levels: v as Level[] | null }))}
          color={(o) => LEVEL_COLORS[o as Level]}
        />
        <MultiFilter
          label="Sources"
          options={env.origins}
          value={choice.origins}
          onChange={(v) => setChoice((c) => ({ ...c, origins: v }))}
        />
        {env.types.length > 0 && (
          <MultiFilter label="Types" options={env.types} value={choice.types} onChange={(v) => setChoice((c) => ({ ...c, types: v }))} />
        )}
        <Box sx={{ flex: 1 }} />
        <ToggleButton size="small" value="time" selected={showTime} onChange={() => setShowTime((v) => !v)} sx={{ py: 0.5 }}>
          Timestamps
        </ToggleButton>
        <ToggleButton size="small" value="wrap" selected={wrap} onChange={() => setWrap((v) => !v)} sx={{ py: 0.5 }}>
          Wrap
        </ToggleButton>
        {follow.following ? (
          <Button size="small" variant="outlined" startIcon={<Pause />} onClick={() => setFollow(pause(follow, model.matchedTotal))}>
            Pause
          </Button>
        ) : (
          <Button size="small" variant="outlined" startIcon={<PlayArrow />} onClick={() => list.current?.jumpToLatest()}>
            Follow
          </Button>
        )}
        <Button
          size="small"
          variant="outlined"
          startIcon={<Download />}
          onClick={(e) => setDownloadAnchor(e.currentTarget)}
          aria-haspopup="menu"
        >
          Download
        </Button>
        <Menu anchorEl={downloadAnchor} open={downloadAnchor !== null} onClose={() => setDownloadAnchor(null)}>
          <MenuItem onClick={() => download('text')}>Lines shown, as text (.log)</MenuItem>
          <MenuItem onClick={() => download('jsonl')}>Lines shown, as JSON lines (.jsonl)</MenuItem>
          {(env.downloadRange ?? []).length > 0 && <Divider />}
          {(env.downloadRange ?? []).map((d) => (
            <MenuItem
              key={d.label}
              onClick={() => {
                setDownloadAnchor(null);
                d.run();
              }}
            >
              {d.label}
            </MenuItem>
          ))}
        </Menu>
      </Stack>
      <DroppedBanner model={model} onSearchOlder={env.onSearchOlder} />
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', position: 'relative', borderTop: 1, borderColor: 'divider' }}>
        <LogList
          ref={list}
          model={model}
          follow={follow}
          setFollow={setFollow}
          expanded={expanded}
          focusPos={focusPos}
          options={options}
          actions={actions}
        />
        <EmptyOverlay model={model} labels={env.labels} />
      </Box>
      <StatusLine model={model} labels={env.labels} />
    </Box>
  );
}
